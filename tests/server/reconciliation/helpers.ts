import { readFileSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from '../helper.ts';
import { call } from '../resources/helpers.ts';
import { AP } from '../finance/workflow-helpers.ts';

export const fixture = (name: string) => readFileSync(new URL(`../../../server/reconciliation/parsers/fixtures/${name}`, import.meta.url));

/** A multipart upload of `bytes` as `file`, with form fields. */
export function upload(ctx: TestContext, token: string, bankAccountId: string, name: string, bytes: Buffer, fields: Record<string, string> = {}, query = ''): Promise<LightMyRequestResponse> {
  const boundary = `----h13${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return call(ctx.app, token, {
    method: 'POST',
    url: `${AP}/bank-accounts/${bankAccountId}/statement-imports${query}`,
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}
