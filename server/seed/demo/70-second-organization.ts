import type { Queryable } from '../../db/index.ts';
import { DEMO_ORGANIZATION } from '../identity.ts';
import { addMonths } from '../../../src/engine/finance/installments.ts';
import { linkParents, openingDate } from './10-accounting.ts';
import { COMPANY_TYPES, generateCompanies, NAMED, type BankRef } from './procurement/companies.ts';
import { hasTable, insertRecords } from './procurement/insert.ts';
import { insertFinanceRows, lookups } from './50-finance.ts';
import bankMovements from './55-bank-transactions.ts';
import accountSnapshots from './60-account-snapshots.ts';
import { EXTRA_COMPANY_TYPES } from './65-cadastros-links.ts';
import { generateFinance } from './finance/generate.ts';
import { Random } from './random.ts';
import type { DemoArea, DemoContext } from './types.ts';

/** The group's second company: an industry with an alphanumeric CNPJ (domain.md §3.2: DM.7IN.D26/0001-10). */
export const SECOND_ORGANIZATION = { name: 'Demo Indústria Ltda', cnpj: 'DM7IND26000110' };

/**
 * [code, name, monthly budget in centavos, responsible e-mail]; synthetic when no budget. Codes 10–19: the
 * Matriz uses 01–03, so a code names one center of the group.
 */
const COST_CENTERS: [string, string, number | null, string | null][] = [
  ['10', 'Industrial', null, 'admin@demo.com.br'],
  ['10.01', 'Produção', 15_000_000, null],
  ['10.02', 'Manutenção industrial', 4_000_000, null],
  ['10.03', 'Qualidade', 2_500_000, null],
  ['11', 'Administrativo da fábrica', null, 'financeiro@demo.com.br'],
  ['11.01', 'Administração e financeiro da fábrica', 3_500_000, 'financeiro@demo.com.br'],
  ['11.02', 'Comercial da fábrica', 3_000_000, null],
];

const BANK_ACCOUNT = { name: 'Bradesco Indústria', compe: '237', agency: '3021', agencyDigit: '4', account: '0045871', accountDigit: '2', openingBalance: 18_000_000 };

/** How many of the generated companies of each type the industry keeps (all the named ones: landlord, utilities, public bodies). */
const COMPANY_CAPS: Record<string, number> = { FORNECEDOR: 30, PRESTADOR: 12, TRANSPORTADORA: 4, CLIENTE: 30, COLABORADOR: 8, ORGAO: 10 };
/** Months of payables and receivables the industry gets (the current one and the two before). */
const FINANCE_MONTHS = 3;
const BANK_CODES = ['001', '033', '104', '237', '341', '260', '077', '756', '748', '422'];

async function one(q: Queryable, sql: string, params: unknown[]): Promise<string | undefined> {
  return (await q.query<{ id: string }>(sql, params)).rows[0]?.id;
}

/** Each organization of the group registered as a company of kind PROPRIA in its own books. */
async function ownCompanies(q: Queryable, adminId: string, orgs: { id: string; name: string; cnpj: string }[]): Promise<void> {
  const own = EXTRA_COMPANY_TYPES.find((t) => t.kind === 'PROPRIA')!;
  const typeId =
    (await one(q, `SELECT id FROM company_types WHERE kind = 'PROPRIA' AND deleted_at IS NULL ORDER BY position LIMIT 1`, [])) ??
    (await one(
      q,
      `INSERT INTO company_types (name, kind, position, description, active, created_by, updated_by) VALUES ($1, 'PROPRIA', $2, $3, true, $4, $4) RETURNING id`,
      [own.name, own.position, own.description, adminId],
    ));
  for (const o of orgs) {
    await q.query(
      `INSERT INTO companies (organization_id, company_type_id, person_type, document, legal_name, tax_regime, active, created_by, updated_by)
       SELECT $1, $2, 'PJ', $3, $4, 'LUCRO_PRESUMIDO', true, $5, $5
        WHERE NOT EXISTS (SELECT 1 FROM companies WHERE organization_id = $1 AND company_type_id = $2 AND document = $3 AND deleted_at IS NULL)`,
      [o.id, typeId, o.cnpj, o.name, adminId],
    );
  }
}

