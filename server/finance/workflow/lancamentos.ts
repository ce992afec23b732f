import { can } from '../../../src/engine/access.ts';
import { FINANCE_PERMISSIONS } from '../../../src/engine/finance/status.ts';
import { WORKFLOW_MESSAGES } from '../../../src/i18n/finance-workflow.ts';
import type { Queryable } from '../../db/index.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import type { Engine } from '../../resources/index.ts';
import { getRecord } from '../../resources/repository.ts';
import type { ResourceRecord } from '../../resources/types.ts';
import { versionConflict } from '../../resources/writes.ts';
import { rowById, rowsWhere, updateRow } from '../rows.ts';
import { approvalPort } from './approval.ts';
import { checkTransition, inTransaction, requireCan, userName, type Touched } from './common.ts';
import { moveParcels, syncHeader } from './headers.ts';
import { reverseParcel } from './settle.ts';
import { PAYABLE_SIDE, RECEIVABLE_SIDE, type Side } from './sides.ts';

/**
 * Actions on a whole lançamento (docs/resources-finance-ap-ar.md §8.1): enviar, aprovar, devolver, cancelar,
 * estornar, and the requester's confirmar / contestar. Each is one transaction: the lançamento is locked
 * and checked against If-Match, the caller's scope, the transition and the segregation of duties; then
 * its parcelas and the lançamento itself are updated, each change audited with who, when and the comment
 * (`statusReason`). A refusal writes nothing.
 */

export type HeaderAction = 'enviar' | 'aprovar' | 'devolver' | 'cancelar' | 'estornar' | 'confirmar' | 'contestar';

export interface ActionInput {
  comment: string | null;
  /** Estorno date (default today). */
  date?: string;
}

const isUser = (value: unknown, userId: string) => typeof value === 'string' && value.toLowerCase() === userId.toLowerCase();

async function lockHeader(q: Queryable, engine: Engine, side: Side, id: string, version: number, principal: Principal) {
  const def = engine.registry.get(side.ledger.header)!;
  const row = await getRecord(q, def, id, principal, { forUpdate: true });
  if (!row) throw notFound();
  if (row.version !== version) throw versionConflict(row.version);
  const parcels = await rowsWhere(q, engine.registry.get(side.ledger.installments)!, side.ledger.parentField, id, 'number');
  return { def, row, parcels };
}

/** The approval queue a payable still waits in (its stages decide; no direct approval meanwhile). */
const pendingQueue = (q: Queryable, row: ResourceRecord) => approvalPort().pending(q, 'payables', row.id);

/**
 * ABERTO → APROVADO with its parcelas, recording who approved and when. Shared by the direct approval and
 * the approval engine's `onApproved` (the queue's last stage); the caller has checked the rest.
 */
export async function approvePayable(q: Queryable, engine: Engine, row: ResourceRecord, actor: string, comment: string | null, touched: Touched) {
  const side = PAYABLE_SIDE;
  const parcels = await rowsWhere(q, engine.registry.get(side.ledger.installments)!, side.ledger.parentField, row.id, 'number');
  await moveParcels(q, engine, side, parcels, ['ABERTO'], { status: 'APROVADO', statusReason: comment }, actor, touched);
  return syncHeader(q, engine, side, row, actor, touched, { approvedBy: actor, approvedAt: new Date().toISOString(), statusReason: comment });
}

/** ABERTO → RASCUNHO with the reason (devolver, or a queue's rejection), for the requester to fix and resend. */
export async function returnPayable(q: Queryable, engine: Engine, row: ResourceRecord, actor: string, reason: string, touched: Touched) {
  const side = PAYABLE_SIDE;
  const parcels = await rowsWhere(q, engine.registry.get(side.ledger.installments)!, side.ledger.parentField, row.id, 'number');
  await moveParcels(q, engine, side, parcels, ['ABERTO'], { status: 'RASCUNHO', statusReason: reason }, actor, touched);
  return syncHeader(q, engine, side, row, actor, touched, { statusReason: reason });
}

