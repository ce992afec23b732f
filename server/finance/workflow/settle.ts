import { formatMoney } from '../../../src/engine/formats/money.ts';
import { transition } from '../../../src/engine/finance/status.ts';
import { WORKFLOW_MESSAGES } from '../../../src/i18n/finance-workflow.ts';
import type { Queryable } from '../../db/index.ts';
import { badRequest, HttpError, notFound, type FieldErrors } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { RULE_MESSAGES } from '../../../src/i18n/validation.ts';
import type { Engine } from '../../resources/index.ts';
import { getRecord, visibleIds } from '../../resources/repository.ts';
import type { ResourceRecord } from '../../resources/types.ts';
import { versionConflict } from '../../resources/writes.ts';
import { postMovementReversal, postSettlement } from '../../ledger/finance.ts';
import { insertRows, updateRow } from '../rows.ts';
import { approvalPort } from './approval.ts';
import { brDate, checkTransition, inTransaction, lockRows, reconciledOn, requireCan, statusLabel, todayInBrazil, type Touched } from './common.ts';
import { syncHeader } from './headers.ts';
import { PAYABLE_SIDE, type Side } from './sides.ts';

/**
 * Authorizing and settling parcelas in batches, reversing and cancelling one (docs/resources-finance-ap-ar.md
 * §8.5–§8.7). A batch is all or nothing: every parcela is locked (lançamentos first, then parcelas, each in id
 * order), checked against its version, status and the segregation of duties, and only when all pass is the
 * batch written with its parcelas, their lançamentos and the bank movements. Two sessions sending the same
 * parcelas at once: the second waits for the first's locks, then finds them already AUTORIZADO / PAGO and is
 * refused (409), so a parcela is authorized or paid once.
 */

export interface BatchItem {
  id: string;
  version: number;
  interest?: number;
  fine?: number;
  discount?: number;
  /** Optional: when sent, must equal amount + interest + fine − discount. */
  settledAmount?: number;
}

export const MAX_BATCH = 500;

const money = (c: number) => formatMoney(c);

/** The parcelas of a batch and their lançamentos, locked; unknown or out-of-scope ids → 400 per item. */
async function lockBatch(q: Queryable, engine: Engine, side: Side, items: readonly BatchItem[], principal: Principal) {
  const def = engine.registry.get(side.ledger.installments)!;
  const headerDef = engine.registry.get(side.ledger.header)!;
  const ids = items.map((i) => i.id.toLowerCase());
  if (new Set(ids).size !== ids.length) throw badRequest({ items: [WORKFLOW_MESSAGES.itemsRepeated] });
  const visible = await visibleIds(q, def, ids, principal);
  const missing: FieldErrors = {};
  for (const id of ids) if (!visible.has(id)) missing[id] = [WORKFLOW_MESSAGES.itemNotFound];
  if (Object.keys(missing).length) throw badRequest(missing);
  const parents = await q.query<{ parent: string }>(`SELECT DISTINCT ${side.ledger.parentField === 'payableId' ? 'payable_id' : 'receivable_id'} AS parent FROM "${def.table}" WHERE id = ANY($1::uuid[])`, [ids]);
  const headers = await lockRows(q, headerDef, parents.rows.map((r) => r.parent));
  const parcels = await lockRows(q, def, ids);
  return { headers, parcels, ids };
}

/** Throws the collected per-parcela refusals: 403 when any is a segregation-of-duties one, else 409. */
function refuse(errors: FieldErrors, sod: boolean): void {
  const n = Object.keys(errors).length;
  if (!n) return;
  throw new HttpError(sod ? 403 : 409, sod ? 'FORBIDDEN' : 'BATCH_REFUSED', WORKFLOW_MESSAGES.batchRefused(n), errors);
}

/**
 * Who registered, requested or approved a lançamento may not authorize its payment: `approvedBy` (the direct
 * approver or a queue's last one) and `queueApprovers`, everyone with an approving decision at any stage of its
 * approval queue and the approvers a substitute stood in for (`approvalPort().approvers`).
 */
