import type { Db, Queryable } from '../db/index.ts';

export interface FileRow {
  id: string;
  name: string;
  content_type: string;
  size: number;
  status: 'uploading' | 'complete';
  created_by: string;
  created_at: string;
  completed_at: string | null;
}

/** What the API returns about a file. */
export interface FileInfo {
  id: string;
  name: string;
  contentType: string;
  size: number;
  status: 'uploading' | 'complete';
  createdAt: string;
}

/** What the batch look-up returns about each file (names, thumbnails and download links of a page). */
export const toSummary = (r: FileRow) => ({ id: r.id, name: r.name, contentType: r.content_type, size: Number(r.size), status: r.status });

export const toInfo = (r: FileRow): FileInfo => ({
  id: r.id,
  name: r.name,
  contentType: r.content_type,
  size: Number(r.size),
  status: r.status,
  createdAt: new Date(r.created_at).toISOString(),
});

const COLUMNS = 'id, name, content_type, size, status, created_by, created_at, completed_at';

/** Uploads left unfinished this long are dropped (lazily, when another upload starts). */
const ABANDONED = "interval '1 day'";

export async function createFile(db: Queryable, file: { name: string; contentType: string; size: number; userId: string }): Promise<FileRow> {
  await db.query(`DELETE FROM files WHERE status = 'uploading' AND created_at < now() - ${ABANDONED}`);
  const { rows } = await db.query<FileRow>(
    `INSERT INTO files (name, content_type, size, created_by) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
    [file.name, file.contentType, file.size, file.userId],
  );
  return rows[0];
}

export async function getFile(q: Queryable, id: string): Promise<FileRow | undefined> {
  return (await q.query<FileRow>(`SELECT ${COLUMNS} FROM files WHERE id = $1`, [id])).rows[0];
}

/**
 * Many files at once, with the rule of `GET files/:id`: complete files, and uploads in progress only to their
 * author. Unknown ids are simply absent.
 */
export async function getFiles(q: Queryable, ids: readonly string[], userId: string): Promise<FileRow[]> {
  if (!ids.length) return [];
  const { rows } = await q.query<FileRow>(
    `SELECT ${COLUMNS} FROM files WHERE id = ANY($1::uuid[]) AND (status = 'complete' OR created_by = $2::uuid) ORDER BY id`,
    [ids, userId],
  );
  return rows;
}

/** Stores (or replaces: a retried PUT is harmless) one chunk. */
export async function putChunk(db: Db, id: string, index: number, data: Uint8Array): Promise<void> {
  await db.query(
    'INSERT INTO file_chunks (file_id, index, data) VALUES ($1, $2, $3) ON CONFLICT (file_id, index) DO UPDATE SET data = EXCLUDED.data',
    [id, index, data],
  );
}

/** Chunk count and total bytes received so far. */
export async function received(q: Queryable, id: string): Promise<{ chunks: number; bytes: number }> {
  const { rows } = await q.query<{ chunks: number | string; bytes: number | string | null }>(
    'SELECT count(*) AS chunks, sum(length(data)) AS bytes FROM file_chunks WHERE file_id = $1',
    [id],
  );
  return { chunks: Number(rows[0].chunks), bytes: Number(rows[0].bytes ?? 0) };
}

export async function markComplete(q: Queryable, id: string): Promise<FileRow> {
  const { rows } = await q.query<FileRow>(
    `UPDATE files SET status = 'complete', completed_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
    [id],
  );
  return rows[0];
}

/** Bytes a user's files take: all of them, and those still uploading (quota, server/commons/files-routes.ts). */
export async function usageOf(q: Queryable, userId: string): Promise<{ total: number; pending: number }> {
  const { rows } = await q.query<{ total: string | number | null; pending: string | number | null }>(
    `SELECT sum(size) AS total, sum(size) FILTER (WHERE status = 'uploading') AS pending FROM files WHERE created_by = $1`,
    [userId],
  );
  return { total: Number(rows[0]?.total ?? 0), pending: Number(rows[0]?.pending ?? 0) };
}

/** The file's chunks in order, a few at a time (a 20 MiB file is never held whole to be checked). */
export async function* chunksOf(q: Queryable, id: string, perQuery = 16): AsyncGenerator<Uint8Array> {
  for (let from = 0; ; from += perQuery) {
    const { rows } = await q.query<{ data: Uint8Array }>(
      'SELECT data FROM file_chunks WHERE file_id = $1 AND index >= $2 AND index < $3 ORDER BY index',
      [id, from, from + perQuery],
    );
    for (const r of rows) yield r.data;
    if (rows.length < perQuery) return;
  }
}

/** The file's bytes, in chunk order. */
export async function readContent(q: Queryable, id: string): Promise<Buffer> {
  const { rows } = await q.query<{ data: Uint8Array }>('SELECT data FROM file_chunks WHERE file_id = $1 ORDER BY index', [id]);
  return Buffer.concat(rows.map((r) => Buffer.from(r.data.buffer, r.data.byteOffset, r.data.byteLength)));
}

export async function deleteFile(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM files WHERE id = $1', [id]);
}
