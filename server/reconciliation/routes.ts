import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError, type FieldErrors } from '../lib/errors.ts';
import { guard, idParam, principalOf } from '../resources/http.ts';
import { csvMappingOf, importStatement, RECONCILE_PERMISSION, type RequestedFormat } from './import.ts';
import { acceptSuggestions, applyRules, createEntry, matchLine, matchMany, setIgnored, splitLine, unmatchLine, workspace, type MatchInput } from './reconcile.ts';
import { isUuid } from '../resources/coerce.ts';
import { RECONCILIATION_MESSAGES as M } from './messages.ts';
import type { CsvMapping } from './parsers/index.ts';

/** Bank files up to 20 MB (a year of a busy account in OFX is a few MB). */
export const MAX_STATEMENT_BYTES = 20 * 1024 * 1024;

const FORMATS = new Set<RequestedFormat>(['OFX', 'CNAB240', 'CNAB400', 'CSV']);
const FIELDS = new Set(['format', 'allowAccountMismatch', 'csvMapping', 'preview', 'applyRules']);
const MAPPING_KEYS = new Set(['delimiter', 'headerRows', 'date', 'amount', 'credit', 'debit', 'memo', 'document', 'fitid', 'dateFormat']);

function bool(v: string | undefined, field: string, errors: FieldErrors): boolean {
  if (v === undefined || v === '' || v === 'false' || v === '0') return false;
  if (v === 'true' || v === '1') return true;
  errors[field] = [M.badBoolean];
  return false;
}

function mappingOf(raw: string | undefined, errors: FieldErrors): CsvMapping | undefined {
  if (raw === undefined || raw === '') return undefined;
  try {
    const m = JSON.parse(raw) as Record<string, unknown>;
    const col = (v: unknown) => v === undefined || (typeof v === 'string' && v.length <= 100) || (Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 200);
    const ok =
      m && typeof m === 'object' && !Array.isArray(m) &&
      Object.keys(m).every((k) => MAPPING_KEYS.has(k)) &&
      ['date', 'memo'].every((k) => m[k] !== undefined) &&
      ['date', 'amount', 'credit', 'debit', 'memo', 'document', 'fitid'].every((k) => col(m[k])) &&
      (m.delimiter === undefined || [';', ',', '\t', '|'].includes(m.delimiter as string)) &&
      (m.headerRows === undefined || (Number.isInteger(m.headerRows) && (m.headerRows as number) >= 0 && (m.headerRows as number) <= 20)) &&
      (m.dateFormat === undefined || ['DD/MM/AAAA', 'AAAA-MM-DD', 'DD-MM-AAAA'].includes(m.dateFormat as string)) &&
      (m.amount !== undefined || (m.credit !== undefined && m.debit !== undefined));
    if (ok) return m as unknown as CsvMapping;
  } catch {
    // falls through to the field error
  }
  errors.csvMapping = [M.badMapping];
  return undefined;
}

