import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CHUNK_SIZE, fileContentType, FILES_BATCH_MAX, formatFileSize } from '../../src/engine/files/file-types.ts';
import { statusDescriptor } from '../../src/i18n/status.ts';
import { badRequest, forbidden, HttpError, notFound } from '../lib/errors.ts';
import type { Principal } from '../lib/principal.ts';
import { asList } from '../resources/list-query.ts';
import { createFile, deleteFile, getFile, getFiles, markComplete, putChunk, readContent, received, toInfo, toSummary, type FileRow } from './file-store.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const principal = (req: FastifyRequest) => req.principal as Principal;
/** An empty file has no chunks: create, then complete. */
const chunkCount = (size: number) => Math.ceil(size / CHUNK_SIZE);

async function fileOf(req: FastifyRequest, { ownUpload }: { ownUpload: boolean }): Promise<FileRow> {
  const id = (req.params as { id: string }).id;
  const file = UUID.test(id) ? await getFile(req.server.db, id.toLowerCase()) : undefined;
  if (!file) throw notFound();
  // An upload in progress belongs to whoever started it; nobody else sees or touches it.
  if ((ownUpload || file.status === 'uploading') && file.created_by !== principal(req).userId) throw notFound();
  return file;
}

/** RFC 6266 filename for any name (accents included). */
const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Chunked upload: `POST files {name, size, contentType}` → `{ id, chunkSize }`; `PUT files/:id/chunks/:index`
 * (application/octet-stream, 64 KiB, the last one shorter); `POST files/:id/complete`. Then
 * `GET files/:id` (metadata), `GET files/:id/content` (bytes) and `DELETE files/:id` (cancel / remove);
 * `GET files?id=a&id=b` (up to 150) answers `[{ id, name, contentType, size, status }]` for a whole page.
 * 413 over FILES_MAX_BYTES, 415 outside the allowlist (src/engine/files/file-types.ts).
 */
export function registerFileRoutes(app: FastifyInstance, maxBytes: number): void {
  const auth = { onRequest: app.authenticate };
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: CHUNK_SIZE }, (_req, body, done) => done(null, body));

  app.post('/files', auth, async (req, reply) => {
    const body = (req.body ?? {}) as { name?: unknown; size?: unknown; contentType?: unknown };
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    const errors: Record<string, string[]> = {};
    if (!name || name.length > 255 || /[\\/]/.test(name) || [...name].some((c) => c.charCodeAt(0) < 32)) errors.name = ['Informe o nome do arquivo (até 255 caracteres, sem barras).'];
    if (!Number.isSafeInteger(body.size) || (body.size as number) < 0) errors.size = ['Informe o tamanho do arquivo em bytes.'];
    if (Object.keys(errors).length) throw badRequest(errors);
    const size = body.size as number;
    if (size > maxBytes) {
      throw new HttpError(413, 'TOO_LARGE', `${statusDescriptor(413).message} O limite é ${formatFileSize(maxBytes)}.`);
    }
    const contentType = fileContentType(name, typeof body.contentType === 'string' ? body.contentType : undefined);
    if (!contentType) {
      throw new HttpError(415, 'UNSUPPORTED', `${statusDescriptor(415).message} Envie PDF, imagem, planilha, documento de texto, XML, OFX ou ZIP.`);
    }
    const row = await createFile(app.db, { name, contentType, size, userId: principal(req).userId });
    reply.code(201).header('location', `${req.url.replace(/\/$/, '')}/${row.id}`);
    return { ...toInfo(row), chunkSize: CHUNK_SIZE, chunks: chunkCount(size) };
  });

  app.put('/files/:id/chunks/:index', auth, async (req, reply) => {
    const file = await fileOf(req, { ownUpload: true });
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
    const file = await fileOf(req, { ownUpload: true });
    if (file.status === 'complete') return toInfo(file);
    const got = await received(app.db, file.id);
    const size = Number(file.size);
    const want = chunkCount(size);
    if (got.chunks !== want || got.bytes !== size) {
      throw new HttpError(409, 'INCOMPLETE', `O envio está incompleto: ${got.chunks} de ${want} partes recebidas.`);
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
    return (await getFiles(app.db, unique, principal(req).userId)).map(toSummary);
  });

  app.get('/files/:id', auth, async (req) => toInfo(await fileOf(req, { ownUpload: false })));

  app.get('/files/:id/content', auth, async (req, reply) => {
    const file = await fileOf(req, { ownUpload: false });
    if (file.status !== 'complete') throw notFound();
    reply.header('content-type', file.content_type).header('content-disposition', disposition(file.name));
    reply.header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store');
    return reply.send(await readContent(app.db, file.id));
  });

  app.delete('/files/:id', auth, async (req, reply) => {
    const file = await fileOf(req, { ownUpload: false });
    if (file.created_by !== principal(req).userId && principal(req).accessLevel !== 'SystemOwner') throw forbidden();
    await deleteFile(app.db, file.id);
    return reply.code(204).send();
  });
}