/** Suppliers, customers, employees and public bodies of the industry: a share of a generated set (other seed, other ids). */
async function companies(q: Queryable, orgId: string, adminId: string): Promise<void> {
  const types = await q.query<{ id: string; name: string }>('SELECT id, name FROM company_types WHERE deleted_at IS NULL');
  const typeId = new Map(COMPANY_TYPES.map((t) => [t.key as string, types.rows.find((r) => r.name === t.name)?.id]));
  const banks = await q.query<BankRef>(`SELECT id, compe FROM banks WHERE compe = ANY($1::text[]) AND deleted_at IS NULL ORDER BY compe`, [BANK_CODES]);
  const named = new Set(NAMED.map((n) => n.legalName));
  const taken = new Map<string, number>();
  const existing = await q.query<{ key: string }>(`SELECT document || '/' || company_type_id AS key FROM companies WHERE organization_id = $1 AND deleted_at IS NULL`, [orgId]);
  const seen = new Set(existing.rows.map((r) => r.key));
  const records = generateCompanies(new Random(70_2026), banks.rows)
    .companies.filter((c) => {
      if (named.has(c.legalName)) return true;
      const n = (taken.get(c.companyTypeId) ?? 0) + 1;
      taken.set(c.companyTypeId, n);
      return n <= (COMPANY_CAPS[c.companyTypeId] ?? 0);
    })
    .map(({ id, companyTypeId, ...c }) => ({ id, organizationId: orgId, companyTypeId: typeId.get(companyTypeId), ...c }))
    .filter((c) => c.companyTypeId && !seen.has(`${c.document}/${c.companyTypeId}`));
  await insertRecords(q, 'companies', records, adminId);
}

async function costCentersAndAccount(q: Queryable, orgId: string, adminId: string, today: string): Promise<void> {
  await q.query(
    `INSERT INTO cost_centers (organization_id, code, name, type, monthly_budget, responsible_id, active, created_by, updated_by)
     SELECT $2, r.code, r.name, CASE WHEN r.budget IS NULL THEN 'S' ELSE 'A' END, r.budget, u.id, true, $3, $3
       FROM jsonb_to_recordset($1::jsonb) AS r(code text, name text, budget bigint, email text)
       LEFT JOIN users u ON lower(u.email) = r.email
      WHERE NOT EXISTS (SELECT 1 FROM cost_centers x WHERE x.organization_id = $2 AND x.code = r.code AND x.deleted_at IS NULL)`,
    [JSON.stringify(COST_CENTERS.map(([code, name, budget, email]) => ({ code, name, budget, email }))), orgId, adminId],
  );
  await linkParents(q, 'cost_centers', '{t}.organization_id = $1', [orgId]);
  const a = BANK_ACCOUNT;
  await q.query(
    `INSERT INTO bank_accounts (organization_id, name, type, bank_id, agency, agency_digit, account, account_digit, ledger_account_id,
                                opening_balance, opening_balance_date, allow_negative_balance, active, created_by, updated_by)
     SELECT $1, $2, 'CONTA_CORRENTE',
            (SELECT b.id FROM banks b WHERE b.compe = $3 AND b.deleted_at IS NULL ORDER BY b.participates_compe DESC, b.created_at LIMIT 1),
            $4, $5, $6, $7,
            (SELECT la.id FROM ledger_accounts la JOIN chart_accounts c ON c.id = la.chart_account_id
              WHERE la.code = '1.1.01.002' AND la.deleted_at IS NULL AND c.deleted_at IS NULL ORDER BY c.created_at LIMIT 1),
            $8, $9::date, false, true, $10, $10
      WHERE NOT EXISTS (SELECT 1 FROM bank_accounts x WHERE x.organization_id = $1 AND x.name = $2 AND x.deleted_at IS NULL)`,
    [orgId, a.name, a.compe, a.agency, a.agencyDigit, a.account, a.accountDigit, a.openingBalance, openingDate(today), adminId],
  );
}

