import type { Queryable } from '../../db/index.ts';
import { ACCOUNTS, GROUPS } from './accounting/chart.ts';
import { EXPENSE_CATEGORIES, REVENUE_CATEGORIES, type CategoryRow } from './accounting/categories.ts';
import type { DemoArea } from './types.ts';

/** [code, name, monthly budget in centavos]; synthetic when no budget. */
const COST_CENTERS: [string, string, number?][] = [
  ['01', 'Administrativo'],
  ['01.01', 'Administração geral', 3_000_000],
  ['01.02', 'Financeiro', 4_500_000],
  ['01.03', 'Recursos Humanos', 2_000_000],
  ['01.04', 'Tecnologia da Informação', 6_000_000],
  ['02', 'Comercial'],
  ['02.01', 'Vendas', 8_000_000],
  ['02.02', 'Marketing', 3_500_000],
  ['03', 'Operações'],
  ['03.01', 'Compras e suprimentos', 2_500_000],
  ['03.02', 'Logística', 5_000_000],
  ['03.03', 'Operações de serviços', 12_000_000],
];

/** [code, name, cost center code, e-mail] */
const DEPARTMENTS: [string, string, string, string][] = [
  ['DIR', 'Diretoria', '01.01', 'diretoria@demo.com.br'],
  ['FIN', 'Financeiro', '01.02', 'financeiro@demo.com.br'],
  ['RH', 'Recursos Humanos', '01.03', 'rh@demo.com.br'],
  ['TI', 'Tecnologia da Informação', '01.04', 'ti@demo.com.br'],
  ['COM', 'Comercial', '02.01', 'comercial@demo.com.br'],
  ['MKT', 'Marketing', '02.02', 'marketing@demo.com.br'],
  ['COMP', 'Compras', '03.01', 'compras@demo.com.br'],
  ['LOG', 'Logística', '03.02', 'logistica@demo.com.br'],
  ['OPS', 'Operações', '03.03', 'operacoes@demo.com.br'],
];

/** Bank accounts at real banks (found by COMPE) and the petty cash; opening a year before "today". */
const BANK_ACCOUNTS = [
  { name: 'Itaú Matriz', type: 'CONTA_CORRENTE', compe: '341', agency: '0912', agencyDigit: null, account: '45123', accountDigit: '7', pixKey: '11222333000181', openingBalance: 8_523_417 },
  { name: 'Banco do Brasil Cobrança', type: 'CONTA_CORRENTE', compe: '001', agency: '1234', agencyDigit: '5', account: '98765', accountDigit: 'X', pixKey: 'financeiro@demo.com.br', openingBalance: 3_210_055 },
  { name: 'Nubank PJ', type: 'CONTA_PAGAMENTO', compe: '260', agency: '0001', agencyDigit: null, account: '7345128', accountDigit: '3', pixKey: null, openingBalance: 1_250_000 },
  { name: 'Caixa pequeno Matriz', type: 'CAIXA', compe: null, agency: null, agencyDigit: null, account: null, accountDigit: null, pixKey: null, openingBalance: 150_000 },
];

/** The first day of the month twelve months before `today`. */
export function openingDate(today: string): string {
  const [y, m] = today.split('-').map(Number);
  return `${y - 1}-${String(m).padStart(2, '0')}-01`;
}

/** Parent by code prefix and level, for a coded tree inserted flat (one statement). */
export async function linkParents(q: Queryable, table: string, where = 'TRUE', params: unknown[] = []): Promise<void> {
  await q.query(
    `UPDATE ${table} c SET parent_id = p.id
       FROM ${table} p
      WHERE ${where.replaceAll('{t}', 'c')} AND ${where.replaceAll('{t}', 'p')}
        AND c.deleted_at IS NULL AND p.deleted_at IS NULL AND c.parent_id IS NULL
        AND p.code = regexp_replace(c.code, '\\.[^.]+$', '') AND c.code LIKE '%.%'`,
    params,
  );
}

async function seedCategories(q: Queryable, table: string, rows: CategoryRow[], chartId: string, adminId: string): Promise<void> {
  const data = rows.map(([code, name, account, dfcClass, dfcLine]) => ({ code, name, account: account ?? null, dfcClass: dfcClass ?? null, dfcLine: dfcLine ?? null }));
  await q.query(
    `INSERT INTO ${table} (code, name, type, ledger_account_id, dfc_class, dfc_line, active, created_by, updated_by)
     SELECT r.code, r.name, CASE WHEN r.account IS NULL THEN 'S' ELSE 'A' END, la.id, r."dfcClass", r."dfcLine", true, $3, $3
       FROM jsonb_to_recordset($1::jsonb) AS r(code text, name text, account text, "dfcClass" text, "dfcLine" text)
       LEFT JOIN ledger_accounts la ON la.code = r.account AND la.chart_account_id = $2 AND la.deleted_at IS NULL
      WHERE NOT EXISTS (SELECT 1 FROM ${table} x WHERE x.code = r.code AND x.deleted_at IS NULL)`,
    [JSON.stringify(data), chartId, adminId],
  );
  await linkParents(q, table);
}

