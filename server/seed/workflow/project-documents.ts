import type { Principal } from '../../lib/principal.ts';
import { createRecord } from '../../resources/index.ts';
import { runPayableAction } from '../../finance/workflow/lancamentos.ts';
import type { WorkflowArea, WorkflowContext } from '../workflow.ts';

/**
 * Contas a pagar of the demo's projects (so the reports' project filter shows figures), through the same actions
 * people take: the finance user registers and sends each one, the administrator approves it (the approval posts
 * the accrual in its competence month, with the project on the journal lines). Amounts below the demo's approval
 * queue (payables from R$ 5.000,00), so the approval is direct; one held by a queue would stay there, as for a person.
 */

type Row = Record<string, unknown> & { id: string; version: number };

const PLAN: Record<string, [description: string, amount: number, monthsBack: number][]> = {
  'REFORMA-SEDE': [
    ['Reforma do 3º andar — demolição e alvenaria', 485_000, 2],
    ['Reforma do 3º andar — instalações elétricas', 323_000, 1],
    ['Reforma do 3º andar — pintura e acabamento', 264_000, 0],
  ],
  'ERP-2027': [['Implantação do novo ERP — levantamento de processos', 498_000, 0]],
};

const monthOf = (today: string, back: number) => {
  const d = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 - back, 1));
  return d.toISOString().slice(0, 7);
};

async function run(ctx: WorkflowContext): Promise<void> {
  const { q, engine, orgId } = ctx;
  if (!engine.registry.has('projects')) return;
  const projects = (await q.query<{ id: string; code: string; costCenterId: string | null }>(
    `SELECT id, code, cost_center_id AS "costCenterId" FROM projects WHERE organization_id = $1 AND deleted_at IS NULL`,
    [orgId],
  )).rows;
  const supplier = (await q.query<{ id: string }>(
    `SELECT c.id FROM companies c JOIN company_types t ON t.id = c.company_type_id AND t.kind IN ('FORNECEDOR', 'PRESTADOR')
      WHERE c.organization_id = $1 AND c.active AND c.deleted_at IS NULL ORDER BY c.document LIMIT 1`,
    [orgId],
  )).rows[0]?.id;
  const category = (await q.query<{ id: string }>(
    `SELECT id FROM expense_categories WHERE type = 'A' AND ledger_account_id IS NOT NULL AND active AND deleted_at IS NULL
      ORDER BY (f_unaccent(lower(name)) LIKE '%manutenc%') DESC, (f_unaccent(lower(name)) LIKE '%servico%') DESC, code LIMIT 1`,
  )).rows[0]?.id;
  const fallbackCc = (await q.query<{ id: string }>(`SELECT id FROM cost_centers WHERE organization_id = $1 AND type = 'A' AND active AND deleted_at IS NULL ORDER BY code LIMIT 1`, [orgId])).rows[0]?.id;
  if (!projects.length || !supplier || !category || !fallbackCc) return;
  const [financeiro, admin] = await Promise.all([ctx.as('financeiro@demo.com.br'), ctx.as('admin@demo.com.br')]);
  const realToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const today = ctx.today < realToday ? ctx.today : realToday;
  const act = (r: Row, action: 'enviar' | 'aprovar', who: Principal) => runPayableAction(engine, action, r.id, r.version, { comment: null }, who);
  for (const project of projects) {
    for (const [description, amount, back] of PLAN[project.code] ?? []) {
      const competence = monthOf(today, back);
      const issueDate = back ? `${competence}-10` : today;
      const p = await createRecord(engine, engine.registry.get('payables')!, {
        organizationId: orgId, supplierId: supplier, documentType: 'BOLETO', issueDate, competence, description, amount,
        installmentCount: 1, firstDueDate: `${monthOf(today, back - 1)}-10`, costCenterId: project.costCenterId ?? fallbackCc,
        categoryId: category, paymentMethod: 'BOLETO', projectId: project.id,
      }, financeiro) as Row;
      const sent = await act(p, 'enviar', financeiro);
      // Held by an approval queue: it waits there; else the administrator approves it directly.
      if (!sent.queue && sent.record.status === 'ABERTO') await act(sent.record as Row, 'aprovar', admin);
    }
  }
}

const area: WorkflowArea = { key: 'project-documents@1', run };
export default area;
