import type { Queryable } from '../../db/index.ts';
import { backfillLedger } from '../../ledger/backfill.ts';
import { BACK_OFFICE, REPORT_RESOURCES, SEED_POLICIES } from '../access.ts';
import type { DemoArea } from './types.ts';

/**
 * The general ledger of the demo (docs/reports.md): the posting roles mapped to the standard chart's
 * accounts (data an administrator may change), then the history of the areas before this one — opening
 * balances, accruals, settlements, manual movements — posted with the same rules as the actions
 * (server/ledger/rules.ts). What the workflow areas do afterwards posts through the actions themselves.
 */
const ROLES: [role: string, code: string, dfcClass: string | null, dfcLine: string | null][] = [
  ['FORNECEDORES', '2.1.01.001', null, null],
  ['CLIENTES', '1.1.02.001', null, null],
  ['BANCOS', '1.1.01.002', null, null],
  ['JUROS_MULTAS_PAGOS', '4.3.01.001', null, null],
  ['DESCONTOS_OBTIDOS', '3.4.01.002', null, null],
  ['JUROS_MULTAS_RECEBIDOS', '3.4.01.002', null, null],
  ['DESCONTOS_CONCEDIDOS', '4.3.01.004', null, null],
  ['MOVIMENTO_SAIDA', '4.3.01.002', 'OPERACIONAL', 'OUTROS_PAGAMENTOS_OPERACIONAIS'],
  ['MOVIMENTO_ENTRADA', '3.4.01.001', 'OPERACIONAL', 'JUROS_RECEBIDOS'],
  ['ABERTURA_PL', '2.3.01.001', null, null],
];

/**
 * A database seeded before the reports: the Financeiro and Diretoria policies get the report permissions their
 * current definition grants (new databases have them from `access.ts`).
 */
async function grantReports(q: Queryable): Promise<void> {
  const names = new Set(REPORT_RESOURCES.map((r) => r.name));
  for (const seed of SEED_POLICIES.filter((p) => p.name === 'Financeiro' || p.name === 'Diretoria')) {
    const grants = seed.resources.filter((r) => names.has(r.name));
    const { rows } = await q.query<{ id: string; resources: { name: string }[] }>(
      `SELECT p.id, p.resources FROM application_policies p JOIN applications a ON a.id = p.application_id AND a.name = $2
        WHERE p.name = $1 AND p.deleted_at IS NULL`,
      [seed.name, BACK_OFFICE.name],
    );
    for (const policy of rows) {
      const have = new Set(policy.resources.map((r) => r.name));
      const missing = grants.filter((r) => !have.has(r.name));
      if (missing.length) await q.query('UPDATE application_policies SET resources = $2::jsonb WHERE id = $1', [policy.id, JSON.stringify([...policy.resources, ...missing])]);
    }
  }
}

const area: DemoArea = {
  key: 'ledger@1',
  async run({ q, adminId, today }) {
    await q.query(
      `INSERT INTO ledger_posting_accounts (role, ledger_account_id, dfc_class, dfc_line)
       SELECT r.role, la.id, r.dfc_class, r.dfc_line
         FROM jsonb_to_recordset($1::jsonb) AS r(role text, code text, dfc_class text, dfc_line text)
         JOIN ledger_accounts la ON la.code = r.code AND la.type = 'A' AND la.deleted_at IS NULL
       ON CONFLICT (role) DO NOTHING`,
      [JSON.stringify(ROLES.map(([role, code, dfc_class, dfc_line]) => ({ role, code, dfc_class, dfc_line })))],
    );
    await backfillLedger(q, today, adminId);
    await grantReports(q);
  },
};
export default area;
