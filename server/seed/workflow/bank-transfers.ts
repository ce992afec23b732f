import type { WorkflowArea, WorkflowContext } from '../workflow.ts';
import { transferBetweenAccounts } from '../../finance/workflow/transfer.ts';

/**
 * Transferências entre contas próprias of the demo (D60), through the same action the statement's "Transferir
 * para outra conta" calls: the demo organization's first bank account feeds the others once a month, for the last
 * three months (dates after every opening balance, never after today), as the finance user.
 */

const iso = (d: Date) => d.toISOString().slice(0, 10);

async function run(ctx: WorkflowContext): Promise<void> {
  const { q, engine, orgId } = ctx;
  const { rows: accounts } = await q.query<{ id: string; name: string; opened: string }>(
    `SELECT id, name, opening_balance_date AS opened FROM bank_accounts
      WHERE organization_id = $1 AND active AND deleted_at IS NULL AND opening_balance_date IS NOT NULL ORDER BY created_at, name`,
    [orgId],
  );
  if (accounts.length < 2) return;
  const financeiro = await ctx.as('financeiro@demo.com.br');
  const realToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const today = ctx.today < realToday ? ctx.today : realToday;
  const [main, ...others] = accounts;
  const latestOpening = accounts.reduce((m, a) => (a.opened > m ? a.opened : m), '');
  for (let back = 3; back >= 1; back--) {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(5);
    d.setUTCMonth(d.getUTCMonth() - back + 1);
    const date = iso(d) > today ? today : iso(d);
    if (date < latestOpening) continue;
    for (const [i, to] of others.slice(0, 2).entries()) {
      await transferBetweenAccounts(engine, {
        fromBankAccountId: main.id,
        toBankAccountId: to.id,
        date,
        amount: (i + 1) * 1_500_000 + back * 25_000,
        description: `Reforço de saldo: ${main.name} → ${to.name}`,
      }, financeiro);
    }
  }
}

const area: WorkflowArea = { key: 'bank-transfers@1', run };
export default area;
