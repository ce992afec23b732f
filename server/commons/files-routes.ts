import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CHUNK_SIZE, fileContentType, FILES_BATCH_MAX, formatFileSize } from '../../src/engine/files/file-types.ts';
import { FILE_MESSAGES } from '../../src/i18n/security.ts';
import { statusDescriptor } from '../../src/i18n/status.ts';
import { badRequest, conflict, forbidden, HttpError, notFound, tooManyRequests } from '../lib/errors.ts';
import type { Principal } from '../lib/principal.ts';
import { countAttempt } from '../lib/rate-limit.ts';
import { asList } from '../resources/list-query.ts';
import { fileAccess, fileSitesOf, mayRead } from './file-access.ts';
import { sniffContent } from './file-sniff.ts';
import {
  chunksOf, createFile, deleteFile, getFile, getFiles, markComplete, putChunk, readContent, received, toInfo, toSummary, usageOf, type FileRow,
} from './file-store.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const principal = (req: FastifyRequest) => req.principal as Principal;
/** An empty file has no chunks: create, then complete. */
const chunkCount = (size: number) => Math.ceil(size / CHUNK_SIZE);

/** RFC 6266 filename for any name (accents included). */
const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export interface FileLimits {
  maxBytes: number;
  quotaBytes: number;
  pendingBytes: number;
}

/**
 * Chunked upload: `POST files {name, size, contentType}` → `{ id, chunkSize }`; `PUT files/:id/chunks/:index`
 * (application/octet-stream, 64 KiB, the last one shorter); `POST files/:id/complete` (the bytes must match the
 * type: server/commons/file-sniff.ts). Then `GET files/:id` (metadata), `GET files/:id/content` (bytes) and
 * `DELETE files/:id`; `GET files?id=a&id=b` (up to 150) answers `[{ id, name, contentType, size, status }]` for
 * a whole page. Reading a complete file goes through the records that reference it (file-access.ts).
 * 413 over FILES_MAX_BYTES or the user's quota, 415 outside the allowlist or when the content does not match,
 * 429 over the rate of upload starts.
 */
