import type { Queryable } from '../../db/index.ts';
import { generateFinance, type FinanceRefs, type FinanceRows, type Party, type Row } from './finance/generate.ts';
import type { DemoArea, DemoContext } from './types.ts';

/**
 * Contas a pagar e a receber: twelve months up to the demo's "today" (~3.000 lançamentos a pagar and
 * ~2.000 a receber with their parcelas), statuses consistent with the dates. Draws on the catalogues of
 * the areas before it (categories of 10-accounting, companies of 20-companies, cost centers and bank
 * accounts, created here only when the organization has none). Set-based inserts: one statement per table.
 */

const SUPPLIER_KINDS = ['FORNECEDOR', 'PRESTADOR', 'TRANSPORTADORA', 'COLABORADOR', 'OUTROS'];

const DEFAULT_COST_CENTERS = [
  ['01', 'Administrativo'],
  ['02', 'Comercial'],
  ['03', 'Operações e logística'],
  ['04', 'Tecnologia'],
  ['05', 'Financeiro'],
];

async function costCenters(q: Queryable, orgId: string, actor: string) {
  const list = () =>
    q.query<{ id: string; name: string }>(
      `SELECT id, name FROM cost_centers WHERE organization_id = $1 AND type = 'A' AND active AND deleted_at IS NULL ORDER BY code`,
      [orgId],
    );
  let { rows } = await list();
  if (!rows.length) {
    await q.query(
      `INSERT INTO cost_centers (organization_id, code, name, type, active, created_by, updated_by)
       SELECT $1, c->>0, c->>1, 'A', true, $3, $3 FROM jsonb_array_elements($2::jsonb) c`,
      [orgId, JSON.stringify(DEFAULT_COST_CENTERS), actor],
    );
    ({ rows } = await list());
  }
  return rows;
}

async function bankAccounts(q: Queryable, orgId: string, actor: string, today: string) {
  const list = () =>
    q.query<{ id: string; compe: string | null }>(
      `SELECT a.id, b.compe FROM bank_accounts a LEFT JOIN banks b ON b.id = a.bank_id
        WHERE a.organization_id = $1 AND a.active AND a.type <> 'CAIXA' AND a.deleted_at IS NULL ORDER BY a.created_at, a.name`,
      [orgId],
    );
  let { rows } = await list();
  if (!rows.length) {
    await q.query(
      `INSERT INTO bank_accounts (organization_id, name, type, bank_id, agency, account, account_digit, opening_balance, opening_balance_date, active, created_by, updated_by)
       SELECT $1, v.name, 'CONTA_CORRENTE', b.id, v.agency, v.account, v.digit, v.balance, $3::date - 400, true, $2, $2
         FROM (VALUES ('Itaú — Conta Movimento', '341', '0912', '45871', '3', 35000000::bigint),
                      ('Banco do Brasil — Conta Movimento', '001', '1607', '208344', '7', 12000000::bigint)) AS v(name, compe, agency, account, digit, balance)
         JOIN banks b ON b.compe = v.compe AND b.deleted_at IS NULL`,
      [orgId, actor, today],
    );
    ({ rows } = await list());
  }
  return rows;
}

/** The catalogues of `ctx.orgId` the generator draws from (cost centers and bank accounts created when it has none). */
export async function lookups(ctx: DemoContext): Promise<FinanceRefs> {
  const { q, orgId, adminId, today } = ctx;
  const users = await q.query<{ id: string; email: string }>(`SELECT id, email FROM users WHERE email = ANY($1::text[])`, [
    ['compras@demo.com.br', 'financeiro@demo.com.br'],
  ]);
  const byEmail = new Map(users.rows.map((u) => [u.email, u.id]));
  const parties = await q.query<Party>(
    `SELECT c.id, trim(c.legal_name || ' ' || coalesce(c.trade_name, '')) AS name, c.document, t.kind
       FROM companies c LEFT JOIN company_types t ON t.id = c.company_type_id
      WHERE c.organization_id = $1 AND c.active AND c.deleted_at IS NULL ORDER BY c.document, c.id`,
    [orgId],
  );
  const categories = (table: string) =>
    q.query<{ id: string; name: string }>(`SELECT id, name FROM ${table} WHERE type = 'A' AND active AND deleted_at IS NULL ORDER BY code`);
  const departments = await q.query<{ id: string; cc: string }>(
    `SELECT id, default_cost_center_id AS cc FROM departments WHERE organization_id = $1 AND default_cost_center_id IS NOT NULL AND deleted_at IS NULL ORDER BY code`,
    [orgId],
  );
  return {
    orgId,
    today,
    users: {
      requesters: [byEmail.get('compras@demo.com.br') ?? adminId, byEmail.get('financeiro@demo.com.br') ?? adminId],
      approver: byEmail.get('financeiro@demo.com.br') ?? adminId,
      authorizer: adminId,
    },
    suppliers: parties.rows.filter((p) => !p.kind || SUPPLIER_KINDS.includes(p.kind)),
    customers: parties.rows.filter((p) => p.kind === 'CLIENTE'),
    expenseCategories: (await categories('expense_categories')).rows,
    revenueCategories: (await categories('revenue_categories')).rows,
    costCenters: await costCenters(q, orgId, adminId),
    departmentByCostCenter: new Map(departments.rows.toReversed().map((d) => [d.cc, d.id])),
    bankAccounts: await bankAccounts(q, orgId, adminId, today),
  };
}