export const sodBlocks = (header: Record<string, unknown>, userId: string, queueApprovers?: ReadonlySet<string>): boolean => {
  const me = userId.toLowerCase();
  return [header.createdBy, header.requesterId, header.approvedBy].some((u) => typeof u === 'string' && u.toLowerCase() === me) || !!queueApprovers?.has(me);
};

async function syncAll(q: Queryable, engine: Engine, side: Side, headers: Map<string, ResourceRecord>, parcels: readonly ResourceRecord[], actor: string, touched: Touched, extra: Record<string, unknown> = {}) {
  const ids = new Set(parcels.map((p) => String(p[side.ledger.parentField])));
  const out: ResourceRecord[] = [];
  for (const id of [...ids].sort()) out.push(await syncHeader(q, engine, side, headers.get(id)!, actor, touched, extra));
  return out;
}

function singleOrganization(parcels: readonly ResourceRecord[]): string {
  const orgs = new Set(parcels.map((p) => String(p.organizationId)));
  if (orgs.size > 1) throw badRequest({ items: [WORKFLOW_MESSAGES.oneOrganization] });
  return [...orgs][0];
}

/** `POST payable-installments/authorize`: APROVADO → AUTORIZADO for every parcela, one `AUTORIZACAO` batch. */
export async function authorizeBatch(engine: Engine, items: readonly BatchItem[], comment: string | null, principal: Principal) {
  const side = PAYABLE_SIDE;
  requireCan(principal, side.settlePermission, 'authorize', 'autorizar parcelas', side.settleWhere);
  checkSize(items);
  return inTransaction(engine, async (q, touched) => {
    const def = engine.registry.get(side.ledger.installments)!;
    const { headers, parcels, ids } = await lockBatch(q, engine, side, items, principal);
    const approvers = await approvalPort().approvers(q, 'payables', [...headers.keys()]);
    const errors: FieldErrors = {};
    let sod = false;
    for (const [i, id] of ids.entries()) {
      const p = parcels.get(id)!;
      const header = headers.get(String(p.payableId))!;
      const label = String(p.label);
      if (p.version !== items[i].version) errors[id] = [WORKFLOW_MESSAGES.itemStale(label)];
      else {
        const t = transition(side.installmentTransitions, 'autorizar', String(p.status), { label: statusLabel(def, p.status), noun: `a parcela ${label}` });
        if (!t.ok) errors[id] = [t.error];
        else if (sodBlocks(header, principal.userId, approvers.get(header.id))) {
          errors[id] = [WORKFLOW_MESSAGES.sodAuthorize(label)];
          sod = true;
        }
      }
    }
    refuse(errors, sod);
    const list = ids.map((id) => parcels.get(id)!);
    const total = list.reduce((s, p) => s + Number(p.amount), 0);
    const now = new Date().toISOString();
    const [batch] = await insertRows(q, engine.registry.get('payment-batches')!, [
      {
        organizationId: singleOrganization(list),
        label: `Autorização de ${list.length === 1 ? '1 parcela' : `${list.length} parcelas`} — ${money(total)}`,
        kind: 'AUTORIZACAO',
        itemCount: list.length,
        total,
        installmentIds: ids,
        actorId: principal.userId,
        comment,
      },
    ], principal.userId);
    touched.add('payment-batches');
    const updated: ResourceRecord[] = [];
    for (const p of list) {
      updated.push(await updateRow(q, def, p, { status: 'AUTORIZADO', authorizedBy: principal.userId, authorizedAt: now, authorizationBatchId: batch.id, statusReason: comment }, principal.userId));
    }
    touched.add(def.name);
    await syncAll(q, engine, side, headers, updated, principal.userId, touched, { authorizedBy: principal.userId, authorizedAt: now });
    return { batch, installments: updated };
  });
}

function checkSize(items: readonly BatchItem[]): void {
  if (!items.length) throw badRequest({ items: [WORKFLOW_MESSAGES.itemsRequired] });
  if (items.length > MAX_BATCH) throw badRequest({ items: [WORKFLOW_MESSAGES.itemsTooMany(MAX_BATCH)] });
}

export interface SettleInput {
  items: readonly BatchItem[];
  date: string;
  bankAccountId: string;
  paymentMethod?: string | null;
  comment: string | null;
}

