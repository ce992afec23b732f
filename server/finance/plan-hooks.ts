import { planInstallments, redistribute, spreadOver } from '../../src/engine/finance/installments.ts';
import { FINANCE_MESSAGES } from '../../src/i18n/finance.ts';
import { badRequest, HttpError } from '../lib/errors.ts';
import type { Engine, ResourceHooks, WriteContext } from '../resources/index.ts';
import type { ResourceRecord } from '../resources/types.ts';
import { CLOSED_STATUSES, type Ledger } from './ledgers.ts';
import { insertRows, rowById, rowsWhere, softDeleteRows, updateRow } from './rows.ts';

/**
 * The installment plan rules of a lançamento (docs/resources-finance-ap-ar.md §3), as write hooks of the
 * generic API, all inside the write's transaction (a refusal leaves nothing half-written):
 * - the header's `netAmount` (`x-computed`: amount + interest + fine − discount) is at least R$ 0,01 and
 *   its parcelas always sum to it exactly;
 * - creating a lançamento with N parcelas creates them (equal amounts, remainder on the last, monthly due
 *   dates from the first);
 * - changing the count or the first due date re-plans; changing only the total re-spreads it over the same
 *   due dates; both only while every parcela is still open;
 * - editing one parcela's amount moves the difference to the other open parcelas;
 * - parcelas are never created or deleted on their own; status and settled amounts only change through the
 *   workflow actions (they are `readOnly` in the schemas).
 */

/** `2/6 — Aluguel da sede`: the position first, so it shows even when a narrow column cuts the text. */
const labelOf = (description: unknown, n: number, count: number) => `${n}/${count} — ${String(description ?? '')}`;

/** The earliest due date of the parcelas still to be settled (null when none). */
const nextDueDate = (rows: readonly ResourceRecord[]): string | null =>
  rows.filter((r) => !CLOSED_STATUSES.has(String(r.status))).map((r) => String(r.dueDate)).sort()[0] ?? null;

export function headerHooks(engine: Engine, ledger: Ledger): ResourceHooks {
  const installments = () => engine.registry.get(ledger.installments)!;
  const actor = (ctx: WriteContext) => ctx.principal.userId;

  /** Values every parcela copies from its lançamento (for the queues and the record scope). */
  const copied = (h: Record<string, unknown>) => ({
    organizationId: h.organizationId,
    costCenterId: h.costCenterId,
    [ledger.partyField]: h[ledger.partyField],
  });

  const newPlan = (h: ResourceRecord) => {
    const count = Number(h.installmentCount);
    return planInstallments({ total: Number(h.netAmount), count, firstDueDate: String(h.firstDueDate) }).map((p) => ({
      [ledger.parentField]: h.id,
      ...copied(h),
      label: labelOf(h.description, p.number, p.count),
      number: p.number,
      count: p.count,
      dueDate: p.dueDate,
      originalDueDate: p.dueDate,
      amount: p.amount,
      interest: 0,
      fine: 0,
      discount: 0,
      [ledger.settledField]: 0,
      paymentMethod: h.paymentMethod ?? null,
      bankAccountId: h.bankAccountId ?? null,
      // A single parcela is the document itself: it carries its boleto or PIX code.
      boletoLine: count === 1 ? (h.boletoLine ?? null) : null,
      pixCode: count === 1 ? (h.pixCode ?? null) : null,
      status: ledger.initialStatus,
    }));
  };

  async function beforeUpdate(ctx: WriteContext): Promise<void> {
    const r = ctx.record;
    const s = ctx.stored!;
    const replan = r.installmentCount !== s.installmentCount || r.firstDueDate !== s.firstDueDate;
    if (replan) r.nextDueDate = r.firstDueDate;
    if (!replan && r.netAmount === s.netAmount) return;
    const rows = await rowsWhere(ctx.q, installments(), ledger.parentField, s.id, 'number');
    if (rows.some((x) => !ledger.openStatuses.has(String(x.status)))) {
      const field = replan ? (r.installmentCount !== s.installmentCount ? 'installmentCount' : 'firstDueDate') : 'amount';
      throw badRequest({ [field]: [FINANCE_MESSAGES.planLocked] });
    }
  }

  async function beforeDelete(ctx: WriteContext): Promise<void> {
    const s = ctx.stored!;
    const rows = await rowsWhere(ctx.q, installments(), ledger.parentField, s.id, 'number');
    if (s.status !== ledger.initialStatus || rows.some((x) => !ledger.openStatuses.has(String(x.status)))) {
      throw new HttpError(409, 'IN_USE', FINANCE_MESSAGES.deleteOnlyDraft);
    }
    await softDeleteRows(ctx.q, installments(), rows.map((x) => x.id), actor(ctx));
    ctx.invalidate(ledger.installments);
  }

  async function afterUpdate(ctx: WriteContext & { row: ResourceRecord }): Promise<void> {
    const { row, stored } = ctx;
    const s = stored!;
    const def = installments();
    const rows = await rowsWhere(ctx.q, def, ledger.parentField, row.id, 'number');
    if (row.installmentCount !== s.installmentCount || row.firstDueDate !== s.firstDueDate) {
      await softDeleteRows(ctx.q, def, rows.map((x) => x.id), actor(ctx));
      await insertRows(ctx.q, def, newPlan(row), actor(ctx));
      ctx.invalidate(ledger.installments);
      return;
    }
    const spread = row.netAmount === s.netAmount ? undefined : spreadOver(Number(row.netAmount), rows.map((x) => Number(x.amount)));
    if (spread && !spread.ok) throw badRequest({ amount: [spread.error] });
    const copies = copied(row);
    for (const [i, x] of rows.entries()) {
      const changes: Record<string, unknown> = { ...copies, label: labelOf(row.description, Number(x.number), Number(x.count)) };
      if (spread?.ok) changes.amount = spread.amounts[i];
      await updateRow(ctx.q, def, x, changes, actor(ctx));
    }
    ctx.invalidate(ledger.installments);
  }

  return {
    async beforeWrite(ctx) {
      if (ctx.action === 'delete') return beforeDelete(ctx);
      const r = ctx.record;
      // netAmount is `x-computed` (amount + interest + fine − discount): filled by the engine before this.
      if (Number(r.netAmount) < 1) throw badRequest({ discount: [FINANCE_MESSAGES.netAmountMin] });
      if (ctx.action === 'update') return beforeUpdate(ctx);
      r.status = ledger.initialStatus;
      r[ledger.settledField] = 0;
      r.nextDueDate = r.firstDueDate;
      r.statusReason = null;
      // The requester may be someone else (registered in their name); empty: the one who registers.
      if (ledger.requester) r.requesterId ??= ctx.principal.userId;
    },
    async afterWrite(ctx) {
      if (ctx.action === 'create') {
        await insertRows(ctx.q, installments(), newPlan(ctx.row), actor(ctx));
        ctx.invalidate(ledger.installments);
      } else if (ctx.action === 'update') {
        await afterUpdate(ctx);
      }
    },
  };
}

