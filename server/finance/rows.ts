import type { Queryable } from '../db/index.ts';
import { diffOf, writeAudit, writeAudits } from '../resources/audit.ts';
import { ident } from '../resources/fields.ts';
import { presentRow, valueParam } from '../resources/repository.ts';
import { Params } from '../resources/sql.ts';
import type { ResourceDef, ResourceRecord } from '../resources/types.ts';

/**
 * Row writes that a hook does on another resource inside the same transaction: values are already the
 * server's own (no body to validate), each row is audited like a generic write, so the history of a
 * parcela shows who created or changed it and through which lançamento.
 */

type Values = Record<string, unknown>;

/** Inserts `rows` (values by API field name) in one statement; returns them as the API shows them. */
export async function insertRows(q: Queryable, def: ResourceDef, rows: readonly Values[], actor: string): Promise<ResourceRecord[]> {
  if (!rows.length) return [];
  const fields = def.business.filter((f) => rows.some((r) => r[f.name] !== undefined));
  const p = new Params();
  const actorParam = p.add(actor, 'uuid');
  const tuples = rows.map((r) => `(${[...fields.map((f) => valueParam(f, r[f.name], p)), actorParam, actorParam].join(', ')})`);
  const cols = [...fields.map((f) => ident(f.column)), 'created_by', 'updated_by'];
  const { rows: out } = await q.query<ResourceRecord>(
    `INSERT INTO ${ident(def.table)} (${cols.join(', ')}) VALUES ${tuples.join(', ')} RETURNING ${def.selectList}`,
    p.values,
  );
  await writeAudits(q, def.name, out.map((row) => ({ recordId: row.id, diff: diffOf(def, null, row) })), 'create', actor);
  return out.map((r) => presentRow(def, r));
}

/**
 * Sets `changes` on a stored row (version + 1, audited). Nothing is written when nothing differs.
 * @returns the row as stored afterwards
 */
export async function updateRow(q: Queryable, def: ResourceDef, stored: ResourceRecord, changes: Values, actor: string): Promise<ResourceRecord> {
  const diff = diffOf(def, stored, { ...stored, ...changes });
  const names = Object.keys(diff);
  if (!names.length) return stored;
  const p = new Params();
  const sets = names.map((n) => `${ident(def.fields.get(n)!.column)} = ${valueParam(def.fields.get(n)!, changes[n], p)}`);
  const { rows } = await q.query<ResourceRecord>(
    `UPDATE ${ident(def.table)} SET ${sets.join(', ')}, version = version + 1, updated_at = now(), updated_by = ${p.add(actor, 'uuid')}
     WHERE id = ${p.add(stored.id, 'uuid')} RETURNING ${def.selectList}`,
    p.values,
  );
  await writeAudit(q, def.name, stored.id, 'update', actor, diff);
  return presentRow(def, rows[0]);
}

/** Soft-deletes rows by id (audited as deletions). */
export async function softDeleteRows(q: Queryable, def: ResourceDef, ids: readonly string[], actor: string): Promise<void> {
  if (!ids.length) return;
  await q.query(
    `UPDATE ${ident(def.table)} SET deleted_at = now(), version = version + 1, updated_at = now(), updated_by = $2::uuid
     WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`,
    [ids, actor],
  );
  await writeAudits(q, def.name, ids.map((id) => ({ recordId: id, diff: { deleted: { before: false, after: true } } })), 'delete', actor);
}

/** Live rows whose `field` equals `value`, locked for the transaction, ordered by `orderField`. */
export async function rowsWhere(q: Queryable, def: ResourceDef, field: string, value: string, orderField: string): Promise<ResourceRecord[]> {
  const col = ident(def.fields.get(field)!.column);
  const order = ident(def.fields.get(orderField)!.column);
  const { rows } = await q.query<ResourceRecord>(
    `SELECT ${def.selectList} FROM ${ident(def.table)} WHERE ${col} = $1::uuid AND deleted_at IS NULL ORDER BY ${order}, id FOR UPDATE`,
    [value],
  );
  return rows.map((r) => presentRow(def, r));
}

/** One live row by id, locked (no scope check: the caller already holds a record that points to it). */
export async function rowById(q: Queryable, def: ResourceDef, id: string): Promise<ResourceRecord | undefined> {
  const { rows } = await q.query<ResourceRecord>(`SELECT ${def.selectList} FROM ${ident(def.table)} WHERE id = $1::uuid AND deleted_at IS NULL FOR UPDATE`, [id]);
  return rows[0] && presentRow(def, rows[0]);
}
