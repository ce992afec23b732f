import { formatMoney } from '../../../src/engine/formats/money.ts';
import { WORKFLOW_MESSAGES } from '../../../src/i18n/finance-workflow.ts';
import { badRequest, HttpError, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import type { Engine } from '../../resources/index.ts';
import type { ResourceRecord } from '../../resources/types.ts';
import { postMovementReversal, postTransfer } from '../../ledger/finance.ts';
import { getRecord } from '../../resources/repository.ts';
import { versionConflict } from '../../resources/writes.ts';
import { insertRows, updateRow } from '../rows.ts';
import { brDate, inTransaction, lockRows, reconciledOn, requireCan, todayInBrazil } from './common.ts';
import { accountFor } from './settle.ts';

export interface TransferInput {
  fromBankAccountId: string;
  toBankAccountId: string;
  date: string;
  amount: number;
  description?: string | null;
}

/**
 * `POST bank-accounts/{id}/transfer` (transferência entre contas próprias, D59): in ONE transaction, a debit movement
 * on the origin, a credit movement on the destination (each pointing at the other) and one journal entry
 * D destination bank / C origin bank — no P&L effect; NAO_CAIXA in the DFC, so +X and −X cancel out consolidated.
 * Both accounts in the caller's scope, active, of the same organization, the date not before either's opening
 * balance, not in the future, in an open period (the ledger refuses a closed one).
 */
export async function transferBetweenAccounts(engine: Engine, input: TransferInput, principal: Principal): Promise<{ out: ResourceRecord; in: ResourceRecord; entryId: string }> {
  requireCan(principal, 'bank-accounts', 'update', 'transferir entre contas', 'nas contas financeiras');
  if (input.fromBankAccountId === input.toBankAccountId) throw badRequest({ toBankAccountId: [WORKFLOW_MESSAGES.transferSameAccount] });
  if (input.date > todayInBrazil()) throw badRequest({ date: [WORKFLOW_MESSAGES.transferFuture] });
  if (!(input.amount >= 1)) throw badRequest({ amount: [WORKFLOW_MESSAGES.transferAmount] });
  return inTransaction(engine, async (q, touched) => {
    // Locked in a fixed order (two transfers in opposite directions never deadlock).
    const [first, second] = [input.fromBankAccountId, input.toBankAccountId].sort();
    const locked = new Map<string, ResourceRecord>();
    for (const id of [first, second]) locked.set(id, await accountFor(q, engine, id, input.date, principal, 'date').catch((err: unknown) => {
      // accountFor names `bankAccountId`; here the field is the origin or the destination.
      if (err instanceof HttpError && err.errors?.bankAccountId) throw badRequest({ [id === input.fromBankAccountId ? 'fromBankAccountId' : 'toBankAccountId']: err.errors.bankAccountId });
      throw err;
    }));
    const from = locked.get(input.fromBankAccountId)!;
    const to = locked.get(input.toBankAccountId)!;
    if (from.organizationId !== to.organizationId) throw badRequest({ toBankAccountId: [WORKFLOW_MESSAGES.transferOtherOrganization] });
    const organizationId = String(from.organizationId);
    const note = input.description?.trim();
    const description = (note || `Transferência de ${String(from.name)} para ${String(to.name)}`).slice(0, 300);
    const def = engine.registry.get('bank-transactions')!;
    const common = { organizationId, date: input.date, description, documentNumber: null, origin: 'TRANSFERENCIA', reversed: false };
    const [created] = await insertRows(q, def, [{ ...common, bankAccountId: from.id, amount: -input.amount }], principal.userId);
    const [inn] = await insertRows(q, def, [{ ...common, bankAccountId: to.id, amount: input.amount, transferPairId: created.id }], principal.userId);
    const out = await updateRow(q, def, created, { transferPairId: inn.id }, principal.userId);
    touched.add('bank-transactions');
    const entryId = await postTransfer(q, {
      organizationId,
      date: input.date,
      amount: input.amount,
      description: `${description} (${formatMoney(input.amount)} em ${brDate(input.date)})`.slice(0, 300),
      fromBankAccountId: String(from.id),
      toBankAccountId: String(to.id),
      outMovementId: out.id,
    }, principal.userId);
    return { out, in: inn, entryId };
  });
}

/**
 * `POST transactions/{id}/reverse-transfer` (If-Match of that movement; either side of the transfer): the
 * estorno of a transfer between own accounts, in ONE transaction — an ESTORNO movement opposite to each side (each
 * pointing at its original), both originals marked reversed, and the transfer's journal entry reversed on the
 * estorno's date. Refused when either side is reconciled with a bank line (unmatch first, as for payments), already
 * reversed, or not a transfer. The date: today by default, not before the transfer, not in the future, in an open
 * period (the ledger refuses a closed one).
 */
export async function reverseTransfer(engine: Engine, id: string, version: number, args: { reason: string; date?: string }, principal: Principal): Promise<{ reversed: ResourceRecord[]; reversals: ResourceRecord[] }> {
  requireCan(principal, 'bank-accounts', 'update', 'estornar transferências', 'nas contas financeiras');
  return inTransaction(engine, async (q, touched) => {
    const def = engine.registry.get('bank-transactions')!;
    const seen = await getRecord(q, def, id, principal);
    if (!seen) throw notFound();
    if (seen.origin !== 'TRANSFERENCIA' || !seen.transferPairId) throw new HttpError(409, 'INVALID_TRANSITION', WORKFLOW_MESSAGES.notATransfer);
    const pairId = String(seen.transferPairId);
    const locked = await lockRows(q, def, [id, pairId].sort());
    const movement = locked.get(id);
    const pair = locked.get(pairId);
    if (!movement || !pair) throw notFound();
    if (movement.version !== version) throw versionConflict(movement.version);
    if (movement.reversed || pair.reversed) throw new HttpError(409, 'INVALID_TRANSITION', WORKFLOW_MESSAGES.transferReversed);
    const reconciled = await reconciledOn(q, [id, pairId]);
    if (reconciled) throw new HttpError(409, 'RECONCILED', WORKFLOW_MESSAGES.transferReconciled(brDate(reconciled)));
    const date = args.date ?? todayInBrazil();
    if (date > todayInBrazil()) throw badRequest({ date: [WORKFLOW_MESSAGES.reverseFuture] });
    if (date < String(movement.date)) throw badRequest({ date: [WORKFLOW_MESSAGES.transferReverseBefore(brDate(String(movement.date)))] });
    // Both accounts still in scope and the date after their opening balances (the same checks as the transfer).
    for (const m of [movement, pair]) await accountFor(q, engine, String(m.bankAccountId), date, principal, 'date');
    const out = Number(movement.amount) < 0 ? movement : pair;
    const reversals: ResourceRecord[] = [];
    for (const m of [out, out === movement ? pair : movement]) {
      const [reversal] = await insertRows(q, def, [
        {
          organizationId: m.organizationId,
          bankAccountId: m.bankAccountId,
          date,
          amount: -Number(m.amount),
          description: `Estorno: ${String(m.description)} — ${args.reason}`.slice(0, 300),
          documentNumber: m.documentNumber ?? null,
          origin: 'ESTORNO',
          reversalOfId: m.id,
          reversed: false,
        },
      ], principal.userId);
      reversals.push(reversal);
    }
    // The transfer's one entry hangs on its outgoing movement (postTransfer): reversed there, on the estorno's date.
    await postMovementReversal(q, String(out.id), { id: String(reversals[0].id), date }, args.reason, principal.userId);
    const reversed = [await updateRow(q, def, out, { reversed: true }, principal.userId), await updateRow(q, def, out === movement ? pair : movement, { reversed: true }, principal.userId)];
    touched.add('bank-transactions');
    return { reversed, reversals };
  });
}
