import type { Db, Queryable } from '../db/index.ts';
import { ident, INFO_SCHEMA_TYPE, SQL_TYPE } from './fields.ts';
import { indexName, type Registry } from './registry.ts';
import type { ColumnKind, FieldDef, ResourceDef } from './types.ts';

interface Column {
  name: string;
  kind: ColumnKind;
  /** DDL after the type (system columns only: business columns are nullable, ajv enforces `required`). */
  extra: string;
  field?: FieldDef;
}

const SYSTEM_COLUMNS: Column[] = [
  { name: 'id', kind: 'uuid', extra: 'PRIMARY KEY DEFAULT gen_random_uuid()' },
  { name: 'created_at', kind: 'timestamptz', extra: 'NOT NULL DEFAULT now()' },
  { name: 'created_by', kind: 'uuid', extra: '' },
  { name: 'updated_at', kind: 'timestamptz', extra: 'NOT NULL DEFAULT now()' },
  { name: 'updated_by', kind: 'uuid', extra: '' },
  { name: 'version', kind: 'integer', extra: 'NOT NULL DEFAULT 1' },
  { name: 'deleted_at', kind: 'timestamptz', extra: '' },
];

const LIVE = 'WHERE deleted_at IS NULL';

export function columnsOf(def: ResourceDef): Column[] {
  const business = def.business.map((f) => ({ name: f.column, kind: f.kind, extra: '', field: f }));
  return [SYSTEM_COLUMNS[0], ...business, ...SYSTEM_COLUMNS.slice(1)];
}

const columnDdl = (c: Column) => `${ident(c.name)} ${SQL_TYPE[c.kind]}${c.extra ? ` ${c.extra}` : ''}`;

/**
 * The indexes a resource needs: x-unique (partial: a deleted record frees its value), x-index, x-ref,
 * record-scope fields, sort fields and the screens' list fields as btree `(col, id)` (the id is the
 * list's tie-breaker, so a page is read straight from the index), and pg_trgm GIN on the unaccented
 * text for `q`.
 * Every index is partial on live rows: lists, counts and lookups never read deleted ones.
 */
export function indexesOf(def: ResourceDef): { name: string; sql: string }[] {
  const t = ident(def.table);
  const out = def.uniques.map((u) => {
    const cols = u.fields.map((n) => ident(def.fields.get(n)!.column)).join(', ');
    return { name: u.index, sql: `CREATE UNIQUE INDEX ${ident(u.index)} ON ${t} (${cols}) ${LIVE}` };
  });
  const leadingUnique = new Set(def.uniques.map((u) => u.fields[0]));
  const btree = new Set<FieldDef>();
  const add = (f: FieldDef | undefined) => {
    if (f && !f.derived && f.kind !== 'jsonb' && f.name !== 'id' && !leadingUnique.has(f.name)) btree.add(f);
  };
  // x-file columns too: a download is authorized through the records that reference the file (commons/file-access.ts).
  for (const f of def.business) if (f.schema['x-index'] || f.ref || f.schema['x-file']) add(f);
  add(def.scope.organization);
  add(def.scope.costCenter);
  for (const s of def.defaultSort) add(s.field);
  for (const n of def.listFields) add(def.fields.get(n));
  for (const f of btree) {
    const name = indexName(def.table, [f.column], 'idx');
    out.push({ name, sql: `CREATE INDEX ${ident(name)} ON ${t} (${ident(f.column)}, id) ${LIVE}` });
  }
  for (const ix of def.extraIndexes) {
    // Values are checked by the meta-schema (^[A-Z][A-Z0-9_]*$), so quoting them as literals is safe.
    const where = ix.where ? ` AND ${ident(ix.where.column)} IN (${ix.where.values.map((v) => `'${v}'`).join(', ')})` : '';
    const include = ix.include.length ? ` INCLUDE (${ix.include.map(ident).join(', ')})` : '';
    out.push({ name: ix.name, sql: `CREATE INDEX ${ident(ix.name)} ON ${t} (${ix.columns.map(ident).join(', ')})${include} ${LIVE}${where}` });
  }
  for (const f of def.searchFields) {
    if (f.kind !== 'text') continue;
    const name = indexName(def.table, [f.column], 'search');
    out.push({ name, sql: `CREATE INDEX ${ident(name)} ON ${t} USING gin (f_unaccent(${ident(f.column)}) gin_trgm_ops) ${LIVE}` });
  }
  return out;
}

