import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { ADMIN, COMPRAS, FINANCEIRO, loginOk } from '../server/identity/helpers.ts';

export { ADMIN, COMPRAS, FINANCEIRO, API, bearer, login, loginOk, outbox } from '../server/identity/helpers.ts';

/** A signed-in caller: `call(method, url, payload?, headers?)` with its Bearer token. */
export interface Caller {
  token: string;
  call(method: InjectOptions['method'], url: string, payload?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

export function callerOf(app: FastifyInstance, token: string): Caller {
  return {
    token,
    call: (method, url, payload, headers = {}) =>
      app.inject({ method, url, payload: payload as InjectOptions['payload'], headers: { authorization: `Bearer ${token}`, ...headers } }),
  };
}

/** Logs in a demo user (no second factor) and returns its caller. */
export async function signIn(app: FastifyInstance, user: { email: string; password: string } = ADMIN): Promise<Caller> {
  return callerOf(app, (await loginOk(app, user)).accessToken);
}

/** Demo users by role, for tests that need a restricted caller next to the SystemOwner. */
export const USERS = { ADMIN, COMPRAS, FINANCEIRO };

/** A name no other test (nor a rerun) uses. */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

const FILES = '/api/commons/v1/files';
const CHUNK = 64 * 1024;

/** Uploads `bytes` as `name` through the chunked protocol; returns the answer of `complete` (or of the first failure). */
export async function upload(caller: Caller, name: string, bytes: Buffer, contentType = '') {
  const started = await caller.call('POST', FILES, { name, size: bytes.length, contentType });
  if (started.statusCode !== 201) return started;
  const { id } = started.json() as { id: string };
  for (let i = 0; i * CHUNK < bytes.length; i++) {
    const sent = await caller.call('PUT', `${FILES}/${id}/chunks/${i}`, bytes.subarray(i * CHUNK, (i + 1) * CHUNK), { 'content-type': 'application/octet-stream' });
    if (sent.statusCode !== 204) return sent;
  }
  return caller.call('POST', `${FILES}/${id}/complete`);
}

/** Uploads and returns the new file's id, failing loudly when the upload is refused. */
export async function uploadId(caller: Caller, name: string, bytes: Buffer, contentType = ''): Promise<string> {
  const res = await upload(caller, name, bytes, contentType);
  if (res.statusCode !== 200) throw new Error(`envio de ${name} recusado: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

/** The smallest files of each kind the upload checks recognise by their bytes. */
export const SAMPLES = {
  pdf: () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1'),
  html: () => Buffer.from('<!doctype html><html><body><script>alert(document.domain)</script></body></html>'),
  jpeg: () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
};