/** The industry's payables and receivables of the last months, by the generator of 50-finance (its own seed). */
async function finance(ctx: DemoContext): Promise<void> {
  const { q, orgId, adminId, today } = ctx;
  if ((await q.query('SELECT 1 FROM payables WHERE organization_id = $1 LIMIT 1', [orgId])).rows.length) return;
  const refs = await lookups(ctx);
  const all = generateFinance(refs, 70_2026);
  const from = addMonths(`${today.slice(0, 7)}-01`, 1 - FINANCE_MONTHS);
  const keep = <T extends Record<string, unknown>>(rows: T[]) => rows.filter((r) => String(r.issue_date) >= from);
  const payables = keep(all.payables);
  const receivables = keep(all.receivables);
  const payIds = new Set(payables.map((p) => p.id));
  const recIds = new Set(receivables.map((r) => r.id));
  await insertFinanceRows(
    q,
    {
      payables,
      payableInstallments: all.payableInstallments.filter((i) => payIds.has(i.payable_id)),
      receivables,
      receivableInstallments: all.receivableInstallments.filter((i) => recIds.has(i.receivable_id)),
    },
    adminId,
  );
}

/**
 * A second company of the group, Demo Indústria Ltda (alphanumeric CNPJ): its cost centers (10–11), a
 * Bradesco account, ~80 companies, and three months of payables and receivables with their bank movements,
 * closing balances and a pending bank-API token (the areas 50, 55 and 60 run for it). Both organizations
 * are registered as companies of kind PROPRIA, and the ACL "grupo" (Grupo Demo) lists both, for a policy
 * that should reach the whole group. Only the SystemOwner sees the industry by default: the Compras and
 * Financeiro users keep the record scope of their own organization (the Matriz).
 */
const area: DemoArea = {
  key: 'second-organization@1',
  async run(ctx) {
    const { q, orgId: matriz, adminId } = ctx;
    await q.query('INSERT INTO organizations (name, cnpj) VALUES ($1, $2) ON CONFLICT (cnpj) WHERE cnpj IS NOT NULL DO NOTHING', [
      SECOND_ORGANIZATION.name,
      SECOND_ORGANIZATION.cnpj,
    ]);
    const orgId = (await one(q, 'SELECT id FROM organizations WHERE cnpj = $1', [SECOND_ORGANIZATION.cnpj]))!;
    const app = await one(q, `SELECT id FROM applications WHERE name = 'back-office' AND deleted_at IS NULL`, []);
    if (app) {
      const acl = await one(
        q,
        `INSERT INTO application_acls (application_id, name, title, scopes) SELECT $1, 'grupo', 'Grupo Demo (Matriz e Indústria)', '["read"]'::jsonb
          WHERE NOT EXISTS (SELECT 1 FROM application_acls WHERE application_id = $1 AND name = 'grupo') ON CONFLICT DO NOTHING RETURNING id`,
        [app],
      );
      if (acl) {
        await q.query(`INSERT INTO application_acl_items (acl_id, kind, organization_id) VALUES ($1, 'organization', $2), ($1, 'organization', $3)`, [acl, matriz, orgId]);
      }
    }
    const industry = { ...ctx, orgId };
    await costCentersAndAccount(q, orgId, adminId, ctx.today);
    if (!(await hasTable(q, 'companies')) || !(await hasTable(q, 'company-types'))) return;
    await ownCompanies(q, adminId, [
      { id: matriz, name: DEMO_ORGANIZATION.name, cnpj: DEMO_ORGANIZATION.cnpj },
      { id: orgId, name: SECOND_ORGANIZATION.name, cnpj: SECOND_ORGANIZATION.cnpj },
    ]);
    await companies(q, orgId, adminId);
    if (!(await hasTable(q, 'payables')) || !(await hasTable(q, 'receivables'))) return;
    await finance(industry);
    if (await hasTable(q, 'bank-transactions')) await bankMovements.run(industry);
    if ((await hasTable(q, 'account-balances')) && (await hasTable(q, 'account-tokens'))) await accountSnapshots.run(industry);
  },
};
export default area;
