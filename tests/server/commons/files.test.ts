import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_SIZE } from '../../../src/engine/files/file-types.ts';
import type { ResourceSchema } from '../../../src/engine/schema/types.ts';
import { refErrors } from '../../../server/resources/refs.ts';
import type { Registry } from '../../../server/resources/registry.ts';
import type { ResourceDef } from '../../../server/resources/types.ts';
import type { Principal } from '../../../server/lib/principal.ts';
import { solidPng } from '../../../server/seed/demo/procurement/png.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { ADMIN, bearer, COMPRAS, loginOk } from '../identity/helpers.ts';

const FILES = '/api/commons/v1/files';

describe('chunked file upload', () => {
  let ctx: TestContext;
  let admin: string;
  let other: string;
  const call = (t: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url, payload: payload as string, headers: { ...bearer(t), ...headers } });
  const putChunk = (t: string, id: string, index: number, data: Buffer) =>
    call(t, 'PUT', `${FILES}/${id}/chunks/${index}`, data, { 'content-type': 'application/octet-stream' });

  beforeAll(async () => {
    ctx = await createTestApp({ filesMaxBytes: 300 * 1024 });
    admin = (await loginOk(ctx.app, ADMIN)).accessToken;
    other = (await loginOk(ctx.app, COMPRAS)).accessToken;
  });
  afterAll(() => ctx.close());

  it('requires authentication', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: FILES, payload: { name: 'a.pdf', size: 1 } })).statusCode).toBe(401);
  });

  it('stores a file sent in 64 KiB chunks (in any order) and serves it back byte for byte', async () => {
    const bytes = Buffer.alloc(CHUNK_SIZE * 2 + 1234);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31 + 7) % 256;
    // The content must be what the type says (server/commons/file-sniff.ts): a PDF starts with its header.
    bytes.write('%PDF-1.7\n', 0, 'latin1');
    const created = await call(admin, 'POST', FILES, { name: 'Nota fiscal março.pdf', size: bytes.length, contentType: 'application/pdf' });
    expect(created.statusCode).toBe(201);
    const { id, chunkSize, chunks, status } = created.json();
    expect({ chunkSize, chunks, status }).toEqual({ chunkSize: CHUNK_SIZE, chunks: 3, status: 'uploading' });
    for (const i of [2, 0, 1]) {
      const res = await putChunk(admin, id, i, bytes.subarray(i * CHUNK_SIZE, (i + 1) * CHUNK_SIZE));
      expect(res.statusCode).toBe(204);
    }
    // A retried chunk replaces the first copy.
    expect((await putChunk(admin, id, 0, bytes.subarray(0, CHUNK_SIZE))).statusCode).toBe(204);
    const done = await call(admin, 'POST', `${FILES}/${id}/complete`);
    expect(done.json()).toMatchObject({ id, name: 'Nota fiscal março.pdf', size: bytes.length, status: 'complete', contentType: 'application/pdf' });
    // Not attached to any record yet: only the uploader reads it (tests/security/v5-files.test.ts has the rest).
    expect((await call(other, 'GET', `${FILES}/${id}/content`)).statusCode).toBe(404);
    const content = await call(admin, 'GET', `${FILES}/${id}/content`);
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('application/pdf');
    expect(content.headers['content-disposition']).toContain("filename*=UTF-8''Nota%20fiscal%20mar%C3%A7o.pdf");
    expect(Buffer.compare(content.rawPayload, bytes)).toBe(0);
  });

  it('refuses to complete while chunks are missing, and wrong-sized or out-of-range chunks', async () => {
    const { id } = (await call(admin, 'POST', FILES, { name: 'extrato.ofx', size: CHUNK_SIZE + 10, contentType: '' })).json();
    expect((await putChunk(admin, id, 0, Buffer.alloc(100))).json().errors).toEqual({ index: [`A parte 0 deve ter ${CHUNK_SIZE} bytes.`] });
    expect((await putChunk(admin, id, 2, Buffer.alloc(10))).json().errors).toEqual({ index: ['Parte fora do arquivo.'] });
    expect((await putChunk(admin, id, 1, Buffer.alloc(10))).statusCode).toBe(204);
    const incomplete = await call(admin, 'POST', `${FILES}/${id}/complete`);
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json().message).toBe('O envio está incompleto: 1 de 2 partes recebidas.');
    expect((await call(admin, 'GET', `${FILES}/${id}/content`)).statusCode).toBe(404);
  });

  it('answers 413 over the size limit and 415 outside the allowlist, in pt-BR', async () => {
    const big = await call(admin, 'POST', FILES, { name: 'grande.pdf', size: 300 * 1024 + 1, contentType: 'application/pdf' });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('O arquivo é grande demais. O limite é 300 KB.');
    const exe = await call(admin, 'POST', FILES, { name: 'setup.exe', size: 10, contentType: 'application/x-msdownload' });
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toMatch(/^Arquivo não suportado\./);
    expect((await call(admin, 'POST', FILES, { name: 'x.bin', size: 10, contentType: 'application/octet-stream' })).statusCode).toBe(415);
    expect((await call(admin, 'POST', FILES, { name: '', size: -1 })).json().errors).toEqual({
      name: ['Informe o nome do arquivo (até 255 caracteres, sem barras).'],
      size: ['Informe o tamanho do arquivo em bytes.'],
    });
  });

  it('keeps an upload in progress private to its author, and lets them cancel it', async () => {
    const { id } = (await call(admin, 'POST', FILES, { name: 'a.png', size: 5, contentType: 'image/png' })).json();
    expect((await putChunk(other, id, 0, Buffer.alloc(5))).statusCode).toBe(404);
    expect((await call(other, 'GET', `${FILES}/${id}`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `${FILES}/${id}`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', `${FILES}/${id}`)).statusCode).toBe(404);
  });

  it('looks up many files in one call, with the rule of GET files/:id, up to 150 ids', async () => {
    const upload = async (t: string, name: string, contentType: string, bytes: Buffer) => {
      const { id } = (await call(t, 'POST', FILES, { name, size: bytes.length, contentType })).json();
      const sent = bytes.length ? (await putChunk(t, id, 0, bytes)).statusCode : 204;
      expect(sent).toBe(204);
      return id as string;
    };
    const pngBytes = solidPng(2, 2, [10, 20, 30]);
    const png = await upload(admin, 'foto.png', 'image/png', pngBytes);
    expect((await call(admin, 'POST', `${FILES}/${png}/complete`)).statusCode).toBe(200);
    const pdf = await upload(other, 'nota.pdf', 'application/pdf', Buffer.from('%PDF-1.4'));
    expect((await call(other, 'POST', `${FILES}/${pdf}/complete`)).statusCode).toBe(200);
    // Still uploading: only its author sees it.
    const partial = await upload(admin, 'parcial.png', 'image/png', Buffer.alloc(0));
    const missing = '00000000-0000-4000-8000-000000000000';
    const batch = (t: string, ids: string[]) => call(t, 'GET', `${FILES}?${ids.map((i) => `id=${i}`).join('&')}`);

    // Unattached files: each uploader sees their own only (attached ones: through the record, v5-files.test.ts).
    const mine = await batch(admin, [png, pdf.toUpperCase(), partial, missing, png]);
    expect(mine.statusCode).toBe(200);
    const byId = Object.fromEntries((mine.json() as { id: string }[]).map((f) => [f.id, f]));
    expect(Object.keys(byId).sort()).toEqual([png, partial].sort());
    expect((await batch(other, [pdf])).json()).toEqual([{ id: pdf, name: 'nota.pdf', contentType: 'application/pdf', size: 8, status: 'complete' }]);
    expect(byId[png]).toEqual({ id: png, name: 'foto.png', contentType: 'image/png', size: pngBytes.length, status: 'complete' });
    expect(byId[partial]).toMatchObject({ status: 'uploading' });
    expect((await batch(other, [png, partial])).json()).toEqual([]);

    expect((await call(admin, 'GET', FILES)).json()).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: `${FILES}?id=${png}` })).statusCode).toBe(401);
    expect((await batch(admin, ['nao-e-uuid'])).json()).toMatchObject({ statusCode: 400, errors: { id: ['Identificador inválido.'] } });
    const many = Array.from({ length: 151 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect((await batch(admin, many.slice(0, 150))).statusCode).toBe(200);
    expect((await batch(admin, many)).json()).toMatchObject({ statusCode: 400, errors: { id: ['Informe no máximo 150 arquivos.'] } });
  });

  it('checks x-file fields on write: a complete file, an image for "image", stored values not rechecked', async () => {
    const file = async (type: string, status = 'complete') =>
      (await ctx.db.query<{ id: string }>(`INSERT INTO files (name, content_type, size, status, created_by) SELECT 'f', $1, 1, $2, id FROM users LIMIT 1 RETURNING id`, [type, status])).rows[0].id;
    const schema = {
      properties: {
        photoId: { type: ['string', 'null'], title: 'Foto', format: 'uuid', 'x-file': 'image' },
        attachments: { type: 'array', title: 'Anexos', items: { type: 'object', properties: { fileId: { type: 'string', title: 'Arquivo', format: 'uuid', 'x-file': true } } } },
      },
    } as unknown as ResourceSchema;
    const { rows: first } = await ctx.db.query<{ id: string }>('SELECT id FROM users LIMIT 1');
    // The caller uploaded these files and no record holds them yet: they may attach them.
    const uploader = { userId: first[0].id } as Principal;
    const check = (data: Record<string, unknown>, stored?: Record<string, unknown>) =>
      refErrors(ctx.db, new Map() as Registry, { schema } as ResourceDef, data, uploader, stored);
    const png = await file('image/png');
    const pdf = await file('application/pdf');
    expect(await check({ photoId: png, attachments: [{ fileId: pdf }, { fileId: png }] })).toBeNull();
    expect(await check({ photoId: null, attachments: [] })).toBeNull();
    expect(await check({ photoId: pdf, attachments: [{ fileId: await file('application/pdf', 'uploading') }, { fileId: 'x' }, { fileId: '00000000-0000-4000-8000-000000000000' }] })).toEqual({
      photoId: ['Envie uma imagem (PNG, JPG ou WEBP).'],
      'attachments.0.fileId': ['Arquivo não encontrado.'],
      'attachments.1.fileId': ['Arquivo não encontrado.'],
      'attachments.2.fileId': ['Arquivo não encontrado.'],
    });
    // A file removed since the record was saved does not block editing other fields.
    const gone = '00000000-0000-4000-8000-000000000001';
    expect(await check({ photoId: gone }, { photoId: gone })).toBeNull();
  });

  it('completes an empty file without chunks', async () => {
    const { id, chunks } = (await call(admin, 'POST', FILES, { name: 'vazio.txt', size: 0, contentType: 'text/plain' })).json();
    expect(chunks).toBe(0);
    expect((await call(admin, 'POST', `${FILES}/${id}/complete`)).json().status).toBe('complete');
    expect((await call(admin, 'GET', `${FILES}/${id}/content`)).rawPayload.length).toBe(0);
  });
});
