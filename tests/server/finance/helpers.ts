import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Queryable } from '../../../server/db/index.ts';
import { call } from '../resources/helpers.ts';

export const AP = '/api/accounts-payable/v1';
export const FR = '/api/finance-reporting/v1';
export const APPROVALS = '/api/approvals/v1';

/** The id of a live row of `table` by a column value (seeded catalogues are found by code or name). */
export async function idBy(q: Queryable, table: string, column: string, value: string): Promise<string> {
  const { rows } = await q.query<{ id: string }>(`SELECT id FROM ${table} WHERE ${column} = $1 AND deleted_at IS NULL`, [value]);
  if (!rows[0]) throw new Error(`${table}.${column} = ${value} não encontrado`);
  return rows[0].id;
}

/** A JSON API client with one token: post/get/put/patch return the response; `put` and `patch` send If-Match. */
export function client(app: FastifyInstance, token: string) {
  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers?: Record<string, string>) =>
    call(app, token, { method, url, payload: payload as never, headers });
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, body: unknown) => send('POST', url, body),
    put: (url: string, body: unknown, version: number) => send('PUT', url, body, { 'if-match': `W/"${version}"` }),
    patch: (url: string, body: unknown, version: number) => send('PATCH', url, body, { 'if-match': `W/"${version}"` }),
    del: (url: string) => send('DELETE', url),
  };
}

/** Field errors of a 400, for compact assertions. */
export function errorsOf(res: LightMyRequestResponse): Record<string, string[]> {
  if (res.statusCode !== 400) throw new Error(`esperava 400, veio ${res.statusCode}: ${res.body}`);
  return res.json().errors;
}
