import type { Queryable } from '../../db/index.ts';

const CHUNK = 64 * 1024;

/**
 * Stores a file the server produced (a purchase order's PDF, an imported NF-e XML) in the files service's
 * tables, complete, in the caller's transaction, in the same 64 KiB chunks an upload leaves; the record
 * points at it through an `x-file` field, so it downloads like any upload.
 * @returns the file id
 */
export async function storeFile(q: Queryable, file: { name: string; contentType: string; content: Buffer; userId: string }): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO files (name, content_type, size, status, created_by, completed_at) VALUES ($1, $2, $3, 'complete', $4::uuid, now()) RETURNING id`,
    [file.name, file.contentType, file.content.length, file.userId],
  );
  const id = rows[0].id;
  for (let i = 0, n = 0; i < file.content.length || n === 0; i += CHUNK, n++) {
    await q.query('INSERT INTO file_chunks (file_id, index, data) VALUES ($1::uuid, $2, $3)', [id, n, file.content.subarray(i, i + CHUNK)]);
  }
  return id;
}