const HEADER_COLUMNS = `id uuid, organization_id uuid, document_type text, document_number text, issue_date date, competence text,
  description text, amount bigint, interest bigint, fine bigint, discount bigint, net_amount bigint, installment_count bigint,
  first_due_date date, cost_center_id uuid, category_id uuid, department_id uuid, payment_method text, bank_account_id uuid,
  boleto_line text, pix_code text, status text, next_due_date date, status_reason text, created_at timestamptz, updated_at timestamptz`;
const INSTALLMENT_COLUMNS = `id uuid, organization_id uuid, cost_center_id uuid, label text, "number" bigint, "count" bigint, due_date date,
  original_due_date date, amount bigint, interest bigint, fine bigint, discount bigint, payment_method text, bank_account_id uuid,
  boleto_line text, pix_code text, status text, created_at timestamptz, updated_at timestamptz`;

/** One INSERT … SELECT FROM jsonb_to_recordset per table: thousands of rows in a single round trip. */
async function insertAll(q: Queryable, table: string, columns: string, rows: Row[], actor: string): Promise<void> {
  if (!rows.length) return;
  const names = columns.split(',').map((c) => c.trim().split(/\s+/)[0]);
  await q.query(
    `INSERT INTO ${table} (${names.join(', ')}, created_by, updated_by)
     SELECT ${names.map((n) => `r.${n}`).join(', ')}, $2::uuid, $2::uuid FROM jsonb_to_recordset($1::jsonb) AS r(${columns})`,
    [JSON.stringify(rows), actor],
  );
}

/**
 * Bulk load: the secondary indexes of `tables` are dropped, the rows inserted, and the indexes rebuilt from
 * their own definitions — building an index once over all rows is several times faster than updating 60-odd
 * indexes row by row. Foreign-key triggers are skipped during the load where the database allows it
 * (`session_replication_role`, superuser: PGlite, a local PostgreSQL); every id inserted here was read from
 * its table in this same transaction or generated with its parent, and a server test checks the seeded
 * references with anti-joins. Everything runs in the seeding transaction: on error it all rolls back.
 */
async function bulkLoad(q: Queryable, tables: string[], load: () => Promise<void>): Promise<void> {
  const { rows } = await q.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [tables],
  );
  for (const r of rows) await q.query(`DROP INDEX ${JSON.stringify(r.name)}`);
  const superuser = (await q.query<{ s: boolean }>(`SELECT rolsuper AS s FROM pg_roles WHERE rolname = current_user`)).rows[0]?.s;
  if (superuser) await q.query(`SET LOCAL session_replication_role = replica`);
  await load();
  if (superuser) await q.query(`SET LOCAL session_replication_role = origin`);
  for (const r of rows) await q.query(r.def);
}

/** Inserts generated payables, receivables and their parcelas: one statement per table. */
export async function insertFinanceRows(q: Queryable, rows: FinanceRows, actor: string): Promise<void> {
  const payCols = `${HEADER_COLUMNS}, supplier_id uuid, pix_key text, paid_amount bigint, requester_id uuid, approved_by uuid,
    approved_at timestamptz, authorized_by uuid, authorized_at timestamptz`;
  await insertAll(q, 'payables', payCols, rows.payables, actor);
  await insertAll(q, 'payable_installments', `${INSTALLMENT_COLUMNS}, payable_id uuid, supplier_id uuid, paid_amount bigint, paid_at date`, rows.payableInstallments, actor);
  await insertAll(q, 'receivables', `${HEADER_COLUMNS}, customer_id uuid, received_amount bigint`, rows.receivables, actor);
  await insertAll(q, 'receivable_installments', `${INSTALLMENT_COLUMNS}, receivable_id uuid, customer_id uuid, received_amount bigint, received_at date`, rows.receivableInstallments, actor);
}

const area: DemoArea = {
  key: 'finance@1',
  async run(ctx) {
    const rows = generateFinance(await lookups(ctx));
    const { q, adminId } = ctx;
    const tables = ['payables', 'payable_installments', 'receivables', 'receivable_installments'];
    await bulkLoad(q, tables, () => insertFinanceRows(q, rows, adminId));
    // Fresh statistics: the planner sees thousands of rows, not the empty tables of the sync.
    for (const t of tables) await q.query(`ANALYZE ${t}`);
  },
};
export default area;
