import { PassThrough, Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';
import { badRequest, type FieldErrors } from '../lib/errors.ts';
import type { Principal } from '../lib/principal.ts';
import { csvField, csvText, localParts, toCell, type Cell } from './export-format.ts';
import { ident } from './fields.ts';
import { parseCriteria, QUERY_MESSAGE } from './list-query.ts';
import { labelsOf } from './repository.ts';
import { orderSql, Params, whereSql } from './sql.ts';
import type { FieldDef, ResourceDef, ResourceRecord } from './types.ts';
import type { Engine } from './writes.ts';

/** More than an XLSX sheet holds (1,048,576 rows) makes no sense to stream: filter first. */
export const MAX_EXPORT_ROWS = 1_000_000;
const CHUNK = 1000;

/** Default columns: every business field (derived ones too), then when it was created and last changed. */
function columnsOf(def: ResourceDef, raw: unknown, errors: FieldErrors): FieldDef[] {
  if (raw === undefined || raw === '') return [...[...def.fields.values()].filter((f) => !f.system && !f.writeOnly), def.fields.get('createdAt')!, def.fields.get('updatedAt')!];
  if (typeof raw !== 'string') {
    errors.fields = ['Informe os campos separados por vírgula.'];
    return [];
  }
  const out: FieldDef[] = [];
  for (const name of raw.split(',')) {
    const f = def.fields.get(name);
    if (f && !f.writeOnly) out.push(f);
    else (errors.fields ??= []).push(`Campo desconhecido: ${name}.`);
  }
  return out;
}

/**
 * ALL the rows of a filtered, sorted list, in chunks: first the ordered ids (one indexed query), then
 * rows by id, so neither a long transaction nor PGlite's single connection is held while the client reads.
 */
async function* rowsOf(engine: Engine, def: ResourceDef, ids: string[], columns: FieldDef[], principal: Principal): AsyncGenerator<Cell[][]> {
  const refFields = columns.filter((f) => f.ref);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const { rows } = await engine.db.query<ResourceRecord>(`SELECT ${def.selectList} FROM ${ident(def.table)} WHERE id = ANY($1::uuid[])`, [chunk]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const labels = new Map<string, Map<string, string | null>>();
    for (const f of refFields) {
      const refIds = [...new Set(rows.map((r) => r[f.name]).filter((v): v is string => typeof v === 'string'))];
      const found = await labelsOf(engine.db, engine.registry.get(f.ref!)!, refIds, principal);
      labels.set(f.name, new Map(found.map((l) => [l.id, l.label])));
    }
    yield chunk.flatMap((id) => {
      const r = byId.get(id);
      return r ? [columns.map((f) => toCell(f, r[f.name], labels.get(f.name)))] : [];
    });
  }
}

async function* csvLines(columns: FieldDef[], rows: AsyncGenerator<Cell[][]>): AsyncGenerator<string> {
  // BOM so Excel opens it as UTF-8; `;` and CRLF as Excel-BR writes CSV itself.
  yield `\uFEFF${columns.map((c) => csvField(c.label)).join(';')}\r\n`;
  for await (const chunk of rows) yield chunk.map((cells) => `${cells.map((c) => csvField(csvText(c))).join(';')}\r\n`).join('');
}

/** XLSX numbers and dates stay numbers and dates (sums and filters work in Excel). */
function xlsxValue(c: Cell): string | number | Date | null {
  switch (c.t) {
    case 'empty':
      return null;
    case 'money':
      return c.v / 100;
    case 'number':
      return c.v;
    case 'date':
      return new Date(`${c.v}T00:00:00Z`);
    case 'datetime': {
      const p = localParts(c.v);
      return new Date(Date.UTC(+p.y, +p.m - 1, +p.d, +p.hh, +p.mm, +p.ss));
    }
    case 'text':
      return c.v;
  }
}

const NUM_FMT: Partial<Record<Cell['t'], string>> = { money: '#,##0.00', date: 'dd/mm/yyyy', datetime: 'dd/mm/yyyy hh:mm:ss' };

async function writeXlsx(out: PassThrough, def: ResourceDef, columns: FieldDef[], rows: AsyncGenerator<Cell[][]>): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(def.titlePlural.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.label, key: c.name, width: Math.min(60, Math.max(12, c.label.length + 2)) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const chunk of rows) {
    for (const cells of chunk) {
      const row = sheet.addRow(cells.map(xlsxValue));
      cells.forEach((c, i) => {
        const fmt = NUM_FMT[c.t];
        if (fmt) row.getCell(i + 1).numFmt = fmt;
      });
      row.commit();
    }
  }
  sheet.commit();
  await book.commit();
}

const slug = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** `GET …/export?format=csv|xlsx&fields=a,b&<filters, sort, q>`: a download of every matching row. */
export async function exportRecords(engine: Engine, def: ResourceDef, query: Record<string, unknown>, principal: Principal, reply: FastifyReply) {
  const errors: FieldErrors = {};
  const format = query.format ?? 'csv';
  if (format !== 'csv' && format !== 'xlsx') errors.format = ['Use csv ou xlsx.'];
  const criteria = parseCriteria(def, query, errors);
  const columns = columnsOf(def, query.fields, errors);
  if (Object.keys(errors).length) throw badRequest(errors, QUERY_MESSAGE);
  const p = new Params();
  const where = whereSql(def, criteria, principal, p);
  const { rows } = await engine.db.query<{ id: string }>(
    `SELECT id FROM ${ident(def.table)} WHERE ${where} ORDER BY ${orderSql(criteria.sort)} LIMIT ${MAX_EXPORT_ROWS + 1}`,
    p.values,
  );
  if (rows.length > MAX_EXPORT_ROWS) {
    throw badRequest({ $: [`A exportação passa de ${MAX_EXPORT_ROWS.toLocaleString('pt-BR')} linhas. Aplique filtros.`] }, QUERY_MESSAGE);
  }
  const cells = rowsOf(engine, def, rows.map((r) => r.id), columns, principal);
  const name = `${slug(def.titlePlural)}-${new Date().toISOString().slice(0, 10)}.${format}`;
  reply.header('content-disposition', `attachment; filename="${name}"`);
  reply.header('cache-control', 'no-store');
  if (format === 'csv') {
    reply.type('text/csv; charset=utf-8');
    return reply.send(Readable.from(csvLines(columns, cells)));
  }
  const out = new PassThrough();
  writeXlsx(out, def, columns, cells).catch((err: unknown) => out.destroy(err as Error));
  reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  return reply.send(out);
}
