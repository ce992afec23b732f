import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../../../config.ts';
import type { Queryable } from '../../../db/index.ts';
import type { ResourceSchema } from '../../../../src/engine/schema/index.ts';
import { columnKind, ident, snakeCase, SQL_TYPE } from '../../../resources/fields.ts';

const schemas = new Map<string, ResourceSchema>();

/** The resource's schema file (the demo writes exactly what the API would accept). */
export function schemaOf(resource: string): ResourceSchema {
  let s = schemas.get(resource);
  if (!s) {
    s = JSON.parse(readFileSync(path.join(ROOT_DIR, 'schemas', `${resource}.schema.json`), 'utf8')) as ResourceSchema;
    schemas.set(resource, s);
  }
  return s;
}

/** Whether the resource's table exists (another schema set, such as the tests' fixtures, may lack it). */
export async function hasTable(q: Queryable, resource: string): Promise<boolean> {
  const { rows } = await q.query<{ t: string | null }>('SELECT to_regclass($1) AS t', [snakeCase(resource)]);
  return rows[0].t !== null;
}

/**
 * Inserts records (camelCase fields of the resource's schema, plus `id` and optional `createdAt`) in one
 * statement: `INSERT … SELECT FROM jsonb_to_recordset`, column types taken from the schema as the engine
 * creates them. Every record must have the same keys.
 */
export async function insertRecords(q: Queryable, resource: string, records: readonly Record<string, unknown>[], actor: string): Promise<void> {
  if (!records.length) return;
  const props = schemaOf(resource).properties;
  const fields = Object.keys(records[0]).filter((k) => k !== 'id' && k !== 'createdAt');
  const columns = [
    ['id', 'uuid'],
    ...fields.map((f) => {
      if (!props[f]) throw new Error(`demo ${resource}: campo "${f}" não existe no schema`);
      return [snakeCase(f), SQL_TYPE[columnKind(props[f])]];
    }),
    ...(records[0].createdAt ? [['created_at', 'timestamptz']] : []),
  ];
  const rows = records.map((r) => Object.fromEntries([['id', r.id], ...fields.map((f) => [snakeCase(f), r[f]]), ...(r.createdAt ? [['created_at', r.createdAt]] : [])]));
  const names = columns.map(([c]) => ident(c));
  const extra = records[0].createdAt ? ', updated_at' : '';
  await q.query(
    `INSERT INTO ${ident(snakeCase(resource))} (${names.join(', ')}, created_by, updated_by${extra})
     SELECT ${names.map((n) => `r.${n}`).join(', ')}, $2::uuid, $2::uuid${extra ? ', r.created_at' : ''}
       FROM jsonb_to_recordset($1::jsonb) AS r(${columns.map(([c, t]) => `${ident(c)} ${t}`).join(', ')})`,
    [JSON.stringify(rows), actor],
  );
}