export function installmentHooks(engine: Engine, ledger: Ledger): ResourceHooks {
  const def = () => engine.registry.get(ledger.installments)!;
  const header = () => engine.registry.get(ledger.header)!;

  return {
    /**
     * The lançamento before the parcela: its edits, the plan rules and the workflow actions lock the lançamento
     * first and then its parcelas; a parcela edit locking the other way round could deadlock with them.
     */
    async beforeLock({ q, id }) {
      const parentColumn = ledger.parentField === 'payableId' ? 'payable_id' : 'receivable_id';
      const { rows } = await q.query<{ parent: string }>(`SELECT ${parentColumn} AS parent FROM "${def().table}" WHERE id = $1::uuid`, [id]);
      if (rows[0]?.parent) await rowById(q, header(), rows[0].parent);
    },
    async beforeWrite(ctx) {
      if (ctx.action !== 'update') {
        throw new HttpError(400, 'VALIDATION', FINANCE_MESSAGES.installmentsByPayable, { $: [FINANCE_MESSAGES.installmentsByPayable] });
      }
      const r = ctx.record;
      const s = ctx.stored!;
      if (r.amount === s.amount) return;
      const parent = await rowById(ctx.q, header(), String(s[ledger.parentField]));
      const siblings = await rowsWhere(ctx.q, def(), ledger.parentField, String(s[ledger.parentField]), 'number');
      const index = siblings.findIndex((x) => x.id === s.id);
      const result = redistribute(
        siblings.map((x) => Number(x.amount)),
        index,
        Number(r.amount),
        { total: Number(parent?.netAmount), locked: siblings.map((x) => !ledger.openStatuses.has(String(x.status))) },
      );
      if (!result.ok) throw badRequest({ amount: [result.error] });
      for (const [i, x] of siblings.entries()) {
        if (i !== index) await updateRow(ctx.q, def(), x, { amount: result.amounts[i] }, ctx.principal.userId);
      }
    },
    async afterWrite(ctx) {
      const { row, stored } = ctx;
      if (row.dueDate === stored?.dueDate) return;
      const parentId = String(row[ledger.parentField]);
      const parent = await rowById(ctx.q, header(), parentId);
      const next = nextDueDate(await rowsWhere(ctx.q, def(), ledger.parentField, parentId, 'number'));
      if (parent && parent.nextDueDate !== next) {
        await updateRow(ctx.q, header(), parent, { nextDueDate: next }, ctx.principal.userId);
        ctx.invalidate(ledger.header);
      }
    },
  };
}