/** Cancels every parcela not paid yet and re-derives the lançamento (cancelar, or a queue closing it as rejected). */
async function cancelPayable(q: Queryable, engine: Engine, row: ResourceRecord, actor: string, reason: string | null, touched: Touched) {
  const side = PAYABLE_SIDE;
  const parcels = await rowsWhere(q, engine.registry.get(side.ledger.installments)!, side.ledger.parentField, row.id, 'number');
  await moveParcels(q, engine, side, parcels, ['RASCUNHO', 'ABERTO', 'APROVADO', 'AUTORIZADO'], { status: 'CANCELADO', statusReason: reason }, actor, touched);
  return syncHeader(q, engine, side, row, actor, touched, { statusReason: reason });
}

/**
 * The approval engine's target for payables (server/approvals, `registerApprovalTarget`): what the
 * triggers read (net amount, cost center, category, department, requester) and what a decision does —
 * the last stage approving → APROVADO (approvedBy = that approver); a rejection → back to RASCUNHO with the
 * reason for the requester to fix and resend, or CANCELADO when the queue closes rejected records. A
 * lançamento no longer ABERTO (cancelled meanwhile) is left as it is.
 */
export const payablesApprovalTarget = (engine: Engine) => {
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  const settle = async (q: Queryable, id: string, move: (row: ResourceRecord, touched: Touched) => Promise<unknown>) => {
    const row = await rowById(q, engine.registry.get('payables')!, id);
    if (row?.status !== 'ABERTO') return;
    const touched: Touched = new Set();
    await move(row, touched);
    for (const r of touched) engine.counts.invalidate(r);
  };
  return {
    amountOf: (r: Record<string, unknown>) => Number(r.netAmount ?? r.amount ?? 0),
    costCenterOf: (r: Record<string, unknown>) => text(r.costCenterId),
    categoryOf: (r: Record<string, unknown>) => text(r.categoryId),
    departmentOf: (r: Record<string, unknown>) => text(r.departmentId),
    organizationOf: (r: Record<string, unknown>) => text(r.organizationId),
    requesterOf: (r: Record<string, unknown>) => text(r.requesterId) ?? text(r.createdBy),
    labelOf: (r: Record<string, unknown>) => String(r.description ?? r.id),
    // The payable before its request, as cancel and submit do (no deadlock between a decision and a cancel).
    lockRecord: async (q: Queryable, id: string) => {
      await rowById(q, engine.registry.get('payables')!, id);
    },
    onApproved: (q: Queryable, id: string, actorId: string) => settle(q, id, (row, touched) => approvePayable(q, engine, row, actorId, null, touched)),
    onRejected: (q: Queryable, id: string, actorId: string, reason: string, ctx: { onReject: 'DEVOLVER' | 'ENCERRAR' }) =>
      settle(q, id, (row, touched) =>
        ctx.onReject === 'ENCERRAR' ? cancelPayable(q, engine, row, actorId, `Reprovado: ${reason}`, touched) : returnPayable(q, engine, row, actorId, reason, touched),
      ),
  };
};

/** RASCUNHO → ABERTO and into the approval queue whose trigger matches (if any). */
async function submit(q: Queryable, engine: Engine, row: ResourceRecord, parcels: ResourceRecord[], principal: Principal, comment: string | null, touched: Touched) {
  const side = PAYABLE_SIDE;
  await moveParcels(q, engine, side, parcels, ['RASCUNHO'], { status: 'ABERTO', statusReason: comment }, principal.userId, touched);
  const opened = await syncHeader(q, engine, side, row, principal.userId, touched, { statusReason: comment, approvalQueueId: null });
  const routing = await approvalPort().route(q, { resource: 'payables', record: opened, actor: principal });
  if (!routing.queued) return { record: opened, queue: null };
  // The engine may already have moved it (a stage decided at once): write on what it left.
  const current = (await rowById(q, engine.registry.get('payables')!, row.id))!;
  const record = await updateRow(q, engine.registry.get('payables')!, current, { approvalQueueId: routing.queueId ?? null }, principal.userId);
  return { record, queue: routing.queueName ?? null };
}