/** The multipart form: one `file`, the optional fields; query parameters count as fields too. */
async function readForm(req: FastifyRequest) {
  const fields: Record<string, string> = {};
  const errors: FieldErrors = {};
  for (const [k, v] of Object.entries((req.query as Record<string, unknown>) ?? {})) {
    if (!FIELDS.has(k)) errors[k] = [M.unknownField];
    else if (typeof v === 'string') fields[k] = v;
  }
  let file: { name: string; type: string; bytes: Buffer } | null = null;
  if (!req.isMultipart()) throw badRequest({ file: [M.noFile] }, M.noFile);
  for await (const part of req.parts({ limits: { fileSize: MAX_STATEMENT_BYTES, files: 1, fields: 10, fieldSize: 100_000 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') {
        errors[part.fieldname] = [M.unknownField];
        await part.toBuffer().catch(() => undefined);
        continue;
      }
      const bytes = await part.toBuffer().catch((err: unknown) => {
        if (err instanceof Error && /too large|limit/i.test(err.message)) throw new HttpError(413, 'TOO_LARGE', M.tooLarge(MAX_STATEMENT_BYTES / 1024 / 1024), { file: [M.tooLarge(MAX_STATEMENT_BYTES / 1024 / 1024)] });
        throw err;
      });
      file = { name: part.filename, type: part.mimetype, bytes };
    } else if (!FIELDS.has(part.fieldname)) errors[part.fieldname] = [M.unknownField];
    else fields[part.fieldname] = String(part.value);
  }
  if (!file) errors.file = [M.noFile];
  const format = fields.format ? fields.format.toUpperCase() : undefined;
  if (format && !FORMATS.has(format as RequestedFormat)) errors.format = [M.badFormat];
  const allowAccountMismatch = bool(fields.allowAccountMismatch, 'allowAccountMismatch', errors);
  const preview = bool(fields.preview, 'preview', errors);
  const applyToNew = bool(fields.applyRules, 'applyRules', errors);
  const csvMapping = mappingOf(fields.csvMapping, errors);
  if (Object.keys(errors).length) throw badRequest(errors, errors.file?.[0] ?? undefined);
  return { file: file!, format: format as RequestedFormat | undefined, allowAccountMismatch, preview, csvMapping, applyRules: applyToNew };
}

/**
 * `POST /api/accounts-payable/v1/bank-accounts/{id}/statement-imports` (multipart: `file`, optional `format`,
 * `allowAccountMismatch`, `csvMapping`, `preview`; the same names as query parameters): 201 with the import, or
 * 200 with the preview when `preview=true`; 400 naming the line/element of a malformed file; 409
 * `ACCOUNT_MISMATCH` naming both accounts. Nothing is written unless the whole file goes in.
 */
export default async function reconciliationRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_STATEMENT_BYTES, files: 1 } });
    scope.post('/api/accounts-payable/v1/bank-accounts/:id/statement-imports', guard(app, RECONCILE_PERMISSION, 'create'), async (req, reply) => {
      const id = idParam(req);
      const form = await readForm(req);
      const out = await importStatement(app.resources, {
        bankAccountId: id,
        fileName: form.file.name,
        contentType: form.file.type,
        bytes: form.file.bytes,
        format: form.format,
        allowAccountMismatch: form.allowAccountMismatch,
        csvMapping: form.csvMapping,
        preview: form.preview,
        applyRules: form.applyRules,
      }, principalOf(req));
      return reply.code('preview' in out ? 200 : 201).send(out);
    });
  });
  const AP = '/api/accounts-payable/v1';
  app.get(`${AP}/bank-accounts/:id/reconciliation`, guard(app, RECONCILE_PERMISSION, 'read'), async (req) => {
    const query = req.query as Record<string, unknown>;
    const errors: FieldErrors = {};
    for (const k of Object.keys(query)) if (k !== 'from' && k !== 'to') errors[k] = [M.unknownField];
    if (Object.keys(errors).length) throw badRequest(errors);
    return workspace(app.resources, idParam(req), { from: query.from as string | undefined, to: query.to as string | undefined }, principalOf(req));
  });
  app.get(`${AP}/bank-accounts/:id/csv-mapping`, guard(app, RECONCILE_PERMISSION, 'read'), async (req) => {
    const errors: FieldErrors = {};
    for (const k of Object.keys((req.query as Record<string, unknown>) ?? {})) errors[k] = [M.unknownField];
    if (Object.keys(errors).length) throw badRequest(errors);
    return csvMappingOf(app.resources, idParam(req), principalOf(req));
  });
  app.post(`${AP}/bank-accounts/:id/reconciliation/apply-rules`, guard(app, RECONCILE_PERMISSION, 'update'), async (req) => {
    const body = objectBody(req.body, ['preview']);
    return applyRules(app.resources, idParam(req), body.preview === true, principalOf(req));
  });
  app.post(`${AP}/bank-accounts/:id/reconciliation/accept-suggestions`, guard(app, RECONCILE_PERMISSION, 'update'), async (req) => {
    const body = objectBody(req.body, ['from', 'to', 'preview']);
    const errors: FieldErrors = {};
    for (const k of ['from', 'to'] as const) if (body[k] !== undefined && typeof body[k] !== 'string') errors[k] = ['Use uma data AAAA-MM-DD.'];
    if (body.preview !== undefined && typeof body.preview !== 'boolean') errors.preview = [M.badBoolean];
    if (Object.keys(errors).length) throw badRequest(errors);
    return acceptSuggestions(app.resources, idParam(req), { from: body.from as string | undefined, to: body.to as string | undefined, preview: body.preview === true }, principalOf(req));
  });
  app.post(`${AP}/bank-accounts/:id/reconciliation/match-many`, guard(app, RECONCILE_PERMISSION, 'update'), async (req) => {
    const body = objectBody(req.body, ['lines', 'transactionIds']);
    return matchMany(app.resources, idParam(req), matchManyInput(body), principalOf(req));
  });
  app.post(`${AP}/reconcilables/:id/match`, guard(app, RECONCILE_PERMISSION, 'update'), async (req) => {
    const body = objectBody(req.body, ['version', 'transactionIds', 'installments']);
    return { record: await matchLine(app.resources, idParam(req), matchInput(body), principalOf(req)) };
  });
  app.post(`${AP}/reconcilables/:id/create-entry`, guard(app, RECONCILE_PERMISSION, 'update'), async (req) => {
    const body = objectBody(req.body, ['version', 'description']);
    if (body.description !== undefined && body.description !== null && (typeof body.description !== 'string' || body.description.length > 300)) throw badRequest({ description: ['No máximo 300 caracteres.'] });
    return { record: await createEntry(app.resources, idParam(req), { version: versionOf(body), description: (body.description as string | null | undefined)?.trim() || null }, principalOf(req)) };
  });
  app.post(`${AP}/reconcilables/:id/split`, guard(app, RECONCILE_PERMISSION, 'update'), async (req) => {
    const body = objectBody(req.body, ['version', 'transactionIds', 'description']);
    const errors: FieldErrors = {};
    const ids = body.transactionIds;
    if (!Array.isArray(ids) || ids.length < 1 || ids.length > 500 || !ids.every((i) => typeof i === 'string' && isUuid(i))) errors.transactionIds = ['Uma lista de 1 a 500 identificadores de movimentações.'];
    if (body.description !== undefined && body.description !== null && (typeof body.description !== 'string' || body.description.length > 300)) errors.description = ['No máximo 300 caracteres.'];
    if (Object.keys(errors).length) throw badRequest(errors);
    return splitLine(app.resources, idParam(req), { version: versionOf(body), transactionIds: ids as string[], description: (body.description as string | null | undefined)?.trim() || null }, principalOf(req));
  });
  app.post(`${AP}/reconcilables/:id/ignore`, guard(app, RECONCILE_PERMISSION, 'update'), async (req) => {
    const body = objectBody(req.body, ['version']);
    return { record: await setIgnored(app.resources, idParam(req), versionOf(body), principalOf(req)) };
  });
  app.post(`${AP}/reconcilables/:id/unmatch`, guard(app, RECONCILE_PERMISSION, 'update'), async (req) => {
    const body = objectBody(req.body, ['version']);
    return unmatchLine(app.resources, idParam(req), versionOf(body), principalOf(req));
  });
}

