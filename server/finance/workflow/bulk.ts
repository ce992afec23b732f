import { FINANCE_PERMISSIONS, PAYABLE_TRANSITIONS, transition } from '../../../src/engine/finance/status.ts';
import { WORKFLOW_MESSAGES as M } from '../../../src/i18n/finance-workflow.ts';
import { badRequest, HttpError, type FieldErrors } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import type { Engine } from '../../resources/index.ts';
import { visibleIds } from '../../resources/repository.ts';
import type { ResourceRecord } from '../../resources/types.ts';
import { approvalPort } from './approval.ts';
import { inTransaction, lockRows, requireCan, statusLabel } from './common.ts';
import { approvePayable } from './lancamentos.ts';
import { MAX_BATCH, type BatchItem } from './settle.ts';

/**
 * "Aprovar selecionados" on the lançamentos list (issue 17): the direct approval of many lançamentos, all or
 * nothing, with the checks of the single action (lancamentos.ts) per item — version, transition, no approval
 * queue holding it, segregation of duties. One refusal refuses the batch (403 when any is a segregation-of-duties
 * one, else 409 `BATCH_REFUSED`), `errors` by lançamento id, each message naming it; nothing written.
 */
export async function approveBatch(engine: Engine, items: readonly BatchItem[], comment: string | null, principal: Principal) {
  requireCan(principal, FINANCE_PERMISSIONS.payables, 'approve', 'aprovar lançamentos', 'Contas a Pagar');
  if (!items.length) throw badRequest({ items: ['Selecione ao menos um lançamento.'] });
  if (items.length > MAX_BATCH) throw badRequest({ items: [`Selecione no máximo ${MAX_BATCH} lançamentos por vez.`] });
  return inTransaction(engine, async (q, touched) => {
    const def = engine.registry.get('payables')!;
    const ids = items.map((i) => i.id.toLowerCase());
    if (new Set(ids).size !== ids.length) throw badRequest({ items: ['O mesmo lançamento foi enviado mais de uma vez.'] });
    const visible = await visibleIds(q, def, ids, principal);
    const missing: FieldErrors = {};
    for (const id of ids) if (!visible.has(id)) missing[id] = ['Lançamento não encontrado.'];
    if (Object.keys(missing).length) throw badRequest(missing);
    const rows = await lockRows(q, def, ids);
    const queues = await approvalPort().pendingMany(q, 'payables', ids);
    const me = principal.userId.toLowerCase();
    const errors: FieldErrors = {};
    let sod = false;
    ids.forEach((id, i) => {
      const row = rows.get(id)!;
      const label = String(row.description);
      const fail = (message: string) => (errors[id] = [`${label}: ${message}`]);
      if (row.version !== items[i].version) return fail(M.payableStale);
      const t = transition(PAYABLE_TRANSITIONS, 'aprovar', String(row.status), { label: statusLabel(def, row.status), noun: 'um lançamento a pagar' });
      if (!t.ok) return fail(t.error);
      const queue = queues.get(id);
      if (queue) return fail(M.queued(queue));
      if ([row.createdBy, row.requesterId].some((u) => typeof u === 'string' && u.toLowerCase() === me)) {
        sod = true;
        return fail(M.sodApprove);
      }
      return undefined;
    });
    const n = Object.keys(errors).length;
    if (n) {
      const message = n === 1 ? 'Um lançamento da seleção não pode ser aprovado; nada foi aprovado.' : `${n} lançamentos da seleção não podem ser aprovados; nada foi aprovado.`;
      throw new HttpError(sod ? 403 : 409, sod ? 'FORBIDDEN' : 'BATCH_REFUSED', message, errors);
    }
    const approved: ResourceRecord[] = [];
    for (const id of [...ids].sort()) approved.push(await approvePayable(q, engine, rows.get(id)!, principal.userId, comment, touched));
    return { approved: approved.length, records: approved };
  });
}