/** The bank account a settlement or a movement uses: visible, active, and the date not before its opening balance. */
export async function accountFor(q: Queryable, engine: Engine, id: string, date: string, principal: Principal, dateField: string): Promise<ResourceRecord> {
  const account = await getRecord(q, engine.registry.get('bank-accounts')!, id, principal, { forUpdate: true });
  if (!account) throw badRequest({ bankAccountId: [RULE_MESSAGES.refNotFound] });
  if (account.active === false) throw badRequest({ bankAccountId: [WORKFLOW_MESSAGES.accountInactive] });
  if (date < String(account.openingBalanceDate)) throw badRequest({ [dateField]: [WORKFLOW_MESSAGES.beforeOpening(brDate(String(account.openingBalanceDate)))] });
  return account;
}

/**
 * `POST payable-installments/pay` / `receivable-installments/receive`: every parcela settled on one date
 * and account, one batch, one bank movement per parcela (a debit for a payment, a credit for a receipt).
 */
export async function settleBatch(engine: Engine, side: Side, input: SettleInput, principal: Principal) {
  checkSettle(side, input, principal);
  return inTransaction(engine, (q, touched) => settleBatchIn(q, touched, engine, side, input, principal));
}

function checkSettle(side: Side, input: SettleInput, principal: Principal): void {
  const payable = side === PAYABLE_SIDE;
  requireCan(principal, side.settlePermission, payable ? 'authorize' : 'update', payable ? 'registrar pagamentos' : 'registrar recebimentos', side.settleWhere);
  checkSize(input.items);
  if (input.date > todayInBrazil()) throw badRequest({ [side.settledAtField]: [payable ? WORKFLOW_MESSAGES.paidAtFuture : WORKFLOW_MESSAGES.receivedAtFuture] });
}

/**
 * The same settlement inside a caller's transaction (the statement import's CNAB retorno, a reconciliation that
 * registers the payment): the same checks, permission and ledger posting as `settleBatch`.
 */