function objectBody(body: unknown, allowed: readonly string[]): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest({ body: ['Envie um objeto JSON.'] });
  const errors: FieldErrors = {};
  for (const k of Object.keys(body)) if (!allowed.includes(k)) errors[k] = [M.unknownField];
  if (Object.keys(errors).length) throw badRequest(errors);
  return body as Record<string, unknown>;
}

function versionOf(body: Record<string, unknown>): number | undefined {
  if (body.version === undefined) return undefined;
  if (!Number.isInteger(body.version)) throw badRequest({ version: ['Informe a versão (número inteiro).'] });
  return body.version as number;
}

function matchInput(body: Record<string, unknown>): MatchInput {
  const errors: FieldErrors = {};
  const ids = body.transactionIds ?? [];
  if (!Array.isArray(ids) || ids.length > 500 || !ids.every((i) => typeof i === 'string' && isUuid(i))) errors.transactionIds = ['Uma lista de identificadores de movimentações.'];
  const inst = body.installments ?? [];
  const okInst =
    Array.isArray(inst) && inst.length <= 500 &&
    inst.every((i) => i && typeof i === 'object' && Object.keys(i).every((k) => ['kind', 'id', 'version'].includes(k)) && (i.kind === 'payable' || i.kind === 'receivable') && typeof i.id === 'string' && isUuid(i.id) && Number.isInteger(i.version));
  if (!okInst) errors.installments = ['Uma lista de parcelas { kind: payable|receivable, id, version }.'];
  if (Object.keys(errors).length) throw badRequest(errors);
  return { version: versionOf(body), transactionIds: ids as string[], installments: inst as MatchInput['installments'] };
}

function matchManyInput(body: Record<string, unknown>): { lines: { id: string; version: number }[]; transactionIds: string[] } {
  const errors: FieldErrors = {};
  const lines = body.lines;
  const okLines =
    Array.isArray(lines) && lines.length >= 1 && lines.length <= 500 &&
    lines.every((l) => l && typeof l === 'object' && !Array.isArray(l) && Object.keys(l).every((k) => k === 'id' || k === 'version') && typeof l.id === 'string' && isUuid(l.id) && Number.isInteger(l.version));
  if (!okLines) errors.lines = ['Uma lista de 1 a 500 lançamentos do extrato { id, version }.'];
  else if (new Set(lines.map((l: { id: string }) => l.id.toLowerCase())).size !== lines.length) errors.lines = ['Um lançamento do extrato aparece mais de uma vez.'];
  const ids = body.transactionIds;
  if (!Array.isArray(ids) || ids.length < 1 || ids.length > 500 || !ids.every((i) => typeof i === 'string' && isUuid(i))) errors.transactionIds = ['Uma lista de 1 a 500 identificadores de movimentações.'];
  if (Object.keys(errors).length) throw badRequest(errors);
  return { lines: (lines as { id: string; version: number }[]).map((l) => ({ id: l.id.toLowerCase(), version: l.version })), transactionIds: ids as string[] };
}