export function registerFileRoutes(app: FastifyInstance, limits: FileLimits): void {
  const auth = { onRequest: app.authenticate };
  const sites = fileSitesOf(app.resources.registry);
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: CHUNK_SIZE }, (_req, body, done) => done(null, body));

  /** The file of `:id` if the caller may see it (404 otherwise, the same answer as for an unknown id). */
  async function fileOf(req: FastifyRequest, { ownUpload }: { ownUpload: boolean }): Promise<{ file: FileRow; attached: boolean }> {
    const id = (req.params as { id: string }).id;
    const file = UUID.test(id) ? await getFile(app.db, id.toLowerCase()) : undefined;
    if (!file) throw notFound();
    const me = principal(req);
    // An upload in progress belongs to whoever started it; nobody else sees or touches it.
    if (ownUpload || file.status === 'uploading') {
      if (file.created_by !== me.userId) throw notFound();
      return { file, attached: false };
    }
    const access = await fileAccess(app.db, sites, me, [file.id]);
    if (!mayRead(access, file, me)) throw notFound();
    return { file, attached: access.attached.has(file.id) };
  }

  app.post('/files', auth, async (req, reply) => {
    const body = (req.body ?? {}) as { name?: unknown; size?: unknown; contentType?: unknown };
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    const errors: Record<string, string[]> = Object.create(null);
    if (!name || name.length > 255 || /[\\/]/.test(name) || [...name].some((c) => c.charCodeAt(0) < 32)) errors.name = ['Informe o nome do arquivo (até 255 caracteres, sem barras).'];
    if (!Number.isSafeInteger(body.size) || (body.size as number) < 0) errors.size = ['Informe o tamanho do arquivo em bytes.'];
    if (Object.keys(errors).length) throw badRequest(errors);
    const size = body.size as number;
    if (size > limits.maxBytes) {
      throw new HttpError(413, 'TOO_LARGE', `${statusDescriptor(413).message} O limite é ${formatFileSize(limits.maxBytes)}.`);
    }
    const contentType = fileContentType(name, typeof body.contentType === 'string' ? body.contentType : undefined);
    if (!contentType) {
      throw new HttpError(415, 'UNSUPPORTED', `${statusDescriptor(415).message} Envie PDF, imagem, planilha, documento de texto, XML, OFX ou ZIP.`);
    }
    const me = principal(req);
    // ASVS V2.4.1 / V5.2.4: a per-user rate on starts, then the user's storage quota and in-progress bytes.
    await countAttempt(app.db, [{ kind: 'upload-start', key: me.userId }]).catch((err: unknown) => {
      if (err instanceof HttpError && err.statusCode === 429) throw tooManyRequests(FILE_MESSAGES.tooManyUploads, Number(err.headers?.['retry-after'] ?? 60));
      throw err;
    });
    const row = await app.db.tx(async (q) => {
      // One upload start of this user at a time, so two parallel starts cannot both fit in the last free bytes.
      await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`files-quota:${me.userId}`]);
      const usage = await usageOf(q, me.userId);
      if (usage.total + size > limits.quotaBytes) {
        throw new HttpError(413, 'QUOTA_EXCEEDED', FILE_MESSAGES.quota(formatFileSize(usage.total), formatFileSize(limits.quotaBytes)));
      }
      if (usage.pending + size > limits.pendingBytes) {
        throw new HttpError(413, 'TOO_MANY_PENDING', FILE_MESSAGES.pending(formatFileSize(usage.pending), formatFileSize(limits.pendingBytes)));
      }
      return createFile(q, { name, contentType, size, userId: me.userId });
    });
    reply.code(201).header('location', `${req.url.replace(/\/$/, '')}/${row.id}`);
    return { ...toInfo(row), chunkSize: CHUNK_SIZE, chunks: chunkCount(size) };
  });

  app.put('/files/:id/chunks/:index', auth, async (req, reply) => {
    const { file } = await fileOf(req, { ownUpload: true });
    if (file.status !== 'uploading') throw new HttpError(409, 'COMPLETE', 'Este arquivo já foi concluído.');
    const raw = (req.params as { index: string }).index;
    const index = /^\d{1,6}$/.test(raw) ? Number(raw) : -1;
    const size = Number(file.size);
    if (index < 0 || index >= chunkCount(size)) throw badRequest({ index: ['Parte fora do arquivo.'] });
    const data = req.body;
    if (!Buffer.isBuffer(data)) throw new HttpError(415, 'UNSUPPORTED', 'Envie a parte como application/octet-stream.');
    const expected = Math.min(CHUNK_SIZE, size - index * CHUNK_SIZE);
    if (data.length !== expected) throw badRequest({ index: [`A parte ${index} deve ter ${expected} bytes.`] });
    await putChunk(app.db, file.id, index, data);
    return reply.code(204).send();
  });

  app.post('/files/:id/complete', auth, async (req) => {
    const { file } = await fileOf(req, { ownUpload: true });
    if (file.status === 'complete') return toInfo(file);
    const got = await received(app.db, file.id);
    const size = Number(file.size);
    const want = chunkCount(size);
    if (got.chunks !== want || got.bytes !== size) {
      throw new HttpError(409, 'INCOMPLETE', `O envio está incompleto: ${got.chunks} de ${want} partes recebidas.`);
    }
    // ASVS V5.2.2: the bytes must be what the type says; a file that is not is dropped, not kept half-trusted.
    const sniff = await sniffContent(file.content_type as never, chunksOf(app.db, file.id));
    if (!sniff.ok) {
      await deleteFile(app.db, file.id);
      throw new HttpError(415, 'CONTENT_MISMATCH', sniff.reason === 'not-text' ? FILE_MESSAGES.notText : FILE_MESSAGES.mismatch(sniff.label));
    }
    return toInfo(await markComplete(app.db, file.id));
  });

  // Names and types of every file of a list page in one call (file cells), with the rule of GET files/:id.
  app.get('/files', auth, async (req) => {
    const raw = (req.query as { id?: unknown }).id;
    const ids = raw === undefined ? [] : asList(raw);
    if (ids.length > FILES_BATCH_MAX) throw badRequest({ id: [`Informe no máximo ${FILES_BATCH_MAX} arquivos.`] });
    if (ids.some((v) => typeof v !== 'string' || !UUID.test(v))) throw badRequest({ id: ['Identificador inválido.'] });
    const unique = [...new Set((ids as string[]).map((v) => v.toLowerCase()))];
    const me = principal(req);
    const rows = await getFiles(app.db, unique, me.userId);
    const complete = rows.filter((r) => r.status === 'complete').map((r) => r.id);
    const access = await fileAccess(app.db, sites, me, complete);
    return rows.filter((r) => r.status === 'uploading' || mayRead(access, r, me)).map(toSummary);
  });

  app.get('/files/:id', auth, async (req) => toInfo((await fileOf(req, { ownUpload: false })).file));

  app.get('/files/:id/content', auth, async (req, reply) => {
    const { file } = await fileOf(req, { ownUpload: false });
    if (file.status !== 'complete') throw notFound();
    reply.header('content-type', file.content_type).header('content-disposition', disposition(file.name));
    // ASVS V3.2.1: a file opened directly never runs as a page of this origin.
    reply.header('content-security-policy', "default-src 'none'; sandbox").header('x-content-type-options', 'nosniff');
    reply.header('cache-control', 'private, no-store');
    return reply.send(await readContent(app.db, file.id));
  });

  app.delete('/files/:id', auth, async (req, reply) => {
    const { file, attached } = await fileOf(req, { ownUpload: false });
    if (file.created_by !== principal(req).userId && principal(req).accessLevel !== 'SystemOwner') throw forbidden();
    if (attached) throw conflict(FILE_MESSAGES.attached, 'IN_USE');
    await deleteFile(app.db, file.id);
    return reply.code(204).send();
  });
}