/** Refuses to go on while the requester has not confirmed a lançamento registered in their name. */
async function requireConfirmed(q: Queryable, row: ResourceRecord): Promise<void> {
  if (row.requesterCheck === undefined || row.requesterCheck === 'CONFIRMADO') return;
  const name = await userName(q, row.requesterId);
  const message = row.requesterCheck === 'CONTESTADO'
    ? WORKFLOW_MESSAGES.requesterContested(name, String(row.requesterComment ?? ''))
    : WORKFLOW_MESSAGES.requesterPending(name);
  throw new HttpError(409, 'REQUESTER_CHECK', message);
}

/** `POST payables/{id}/{action}` (If-Match). */
export async function runPayableAction(engine: Engine, action: HeaderAction, id: string, version: number, input: ActionInput, principal: Principal) {
  const side = PAYABLE_SIDE;
  const T = side.headerTransitions;
  const me = principal.userId;
  if (action === 'confirmar' || action === 'contestar') {
    requireCan(principal, FINANCE_PERMISSIONS.requesterQueue, 'update', action === 'confirmar' ? 'confirmar lançamentos' : 'contestar lançamentos', 'Fila do Solicitante');
  } else if (action !== 'estornar') {
    const t = T[action];
    requireCan(principal, FINANCE_PERMISSIONS.payables, t.scope, t.verb === 'enviar para aprovação' ? 'enviar lançamentos para aprovação' : `${t.verb} lançamentos`, 'Contas a Pagar');
  } else {
    requireCan(principal, side.settlePermission, 'authorize', 'estornar pagamentos', side.settleWhere);
  }
  return inTransaction(engine, async (q, touched) => {
    const { def, row, parcels } = await lockHeader(q, engine, side, id, version, principal);
    const noun = side.nouns.header;
    switch (action) {
      case 'enviar': {
        checkTransition(T, 'enviar', def, row, noun);
        await requireConfirmed(q, row);
        return submit(q, engine, row, parcels, principal, input.comment, touched);
      }
      case 'aprovar':
      case 'devolver': {
        checkTransition(T, action, def, row, noun);
        const waiting = await pendingQueue(q, row);
        if (waiting) throw new HttpError(409, 'IN_APPROVAL_QUEUE', WORKFLOW_MESSAGES.queued(waiting.queueName));
        if (action === 'devolver') return { record: await returnPayable(q, engine, row, me, input.comment!, touched), queue: null };
        if (isUser(row.createdBy, me) || isUser(row.requesterId, me)) throw new HttpError(403, 'SEGREGATION_OF_DUTIES', WORKFLOW_MESSAGES.sodApprove);
        return { record: await approvePayable(q, engine, row, me, input.comment, touched), queue: null };
      }
      case 'cancelar': {
        checkTransition(T, 'cancelar', def, row, noun);
        if ((row.status === 'APROVADO' || row.status === 'AUTORIZADO') && !can(principal, principal.permissions, FINANCE_PERMISSIONS.payables, 'approve')) {
          throw new HttpError(403, 'FORBIDDEN', WORKFLOW_MESSAGES.cancelApproved);
        }
        await approvalPort().withdraw(q, { resource: 'payables', recordId: row.id, actor: principal, reason: input.comment! });
        return { record: await cancelPayable(q, engine, row, me, input.comment, touched), queue: null };
      }
      case 'estornar': {
        checkTransition(T, 'estornar', def, row, noun);
        let header = row;
        for (const p of parcels.filter((x) => x.status === side.settledStatus)) {
          await reverseParcel(q, engine, side, p, header, { reason: input.comment!, date: input.date }, principal, touched);
          header = (await rowById(q, def, row.id))!;
        }
        return { record: header, queue: null };
      }
      case 'confirmar':
      case 'contestar':
        return requesterAction(q, engine, action, row, parcels, principal, input, touched);
    }
  });
}