function foreignKeysOf(def: ResourceDef, registry: Registry): { name: string; sql: string }[] {
  return def.business
    .filter((f) => f.ref)
    .map((f) => {
      const name = indexName(def.table, [f.column], 'fkey');
      const target = ident(registry.get(f.ref!)!.table);
      return { name, sql: `ALTER TABLE ${ident(def.table)} ADD CONSTRAINT ${ident(name)} FOREIGN KEY (${ident(f.column)}) REFERENCES ${target} (id)` };
    });
}

/**
 * The statement trigger that announces every committed write to the table (`NOTIFY data_changes '<table>'`,
 * migration 0062): the list caches of every instance drop the table's pages and totals (D86).
 */
function changeTrigger(def: ResourceDef): { name: string; sql: string } {
  const name = indexName(def.table, ['data'], 'changed');
  return {
    name,
    sql: `CREATE TRIGGER ${ident(name)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${ident(def.table)} FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change()`,
  };
}

/** The DDL that brings the database up to the registry; throws naming every field whose type changed. */
export async function planSync(q: Queryable, registry: Registry): Promise<string[]> {
  const defs = [...registry.values()];
  const tables = defs.map((d) => d.table);
  const cols = await q.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT table_name, column_name, data_type FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = ANY($1::text[])`,
    [tables],
  );
  const existing = new Map<string, Map<string, string>>();
  for (const r of cols.rows) {
    if (!existing.has(r.table_name)) existing.set(r.table_name, new Map());
    existing.get(r.table_name)!.set(r.column_name, r.data_type);
  }
  const idx = await q.query<{ name: string }>(
    `SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema()
     UNION ALL SELECT c.conname FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
     WHERE n.nspname = current_schema() AND c.contype = 'f'`,
  );
  const have = new Set(idx.rows.map((r) => r.name));
  const triggers = await q.query<{ name: string }>(
    `SELECT t.tgname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND NOT t.tgisinternal`,
  );
  for (const r of triggers.rows) have.add(r.name);
  const ddl: string[] = [];
  const errors: string[] = [];
  for (const def of defs) {
    const current = existing.get(def.table);
    if (!current) {
      ddl.push(`CREATE TABLE ${ident(def.table)} (\n  ${columnsOf(def).map(columnDdl).join(',\n  ')}\n)`);
      continue;
    }
    for (const c of columnsOf(def)) {
      const type = current.get(c.name);
      if (type === undefined) ddl.push(`ALTER TABLE ${ident(def.table)} ADD COLUMN ${columnDdl(c)}`);
      else if (type !== INFO_SCHEMA_TYPE[c.kind]) {
        const what = c.field ? `campo ${c.field.name}` : `coluna de sistema ${c.name}`;
        errors.push(`recurso ${def.name}, ${what}: a coluna ${def.table}.${c.name} é ${type} no banco e o schema pede ${INFO_SCHEMA_TYPE[c.kind]}`);
      }
    }
  }
  if (errors.length) {
    throw new Error(`Mudança de tipo não é feita automaticamente (os dados seriam perdidos); escreva uma migração:\n- ${errors.join('\n- ')}`);
  }
  for (const def of defs) for (const i of [...indexesOf(def), ...foreignKeysOf(def, registry), changeTrigger(def)]) if (!have.has(i.name)) ddl.push(i.sql);
  return ddl;
}

/**
 * Creates missing tables, columns, indexes and reference constraints for every resource, in one
 * transaction under an advisory lock (several processes may start together). Never drops or alters
 * existing data. Idempotent: returns the statements it ran (none when up to date).
 */
export async function syncResources(db: Db, registry: Registry): Promise<string[]> {
  if (!registry.size) return [];
  return db.tx(async (q) => {
    await q.query("SELECT pg_advisory_xact_lock(hashtext('resource-schema-sync'))");
    const ddl = await planSync(q, registry);
    for (const sql of ddl) await q.exec(sql);
    return ddl;
  });
}
