import type { Queryable } from '../../db/index.ts';
import type { FieldErrors } from '../../lib/errors.ts';

/** A node of a coded tree (ledger accounts, categories) as the rules need it. */
export interface TreeNode {
  id: string;
  code: string;
  type: 'S' | 'A';
  nature?: 'D' | 'C';
}

/** Where the tree lives: its table and, for trees per chart of accounts, the partition column and value. */
export interface TreeSpec {
  table: 'ledger_accounts' | 'expense_categories' | 'revenue_categories';
  partition?: { column: 'chart_account_id'; value: string };
  /** pt-BR noun for messages: "conta" / "categoria". */
  noun: string;
}

/** `4.2.02.001` → `4.2.02`; a first-level code has no parent code. */
export const parentCode = (code: string): string | undefined => (code.includes('.') ? code.slice(0, code.lastIndexOf('.')) : undefined);

/** Number of levels of a dotted code. */
export const levelOf = (code: string) => code.split('.').length;

/**
 * Problem of a code against a chart's mask (`9.9.99.999`): too many levels, or a level with the wrong
 * number of digits. Undefined when it fits.
 */
export function maskProblem(code: string, mask: string): string | undefined {
  const widths = mask.split('.').map((s) => s.length);
  const parts = code.split('.');
  if (parts.length > widths.length) return `O plano tem ${widths.length} níveis (máscara ${mask}); este código tem ${parts.length}.`;
  const bad = parts.findIndex((p, i) => p.length !== widths[i]);
  if (bad >= 0) return `O nível ${bad + 1} tem ${widths[bad]} ${widths[bad] === 1 ? 'dígito' : 'dígitos'} na máscara ${mask}.`;
  return undefined;
}

async function nodeWhere(q: Queryable, spec: TreeSpec, where: string, value: string): Promise<TreeNode | undefined> {
  const params: unknown[] = [value];
  let sql = `SELECT id, code, type, ${spec.table === 'ledger_accounts' ? 'nature' : 'NULL AS nature'} FROM ${spec.table} WHERE ${where} AND deleted_at IS NULL`;
  if (spec.partition) {
    params.push(spec.partition.value);
    sql += ` AND ${spec.partition.column} = $2::uuid`;
  }
  const { rows } = await q.query<TreeNode>(sql, params);
  return rows[0];
}

/**
 * The parent a node must have, by its code: the live node whose code is the prefix (`4.2.02` for
 * `4.2.02.001`), in the same partition. Fills `record.parentId` when it was left empty, and returns the
 * field errors of a wrong, missing or analytic parent.
 */
export async function resolveParent(q: Queryable, spec: TreeSpec, record: Record<string, unknown>): Promise<{ parent?: TreeNode; errors: FieldErrors }> {
  const code = String(record.code);
  const expected = parentCode(code);
  const given = typeof record.parentId === 'string' ? record.parentId : undefined;
  if (!expected) {
    return given ? { errors: { parentId: [`Uma ${spec.noun} do primeiro nível (código sem ponto) não tem superior.`] } } : { errors: {} };
  }
  const parent = given ? await nodeWhere(q, spec, 'id = $1::uuid', given) : await nodeWhere(q, spec, 'code = $1', expected);
  if (!parent) {
    return given
      ? { errors: { parentId: ['Registro referenciado não encontrado.'] } }
      : { errors: { code: [`Cadastre antes a ${spec.noun} superior de código ${expected}.`] } };
  }
  if (parent.code !== expected) return { errors: { parentId: [`A ${spec.noun} superior deve ser a de código ${expected}, prefixo deste código.`] } };
  if (parent.type !== 'S') return { errors: { parentId: [`A ${spec.noun} ${parent.code} é analítica: só sintéticas têm subordinadas.`] } };
  record.parentId = parent.id;
  return { parent, errors: {} };
}

/** Whether live nodes hang under `id`. */
export async function hasChildren(q: Queryable, spec: TreeSpec, id: string): Promise<boolean> {
  const { rows } = await q.query(`SELECT 1 FROM ${spec.table} WHERE parent_id = $1::uuid AND deleted_at IS NULL LIMIT 1`, [id]);
  return rows.length > 0;
}

/** On update: a node with children keeps its code and stays synthetic (children would be orphaned otherwise). */
export async function childrenLock(q: Queryable, spec: TreeSpec, record: Record<string, unknown>, stored: Record<string, unknown>): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const changesCode = record.code !== stored.code;
  const becomesAnalytic = stored.type === 'S' && record.type === 'A';
  if ((changesCode || becomesAnalytic) && (await hasChildren(q, spec, String(stored.id)))) {
    if (changesCode) errors.code = [`Esta ${spec.noun} tem subordinadas: o código não pode mudar.`];
    if (becomesAnalytic) errors.type = [`Esta ${spec.noun} tem subordinadas: ela continua sintética.`];
  }
  return errors;
}
