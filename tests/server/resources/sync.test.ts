import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/index.ts';
import { loadRegistry } from '../../../server/resources/registry.ts';
import { syncResources } from '../../../server/resources/sync.ts';
import { freshDb } from '../helper.ts';
import { FIXTURE_SCHEMAS } from './helpers.ts';

const FILES = ['organizations', 'test-cost-centers', 'test-payables'];

describe('schema sync', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let dir: string;
  const sync = async () => syncResources(db, await loadRegistry(dir));
  const edit = async (name: string, fn: (s: { properties: Record<string, unknown> }) => void) => {
    const file = path.join(dir, `${name}.schema.json`);
    const schema = JSON.parse(await readFile(file, 'utf8'));
    fn(schema);
    await writeFile(file, JSON.stringify(schema));
  };

  beforeAll(async () => {
    ({ db, drop } = await freshDb());
    dir = await mkdtemp(path.join(os.tmpdir(), 'schemas-'));
    for (const f of FILES) await writeFile(path.join(dir, `${f}.schema.json`), await readFile(path.join(FIXTURE_SCHEMAS, `${f}.schema.json`)));
  });
  afterAll(async () => {
    await drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('creates typed tables, maps organizations onto the identity table, and is idempotent', async () => {
    const applied = await sync();
    expect(applied.some((s) => s.startsWith('CREATE TABLE "test_payables"'))).toBe(true);
    expect(applied.some((s) => s.includes('TABLE "organizations" ('))).toBe(false);
    expect(await sync()).toEqual([]);
    // One organizations table: the identity one, given the engine's system columns.
    const orgCols = await db.query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = 'organizations'`);
    expect(orgCols.rows.map((r) => r.column_name)).toEqual(expect.arrayContaining(['id', 'name', 'cnpj', 'active', 'version', 'deleted_at']));
    const { rows } = await db.query<{ column_name: string; data_type: string }>(
      `SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'test_payables' ORDER BY ordinal_position`,
    );
    const types = Object.fromEntries(rows.map((r) => [r.column_name, r.data_type]));
    expect(types).toMatchObject({
      id: 'uuid',
      amount: 'bigint',
      due_date: 'date',
      discount_rate: 'numeric',
      paid: 'boolean',
      paid_at: 'timestamp with time zone',
      organization_id: 'uuid',
      tags: 'jsonb',
      version: 'integer',
      deleted_at: 'timestamp with time zone',
    });
  });

  it('creates partial unique, btree, trigram indexes and reference constraints', async () => {
    const { rows } = await db.query<{ indexname: string; indexdef: string }>(`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'test_payables'`);
    const defs = Object.fromEntries(rows.map((r) => [r.indexname, r.indexdef]));
    expect(defs.test_payables_document_number_organization_id_uq).toMatch(/UNIQUE INDEX .*\(document_number, organization_id\) WHERE \(deleted_at IS NULL\)/);
    expect(defs.test_payables_due_date_idx).toMatch(/\(due_date, id\) WHERE \(deleted_at IS NULL\)/);
    expect(defs.test_payables_status_idx).toBeDefined();
    expect(defs.test_payables_cost_center_id_idx).toBeDefined();
    expect(defs.test_payables_description_search).toMatch(/USING gin \(f_unaccent\(description\) gin_trgm_ops\)/);
    const fk = await db.query<{ conname: string }>(`SELECT conname FROM pg_constraint WHERE contype = 'f' AND conrelid = 'test_payables'::regclass`);
    expect(fk.rows.map((r) => r.conname).sort()).toEqual(['test_payables_cost_center_id_fkey', 'test_payables_organization_id_fkey']);
  });

  it('adds a new field as a column, keeping the data', async () => {
    const org = (await db.query<{ id: string }>('SELECT id FROM organizations LIMIT 1')).rows[0].id;
    await db.query(`INSERT INTO test_payables (description, document_number, amount, due_date, organization_id) VALUES ('x', 'K-1', 1, '2026-01-01', $1)`, [org]);
    await edit('test-payables', (s) => {
      s.properties.barcode = { type: ['string', 'null'], title: 'Código de barras', 'x-index': true };
    });
    const applied = await sync();
    expect(applied).toEqual([
      'ALTER TABLE "test_payables" ADD COLUMN "barcode" text',
      'CREATE INDEX "test_payables_barcode_idx" ON "test_payables" ("barcode", id) WHERE deleted_at IS NULL',
    ]);
    expect((await db.query('SELECT * FROM test_payables WHERE document_number = $1', ['K-1'])).rows).toHaveLength(1);
  });

  it('creates the x-resource.indexes of reports: columns, INCLUDE and a partial condition on live rows', async () => {
    await edit('test-payables', (s) => {
      (s as unknown as { 'x-resource': Record<string, unknown> })['x-resource'].indexes = [
        { fields: ['dueDate'], include: ['amount', 'organizationId'], where: { field: 'status', in: ['ABERTO', 'APROVADO'] } },
      ];
    });
    expect(await sync()).toEqual([
      `CREATE INDEX "test_payables_due_date_rpt" ON "test_payables" ("due_date") INCLUDE ("amount", "organization_id") WHERE deleted_at IS NULL AND "status" IN ('ABERTO', 'APROVADO')`,
    ]);
    const { rows } = await db.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE indexname = 'test_payables_due_date_rpt'`);
    expect(rows[0]?.indexdef).toMatch(/\(due_date\) INCLUDE \(amount, organization_id\) WHERE \(\(deleted_at IS NULL\) AND \(status = ANY \(ARRAY\['ABERTO'::text, 'APROVADO'::text\]\)\)\)/);
    expect(await sync()).toEqual([]);
    // A value that is not an enum-like constant is refused by the meta-schema (it is written into the DDL).
    await edit('test-payables', (s) => {
      (s as unknown as { 'x-resource': { indexes: { where: { in: string[] } }[] } })['x-resource'].indexes[0]!.where.in = ["X') OR (1=1"];
    });
    await expect(loadRegistry(dir)).rejects.toThrow(/indexes/);
    await edit('test-payables', (s) => {
      delete (s as unknown as { 'x-resource': Record<string, unknown> })['x-resource'].indexes;
    });
  });

  it('refuses a type change, naming the resource and field, and applies nothing', async () => {
    await edit('test-payables', (s) => {
      s.properties.amount = { type: 'string', title: 'Valor' };
      s.properties.extra = { type: 'string', title: 'Extra' };
    });
    await expect(sync()).rejects.toThrow(/recurso test-payables, campo amount: a coluna test_payables\.amount é bigint no banco e o schema pede text/);
    const cols = await db.query(`SELECT 1 FROM information_schema.columns WHERE table_name = 'test_payables' AND column_name = 'extra'`);
    expect(cols.rows).toHaveLength(0);
  });

  it('fails at load time on a reference to a resource without schema', async () => {
    await edit('test-cost-centers', (s) => {
      s.properties.parentId = { type: 'string', title: 'Pai', format: 'uuid', 'x-ref': 'nao-existe' };
    });
    await expect(loadRegistry(dir)).rejects.toThrow(
      'schemas/test-cost-centers.schema.json: /properties/parentId/x-ref: recurso "nao-existe" não existe (schemas/nao-existe.schema.json)',
    );
  });
});
