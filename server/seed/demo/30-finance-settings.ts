import { cnpjCheckDigits } from '../../../src/engine/formats/cnpj.ts';
import type { Queryable } from '../../db/index.ts';
import type { DemoArea } from './types.ts';

/**
 * The example approval queue (payables from R$ 5.000,00: finance manager, then the board) and the
 * recurring bills of the demo company's utilities, landlord and service providers. Runs after the
 * catalogues (10-accounting) and the companies (20-companies): a supplier is found by name, or created
 * when that area did not make one.
 */

interface BillSeed {
  description: string;
  billType: string;
  supplier: { match: RegExp; name: string; base: string };
  contractNumber: string;
  category: string;
  costCenter: string;
  department: string;
  paymentMethod: string;
  bankAccount?: string;
  amountType: 'FIXO' | 'VARIAVEL';
  amount: number;
  dueDay: number;
  adjustment?: [string, number];
}

const BILLS: BillSeed[] = [
  {
    description: 'Aluguel da sede',
    billType: 'ALUGUEL',
    supplier: { match: /imobili|alugue|locac|locador|empreendimentos imob/, name: 'Paulista Empreendimentos Imobiliários Ltda', base: '482193570001' },
    contractNumber: 'Contrato de locação 2024/017',
    category: '2.01',
    costCenter: '01.01',
    department: 'DIR',
    paymentMethod: 'BOLETO',
    amountType: 'FIXO',
    amount: 1_850_000,
    dueDay: 10,
    adjustment: ['IGPM', 3],
  },
  {
    description: 'Energia elétrica da sede',
    billType: 'ENERGIA',
    supplier: { match: /energia|enel\b|cpfl|cemig|copel|celesc|eletropaulo/, name: 'Eletropaulo Distribuição de Energia S.A.', base: '610953120001' },
    contractNumber: 'Instalação 0045123987',
    category: '2.02',
    costCenter: '01.01',
    department: 'DIR',
    paymentMethod: 'GUIA_ARRECADACAO',
    amountType: 'VARIAVEL',
    amount: 450_000,
    dueDay: 18,
  },
  {
    description: 'Água e esgoto da sede',
    billType: 'AGUA',
    supplier: { match: /sabesp|saneamento|agua|sanepar|copasa|cedae/, name: 'Companhia de Saneamento do Estado (demonstração)', base: '437761080001' },
    contractNumber: 'RGI 0123456789',
    category: '2.03',
    costCenter: '01.01',
    department: 'DIR',
    paymentMethod: 'DEBITO_AUTOMATICO',
    bankAccount: 'Itaú Matriz',
    amountType: 'VARIAVEL',
    amount: 65_000,
    dueDay: 22,
  },
  {
    description: 'Internet e telefonia',
    billType: 'INTERNET',
    supplier: { match: /vivo|claro|tim\b|telecom|telefonica|oi\b/, name: 'Conecta Telecomunicações Ltda', base: '027583640001' },
    contractNumber: 'Cliente 7788120',
    category: '2.04',
    costCenter: '01.04',
    department: 'TI',
    paymentMethod: 'BOLETO',
    amountType: 'FIXO',
    amount: 89_990,
    dueDay: 5,
  },
  {
    description: 'ERP e e-mail na nuvem',
    billType: 'SOFTWARE',
    supplier: { match: /software|sistemas|cloud|nuvem/, name: 'Nuvem Sistemas Ltda', base: '351207790001' },
    contractNumber: 'Assinatura 2025-NS-0412',
    category: '2.07',
    costCenter: '01.04',
    department: 'TI',
    paymentMethod: 'CARTAO_CREDITO',
    amountType: 'FIXO',
    amount: 249_900,
    dueDay: 1,
  },
  {
    description: 'Honorários contábeis',
    billType: 'SERVICOS',
    supplier: { match: /contab|contadores|assessoria/, name: 'Exata Contabilidade e Assessoria Ltda', base: '190446320001' },
    contractNumber: 'Proposta 112/2024',
    category: '2.08',
    costCenter: '01.02',
    department: 'FIN',
    paymentMethod: 'PIX',
    amountType: 'FIXO',
    amount: 320_000,
    dueDay: 10,
    adjustment: ['IPCA', 1],
  },
];

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

async function idOf(q: Queryable, sql: string, params: unknown[]): Promise<string | null> {
  return (await q.query<{ id: string }>(sql, params)).rows[0]?.id ?? null;
}