/**
 * Accounting and finance catalogues of the demo company: the standard chart of accounts with its BP/DRE
 * groups, expense and revenue categories mapped to ledger accounts and DFC lines, cost centers,
 * departments and the bank accounts (Itaú, Banco do Brasil, Nubank) plus the petty cash.
 */
const area: DemoArea = {
  key: 'accounting@1',
  async run({ q, orgId, adminId, today }) {
    const chart = await q.query<{ id: string }>(
      `INSERT INTO chart_accounts (name, code_mask, description, active, created_by, updated_by)
       VALUES ('Plano de contas padrão', '9.9.99.999', 'Plano das empresas do grupo, na estrutura da Lei 6.404/76 e do CPC 26.', true, $1, $1)
       RETURNING id`,
      [adminId],
    );
    const chartId = chart.rows[0].id;
    await q.query(
      `INSERT INTO accounting_groups (chart_account_id, code, name, statement, section, sign, "order", active, created_by, updated_by)
       SELECT $2, r.code, r.name, r.statement, r.section, r.sign, r."order", true, $3, $3
         FROM jsonb_to_recordset($1::jsonb) AS r(code text, name text, statement text, section text, sign bigint, "order" bigint)`,
      [JSON.stringify(GROUPS.map(([code, name, statement, section, sign, order]) => ({ code, name, statement, section, sign, order }))), chartId, adminId],
    );
    await q.query(
      `INSERT INTO ledger_accounts (chart_account_id, code, name, level, type, nature, contra, accounting_group_id, active, created_by, updated_by)
       SELECT $2, r.code, r.name, array_length(string_to_array(r.code, '.'), 1), CASE WHEN r.grp IS NULL THEN 'S' ELSE 'A' END,
              r.nature, r.contra, g.id, true, $3, $3
         FROM jsonb_to_recordset($1::jsonb) AS r(code text, name text, nature text, contra boolean, grp text)
         LEFT JOIN accounting_groups g ON g.chart_account_id = $2 AND g.code = r.grp`,
      [JSON.stringify(ACCOUNTS.map(([code, name, nature, contra, grp]) => ({ code, name, nature, contra, grp: grp ?? null }))), chartId, adminId],
    );
    await linkParents(q, 'ledger_accounts', '{t}.chart_account_id = $1', [chartId]);
    await seedCategories(q, 'expense_categories', EXPENSE_CATEGORIES, chartId, adminId);
    await seedCategories(q, 'revenue_categories', REVENUE_CATEGORIES, chartId, adminId);

    await q.query(
      `INSERT INTO cost_centers (organization_id, code, name, type, monthly_budget, active, created_by, updated_by)
       SELECT $2, r.code, r.name, CASE WHEN r.budget IS NULL THEN 'S' ELSE 'A' END, r.budget, true, $3, $3
         FROM jsonb_to_recordset($1::jsonb) AS r(code text, name text, budget bigint)
        WHERE NOT EXISTS (SELECT 1 FROM cost_centers x WHERE x.organization_id = $2 AND x.code = r.code AND x.deleted_at IS NULL)`,
      [JSON.stringify(COST_CENTERS.map(([code, name, budget]) => ({ code, name, budget: budget ?? null }))), orgId, adminId],
    );
    await linkParents(q, 'cost_centers', '{t}.organization_id = $1', [orgId]);
    await q.query(
      `INSERT INTO departments (organization_id, code, name, manager_id, default_cost_center_id, email, active, created_by, updated_by)
       SELECT $2, r.code, r.name, u.id, cc.id, r.email, true, $3, $3
         FROM jsonb_to_recordset($1::jsonb) AS r(code text, name text, cc text, email text)
         LEFT JOIN cost_centers cc ON cc.organization_id = $2 AND cc.code = r.cc AND cc.deleted_at IS NULL
         LEFT JOIN users u ON lower(u.email) = r.email`,
      [JSON.stringify(DEPARTMENTS.map(([code, name, cc, email]) => ({ code, name, cc, email }))), orgId, adminId],
    );
    await q.query(
      `INSERT INTO bank_accounts (organization_id, name, type, bank_id, agency, agency_digit, account, account_digit, pix_key,
                                  opening_balance, opening_balance_date, active, created_by, updated_by)
       SELECT $2, r.name, r.type,
              (SELECT b.id FROM banks b WHERE b.compe = r.compe AND b.deleted_at IS NULL ORDER BY b.participates_compe DESC, b.created_at LIMIT 1),
              r.agency, r."agencyDigit", r.account, r."accountDigit", r."pixKey", r."openingBalance", $3::date, true, $4, $4
         FROM jsonb_to_recordset($1::jsonb) AS r(name text, type text, compe text, agency text, "agencyDigit" text, account text,
                                                 "accountDigit" text, "pixKey" text, "openingBalance" bigint)
        WHERE NOT EXISTS (SELECT 1 FROM bank_accounts x WHERE x.organization_id = $2 AND x.name = r.name AND x.deleted_at IS NULL)`,
      [JSON.stringify(BANK_ACCOUNTS), orgId, openingDate(today), adminId],
    );
  },
};
export default area;
