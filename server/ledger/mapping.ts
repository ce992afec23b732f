import type { Queryable } from '../db/index.ts';
import { HttpError } from '../lib/errors.ts';
import { LEDGER_MESSAGES } from './messages.ts';

/**
 * Where each posting goes, read from data: the posting roles (`ledger_posting_accounts`: suppliers,
 * customers, interest, discounts, fees, yields, opening equity), each category's ledger account and DFC
 * class/line, each bank account's ledger account (or the BANCOS role when it has none).
 */

export interface Target {
  ledgerAccountId: string;
  dfcClass: string | null;
  dfcLine: string | null;
}

export type Role =
  | 'FORNECEDORES' | 'CLIENTES' | 'BANCOS' | 'JUROS_MULTAS_PAGOS' | 'DESCONTOS_OBTIDOS' | 'JUROS_MULTAS_RECEBIDOS'
  | 'DESCONTOS_CONCEDIDOS' | 'MOVIMENTO_SAIDA' | 'MOVIMENTO_ENTRADA' | 'ABERTURA_PL';

export interface Roles {
  /** The role's account, or 409 `LEDGER_NOT_CONFIGURED` naming it. */
  get(role: Role): Target;
}

export async function loadRoles(q: Queryable): Promise<Roles> {
  const { rows } = await q.query<Target & { role: string }>(
    'SELECT role, ledger_account_id AS "ledgerAccountId", dfc_class AS "dfcClass", dfc_line AS "dfcLine" FROM ledger_posting_accounts',
  );
  const map = new Map(rows.map((r) => [r.role, r]));
  return {
    get(role) {
      const t = map.get(role);
      if (!t) throw new HttpError(409, 'LEDGER_NOT_CONFIGURED', LEDGER_MESSAGES.roleMissing(role));
      return t;
    },
  };
}

export interface CategoryTarget {
  id: string;
  name: string;
  ledgerAccountId: string | null;
  dfcClass: string | null;
  dfcLine: string | null;
}

/** Categories by id (`expense_categories` or `revenue_categories`). */
export async function loadCategories(q: Queryable, table: 'expense_categories' | 'revenue_categories', ids?: readonly string[]): Promise<Map<string, CategoryTarget>> {
  const { rows } = await q.query<CategoryTarget>(
    `SELECT id, name, ledger_account_id AS "ledgerAccountId", dfc_class AS "dfcClass", dfc_line AS "dfcLine" FROM ${table}
      ${ids ? 'WHERE id = ANY($1::uuid[])' : ''}`,
    ids ? [[...ids]] : [],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** The category's target, or 409 naming the category without a ledger account. */
export function categoryTarget(c: CategoryTarget | undefined, id: string): Target {
  if (!c?.ledgerAccountId) throw new HttpError(409, 'LEDGER_NOT_CONFIGURED', LEDGER_MESSAGES.categoryWithoutAccount(c?.name ?? id));
  return { ledgerAccountId: c.ledgerAccountId, dfcClass: c.dfcClass, dfcLine: c.dfcLine };
}

/** Ledger account of each bank account (`bank_accounts.ledger_account_id`, else the BANCOS role). */
export async function loadBankLedgers(q: Queryable, roles: Roles, ids?: readonly string[]): Promise<Map<string, string>> {
  const { rows } = await q.query<{ id: string; ledger: string | null }>(
    `SELECT id, ledger_account_id AS ledger FROM bank_accounts ${ids ? 'WHERE id = ANY($1::uuid[])' : ''}`,
    ids ? [[...ids]] : [],
  );
  return new Map(rows.map((r) => [r.id, r.ledger ?? roles.get('BANCOS').ledgerAccountId]));
}