export async function settleBatchIn(q: Queryable, touched: Touched, engine: Engine, side: Side, input: SettleInput, principal: Principal) {
  checkSettle(side, input, principal);
  const payable = side === PAYABLE_SIDE;
  // (A block, not re-indented, keeps this function's diff against settleBatch's old body small for merges.)
  {
    const def = engine.registry.get(side.ledger.installments)!;
    const account = await accountFor(q, engine, input.bankAccountId, input.date, principal, side.settledAtField);
    const { headers, parcels, ids } = await lockBatch(q, engine, side, input.items, principal);
    const errors: FieldErrors = {};
    const amounts = new Map<string, { interest: number; fine: number; discount: number; settled: number }>();
    for (const [i, id] of ids.entries()) {
      const p = parcels.get(id)!;
      const item = input.items[i];
      const label = String(p.label);
      if (p.version !== item.version) {
        errors[id] = [WORKFLOW_MESSAGES.itemStale(label)];
        continue;
      }
      const t = transition(side.installmentTransitions, side.settleAction, String(p.status), { label: statusLabel(def, p.status), noun: `a parcela ${label}` });
      if (!t.ok) {
        errors[id] = [t.error];
        continue;
      }
      const [interest, fine, discount] = [item.interest ?? 0, item.fine ?? 0, item.discount ?? 0];
      const settled = Number(p.amount) + interest + fine - discount;
      if (settled < 1) errors[id] = [`${label}: ${WORKFLOW_MESSAGES.settledMin}`];
      else if (item.settledAmount !== undefined && item.settledAmount !== settled) errors[id] = [`${label}: ${WORKFLOW_MESSAGES.paidAmountMismatch(money(settled))}`];
      else amounts.set(id, { interest, fine, discount, settled });
    }
    refuse(errors, false);
    const list = ids.map((id) => parcels.get(id)!);
    const organizationId = singleOrganization(list);
    if (organizationId !== String(account.organizationId)) throw badRequest({ bankAccountId: [WORKFLOW_MESSAGES.accountOtherOrganization] });
    const total = list.reduce((s, p) => s + amounts.get(p.id)!.settled, 0);
    const noun = payable ? 'Pagamento' : 'Recebimento';
    const [batch] = await insertRows(q, engine.registry.get('payment-batches')!, [
      {
        organizationId,
        label: `${noun} de ${list.length === 1 ? '1 parcela' : `${list.length} parcelas`} em ${brDate(input.date)} — ${money(total)}`,
        kind: side.batchKind,
        itemCount: list.length,
        total,
        installmentIds: ids,
        actorId: principal.userId,
        date: input.date,
        bankAccountId: account.id,
        comment: input.comment,
      },
    ], principal.userId);
    const movements = await insertRows(
      q,
      engine.registry.get('bank-transactions')!,
      list.map((p) => {
        const header = headers.get(String(p[side.ledger.parentField]))!;
        return {
          organizationId,
          bankAccountId: account.id,
          date: input.date,
          amount: side.sign * amounts.get(p.id)!.settled,
          description: `${side.movementVerb}: ${String(p.label)}`.slice(0, 300),
          documentNumber: header.documentNumber ?? null,
          origin: side.origin,
          [side.movementField]: p.id,
          paymentBatchId: batch.id,
          reversed: false,
        };
      }),
      principal.userId,
    );
    touched.add('payment-batches').add('bank-transactions').add(def.name);
    const updated: ResourceRecord[] = [];
    for (const p of list) {
      const a = amounts.get(p.id)!;
      const header = headers.get(String(p[side.ledger.parentField]))!;
      updated.push(
        await updateRow(q, def, p, {
          status: side.settledStatus,
          interest: a.interest,
          fine: a.fine,
          discount: a.discount,
          [side.ledger.settledField]: a.settled,
          [side.settledAtField]: input.date,
          bankAccountId: account.id,
          paymentMethod: input.paymentMethod ?? p.paymentMethod ?? header.paymentMethod ?? null,
          paymentBatchId: batch.id,
          statusReason: input.comment,
        }, principal.userId),
      );
    }
    // One settlement entry per bank movement, in this transaction (a refused posting undoes the whole batch).
    for (const m of movements) {
      const p = parcels.get(String(m[side.movementField]))!;
      const a = amounts.get(p.id)!;
      await postSettlement(q, side.ledger.header, String(p[side.ledger.parentField]), {
        id: m.id, organizationId, bankAccountId: account.id, date: input.date,
      }, { amount: Number(p.amount), interest: a.interest, fine: a.fine, discount: a.discount, settled: a.settled, label: String(p.label) }, principal.userId);
    }
    await syncAll(q, engine, side, headers, updated, principal.userId, touched);
    return { batch, installments: updated, transactions: movements };
  }
}

/**
 * Estorno of one settled parcela: an opposite movement on the same account (origin ESTORNO, pointing at
 * the original, which is marked reversed), the parcela back to AUTORIZADO (pagar) or ABERTO (receber)
 * with its settlement fields cleared and the reason kept, and the lançamento re-derived. Runs inside the
 * caller's transaction (the header's "Estornar" reverses each paid parcela).
 */