/** The supplier of a bill among the organization's companies, or a new one of a supplier type. */
async function supplierFor(q: Queryable, orgId: string, adminId: string, seed: BillSeed['supplier']): Promise<string> {
  const { rows } = await q.query<{ id: string; name: string }>(
    `SELECT c.id, trim(c.legal_name || ' ' || coalesce(c.trade_name, '')) AS name FROM companies c
       LEFT JOIN company_types t ON t.id = c.company_type_id
      WHERE c.organization_id = $1 AND c.active AND c.deleted_at IS NULL AND coalesce(t.kind, 'FORNECEDOR') IN ('FORNECEDOR', 'PRESTADOR')
      ORDER BY c.legal_name`,
    [orgId],
  );
  const found = rows.find((r) => seed.match.test(fold(r.name)));
  if (found) return found.id;
  let type = await idOf(q, `SELECT id FROM company_types WHERE kind = 'FORNECEDOR' AND deleted_at IS NULL ORDER BY position LIMIT 1`, []);
  type ??= await idOf(q, `INSERT INTO company_types (name, kind, position, active, created_by, updated_by) VALUES ('Fornecedores', 'FORNECEDOR', 10, true, $1, $1) RETURNING id`, [adminId]);
  const document = seed.base + cnpjCheckDigits(seed.base);
  return (await idOf(
    q,
    `INSERT INTO companies (organization_id, company_type_id, person_type, document, legal_name, active, created_by, updated_by)
     VALUES ($1, $2, 'PJ', $3, $4, true, $5, $5) RETURNING id`,
    [orgId, type, document, seed.name, adminId],
  ))!;
}

async function seedApprovalQueue(q: Queryable, adminId: string): Promise<void> {
  const users = await q.query<{ id: string; email: string }>(`SELECT id, email FROM users WHERE email = ANY($1::text[])`, [['financeiro@demo.com.br', 'admin@demo.com.br']]);
  const byEmail = new Map(users.rows.map((u) => [u.email, u.id]));
  const manager = byEmail.get('financeiro@demo.com.br') ?? adminId;
  const board = byEmail.get('admin@demo.com.br') ?? adminId;
  const queue = (await idOf(
    q,
    `INSERT INTO approvals (name, description, priority, allow_self_approval, on_reject, stage_deadline_hours, active, created_by, updated_by)
     VALUES ('Contas a pagar acima de R$ 5.000,00', 'Alçada de pagamentos: o gestor financeiro e depois a diretoria aprovam contas a pagar a partir de R$ 5.000,00.',
             10, false, 'DEVOLVER', 48, true, $1, $1) RETURNING id`,
    [adminId],
  ))!;
  await q.query(
    `INSERT INTO approval_triggers (approval_id, name, resource_name, min_amount, active, created_by, updated_by)
     VALUES ($1, 'Contas a pagar a partir de R$ 5.000,00', 'payables', 500000, true, $2, $2)`,
    [queue, adminId],
  );
  await q.query(
    `INSERT INTO approval_stages (approval_id, "order", name, rule, approver_user_ids, approver_group_ids, active, created_by, updated_by)
     VALUES ($1, 1, 'Gestor financeiro', 'ANY', $2::jsonb, '[]'::jsonb, true, $4, $4),
            ($1, 2, 'Diretoria', 'ALL', $3::jsonb, '[]'::jsonb, true, $4, $4)`,
    [queue, JSON.stringify([manager]), JSON.stringify([board]), adminId],
  );
}

const area: DemoArea = {
  key: 'finance-settings@1',
  async run({ q, orgId, adminId, today }) {
    await seedApprovalQueue(q, adminId);
    for (const bill of BILLS) {
      const supplierId = await supplierFor(q, orgId, adminId, bill.supplier);
      await q.query(
        `INSERT INTO company_bills (organization_id, description, bill_type, supplier_id, contract_number, expense_category_id, cost_center_id,
                                    department_id, payment_method, bank_account_id, amount_type, amount, frequency, due_day, lead_days, start_date,
                                    adjustment_index, adjustment_month, auto_generate, active, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5,
                 (SELECT id FROM expense_categories WHERE code = $6 AND deleted_at IS NULL),
                 (SELECT id FROM cost_centers WHERE organization_id = $1 AND code = $7 AND deleted_at IS NULL),
                 (SELECT id FROM departments WHERE organization_id = $1 AND code = $8 AND deleted_at IS NULL),
                 $9, (SELECT id FROM bank_accounts WHERE organization_id = $1 AND name = $10 AND deleted_at IS NULL),
                 $11, $12, 'MENSAL', $13, 10, date_trunc('year', $14::date)::date - interval '1 year', $15, $16, true, true, $17, $17)`,
        [
          orgId, bill.description, bill.billType, supplierId, bill.contractNumber, bill.category, bill.costCenter, bill.department,
          bill.paymentMethod, bill.bankAccount ?? null, bill.amountType, bill.amount, bill.dueDay, today,
          bill.adjustment?.[0] ?? null, bill.adjustment?.[1] ?? null, adminId,
        ],
      );
    }
  },
};
export default area;
