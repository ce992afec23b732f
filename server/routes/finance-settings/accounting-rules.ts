import { badRequest, type FieldErrors } from '../../lib/errors.ts';
import type { ResourceHooks, WriteContext } from '../../resources/index.ts';
import { childrenLock, levelOf, maskProblem, resolveParent, type TreeSpec } from './tree.ts';

const NATURE = { D: 'Devedora', C: 'Credora' } as const;

function merge(into: FieldErrors, from: FieldErrors): void {
  for (const [k, v] of Object.entries(from)) into[k] = [...(into[k] ?? []), ...v];
}

/** A write's errors so far → 400 when there are any. */
function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length) throw badRequest(errors);
}

/**
 * Ledger accounts (domain.md §1.4): the code follows the chart's mask and starts with the parent's code;
 * the parent is synthetic and in the same chart; a non-contra account has its parent's nature, a contra
 * account the opposite; the accounting group belongs to the same chart; an account with subordinates
 * keeps its code and stays synthetic; an account used by categories stays analytic. `level` and an empty
 * `parentId` are filled in.
 */
async function ledgerAccountRules(ctx: WriteContext): Promise<void> {
  const { q, record, stored, action } = ctx;
  if (action === 'delete') return;
  const errors: FieldErrors = {};
  const chartId = String(record.chartAccountId);
  const code = String(record.code);
  const chart = (await q.query<{ code_mask: string }>('SELECT code_mask FROM chart_accounts WHERE id = $1::uuid', [chartId])).rows[0];
  const problem = chart ? maskProblem(code, chart.code_mask) : undefined;
  if (problem) errors.code = [problem];
  record.level = levelOf(code);

  const spec: TreeSpec = { table: 'ledger_accounts', partition: { column: 'chart_account_id', value: chartId }, noun: 'conta' };
  if (!problem) {
    const { parent, errors: parentErrors } = await resolveParent(q, spec, record);
    merge(errors, parentErrors);
    if (parent?.nature && (record.nature === 'D' || record.nature === 'C')) {
      const opposite = parent.nature === 'D' ? 'C' : 'D';
      if (record.contra && record.nature !== opposite) {
        errors.nature = [`Contas redutoras têm a natureza oposta à da conta superior: ${NATURE[opposite]}.`];
      } else if (!record.contra && record.nature !== parent.nature) {
        errors.nature = [`A natureza é a da conta superior (${NATURE[parent.nature]}), a não ser em contas redutoras.`];
      }
    }
  }
  if (typeof record.accountingGroupId === 'string') {
    const { rows } = await q.query<{ chart_account_id: string }>('SELECT chart_account_id FROM accounting_groups WHERE id = $1::uuid', [record.accountingGroupId]);
    if (rows[0] && rows[0].chart_account_id !== chartId) errors.accountingGroupId = ['Este grupo contábil é de outro plano de contas.'];
  }
  if (stored) {
    merge(errors, await childrenLock(q, spec, record, stored));
    if (stored.type === 'A' && record.type === 'S') {
      const { rows } = await q.query(
        `SELECT 1 FROM expense_categories WHERE ledger_account_id = $1::uuid AND deleted_at IS NULL
         UNION ALL SELECT 1 FROM revenue_categories WHERE ledger_account_id = $1::uuid AND deleted_at IS NULL LIMIT 1`,
        [stored.id],
      );
      if (rows.length) (errors.type ??= []).push('Categorias lançam nesta conta: ela continua analítica.');
    }
  }
  throwIfAny(errors);
}

/**
 * Expense and revenue categories: coded tree like the ledger accounts (without a mask), and an analytic
 * category posts to an active analytic ledger account.
 */
function categoryRules(table: 'expense_categories' | 'revenue_categories') {
  return async (ctx: WriteContext): Promise<void> => {
    const { q, record, stored, action } = ctx;
    if (action === 'delete') return;
    const errors: FieldErrors = {};
    const spec: TreeSpec = { table, noun: 'categoria' };
    merge(errors, (await resolveParent(q, spec, record)).errors);
    if (typeof record.ledgerAccountId === 'string') {
      const { rows } = await q.query<{ type: string; active: boolean; code: string }>('SELECT type, active, code FROM ledger_accounts WHERE id = $1::uuid', [
        record.ledgerAccountId,
      ]);
      const account = rows[0];
      if (account && account.type !== 'A') errors.ledgerAccountId = [`A conta ${account.code} é sintética: escolha uma conta analítica, que recebe lançamentos.`];
      else if (account && !account.active && record.ledgerAccountId !== stored?.ledgerAccountId) errors.ledgerAccountId = [`A conta ${account.code} está inativa.`];
    }
    if (stored) merge(errors, await childrenLock(q, spec, record, stored));
    throwIfAny(errors);
  };
}

export const ledgerAccountHooks: ResourceHooks = { beforeWrite: ledgerAccountRules };
export const expenseCategoryHooks: ResourceHooks = { beforeWrite: categoryRules('expense_categories') };
export const revenueCategoryHooks: ResourceHooks = { beforeWrite: categoryRules('revenue_categories') };