export async function reverseParcel(
  q: Queryable,
  engine: Engine,
  side: Side,
  parcel: ResourceRecord,
  header: ResourceRecord,
  args: { reason: string; date?: string },
  principal: Principal,
  touched: Touched,
): Promise<ResourceRecord> {
  const def = engine.registry.get(side.ledger.installments)!;
  const t = checkTransition(side.installmentTransitions, 'estornar', def, parcel, `a parcela ${String(parcel.label)}`);
  const movementsDef = engine.registry.get('bank-transactions')!;
  const column = side.movementField === 'payableInstallmentId' ? 'payable_installment_id' : 'receivable_installment_id';
  const { rows } = await q.query<ResourceRecord>(
    `SELECT ${movementsDef.selectList} FROM bank_transactions WHERE ${column} = $1::uuid AND origin = $2 AND NOT reversed AND deleted_at IS NULL ORDER BY created_at DESC FOR UPDATE`,
    [parcel.id, side.origin],
  );
  // A movement reconciled with a line of the bank statement stays as the bank saw it (D81): unmatch first.
  const reconciled = await reconciledOn(q, rows.map((m) => String(m.id)));
  if (reconciled) throw new HttpError(409, 'RECONCILED', WORKFLOW_MESSAGES.reverseReconciled(side === PAYABLE_SIDE ? 'O pagamento' : 'O recebimento', String(parcel.label), brDate(reconciled)));
  const date = args.date ?? todayInBrazil();
  const settledAt = String(parcel[side.settledAtField] ?? '');
  if (settledAt && date < settledAt) throw badRequest({ date: [WORKFLOW_MESSAGES.reverseBeforePayment(brDate(settledAt))] });
  if (date > todayInBrazil()) throw badRequest({ date: ['A data do estorno não pode ser futura.'] });
  for (const m of rows) {
    const [reversal] = await insertRows(q, movementsDef, [
      {
        organizationId: m.organizationId,
        bankAccountId: m.bankAccountId,
        date,
        amount: -Number(m.amount),
        description: `Estorno: ${String(parcel.label)} — ${args.reason}`.slice(0, 300),
        documentNumber: m.documentNumber ?? null,
        origin: 'ESTORNO',
        [side.movementField]: parcel.id,
        reversalOfId: m.id,
        reversed: false,
      },
    ], principal.userId);
    await postMovementReversal(q, m.id, { id: reversal.id, date }, args.reason, principal.userId);
    await updateRow(q, movementsDef, m, { reversed: true }, principal.userId);
    touched.add('bank-transactions');
  }
  const updated = await updateRow(q, def, parcel, {
    status: t.to,
    interest: 0,
    fine: 0,
    discount: 0,
    [side.ledger.settledField]: 0,
    [side.settledAtField]: null,
    paymentBatchId: null,
    statusReason: args.reason,
  }, principal.userId);
  touched.add(def.name);
  await syncHeader(q, engine, side, header, principal.userId, touched, { statusReason: args.reason });
  return updated;
}

/** One parcela, locked with its lançamento (lançamento first), checked against If-Match. */
export async function lockParcel(q: Queryable, engine: Engine, side: Side, id: string, version: number, principal: Principal) {
  const def = engine.registry.get(side.ledger.installments)!;
  const seen = await getRecord(q, def, id, principal);
  if (!seen) throw notFound();
  const headers = await lockRows(q, engine.registry.get(side.ledger.header)!, [String(seen[side.ledger.parentField])]);
  const parcel = (await lockRows(q, def, [id])).get(id);
  const header = headers.get(String(seen[side.ledger.parentField]));
  if (!parcel || !header) throw notFound();
  if (parcel.version !== version) throw versionConflict(parcel.version);
  return { parcel, header };
}

/** `POST …-installments/{id}/reverse` (If-Match): the estorno of one parcela. */
export async function reverseOne(engine: Engine, side: Side, id: string, version: number, args: { reason: string; date?: string }, principal: Principal) {
  requireCan(principal, side.settlePermission, side === PAYABLE_SIDE ? 'authorize' : 'update', 'estornar', side.settleWhere);
  return inTransaction(engine, async (q, touched) => {
    const { parcel, header } = await lockParcel(q, engine, side, id, version, principal);
    return reverseParcel(q, engine, side, parcel, header, args, principal, touched);
  });
}

/** `POST …-installments/{id}/cancel` (If-Match): one parcela dropped (motive kept); the lançamento re-derived. */
export async function cancelOne(engine: Engine, side: Side, id: string, version: number, reason: string, principal: Principal) {
  const t = side.installmentTransitions.cancelar;
  requireCan(principal, t.permission ?? side.ledger.header, t.scope, 'cancelar parcelas', side === PAYABLE_SIDE ? 'escopo "aprovar" de Contas a Pagar' : side.settleWhere);
  return inTransaction(engine, async (q, touched) => {
    const def = engine.registry.get(side.ledger.installments)!;
    const { parcel, header } = await lockParcel(q, engine, side, id, version, principal);
    checkTransition(side.installmentTransitions, 'cancelar', def, parcel, `a parcela ${String(parcel.label)}`);
    const updated = await updateRow(q, def, parcel, { status: 'CANCELADO', statusReason: reason }, principal.userId);
    touched.add(def.name);
    await syncHeader(q, engine, side, header, principal.userId, touched);
    return updated;
  });
}