/**
 * The requester's answer to a lançamento registered in their name (Fila do Solicitante). Confirmar marks
 * it CONFIRMADO and sends it for approval (as the requester); contestar marks it CONTESTADO with the
 * comment, and it cannot be sent until the person who registered it corrects it and the requester confirms.
 */
async function requesterAction(
  q: Queryable,
  engine: Engine,
  action: 'confirmar' | 'contestar',
  row: ResourceRecord,
  parcels: ResourceRecord[],
  principal: Principal,
  input: ActionInput,
  touched: Touched,
) {
  const def = engine.registry.get('payables')!;
  if (!isUser(row.requesterId, principal.userId)) {
    throw new HttpError(403, 'FORBIDDEN', WORKFLOW_MESSAGES.onlyRequester(await userName(q, row.requesterId)));
  }
  const now = new Date().toISOString();
  if (action === 'confirmar') {
    if (row.requesterCheck === 'CONFIRMADO') throw new HttpError(409, 'INVALID_TRANSITION', WORKFLOW_MESSAGES.alreadyConfirmed);
    checkTransition({ confirmar: { verb: 'confirmar', from: ['RASCUNHO'], to: 'ABERTO', scope: 'update' } }, 'confirmar', def, row, 'um lançamento');
    const confirmed = await updateRow(q, def, row, { requesterCheck: 'CONFIRMADO', requesterCheckedAt: now, requesterComment: input.comment }, principal.userId);
    touched.add('payables');
    return submit(q, engine, confirmed, parcels, principal, input.comment, touched);
  }
  if (row.requesterCheck === 'CONTESTADO') throw new HttpError(409, 'INVALID_TRANSITION', WORKFLOW_MESSAGES.alreadyContested);
  if (row.status !== 'RASCUNHO') throw new HttpError(409, 'INVALID_TRANSITION', WORKFLOW_MESSAGES.contestAfterSubmit);
  touched.add('payables');
  return {
    record: await updateRow(q, def, row, { requesterCheck: 'CONTESTADO', requesterCheckedAt: now, requesterComment: input.comment, statusReason: input.comment }, principal.userId),
    queue: null,
  };
}

/** `POST receivables/{id}/{cancelar|estornar}` (If-Match): the whole lançamento a receber. */
export async function runReceivableAction(engine: Engine, action: 'cancelar' | 'estornar', id: string, version: number, input: ActionInput, principal: Principal) {
  const side = RECEIVABLE_SIDE;
  requireCan(principal, FINANCE_PERMISSIONS.receivables, 'update', action === 'cancelar' ? 'cancelar lançamentos a receber' : 'estornar recebimentos', 'Contas a Receber');
  return inTransaction(engine, async (q, touched) => {
    const { def, row, parcels } = await lockHeader(q, engine, side, id, version, principal);
    if (action === 'cancelar') {
      checkTransition(side.headerTransitions, 'cancelar', def, row, side.nouns.header);
      await moveParcels(q, engine, side, parcels, ['ABERTO'], { status: 'CANCELADO', statusReason: input.comment }, principal.userId, touched);
      return { record: await syncHeader(q, engine, side, row, principal.userId, touched, { statusReason: input.comment }), queue: null };
    }
    const settled = parcels.filter((p) => p.status === side.settledStatus);
    if (!settled.length) {
      checkTransition({ estornar: { verb: 'estornar', from: ['RECEBIDO', 'RECEBIDO_PARCIAL'], to: 'ABERTO', scope: 'update' } }, 'estornar', def, row, side.nouns.header);
    }
    let header = row;
    for (const p of settled) {
      await reverseParcel(q, engine, side, p, header, { reason: input.comment!, date: input.date }, principal, touched);
      header = (await rowById(q, def, row.id))!;
    }
    return { record: header, queue: null };
  });
}
