import {
  FINANCE_PERMISSIONS, PAYABLE_INSTALLMENT_TRANSITIONS, PAYABLE_TRANSITIONS, RECEIVABLE_INSTALLMENT_TRANSITIONS, RECEIVABLE_TRANSITIONS,
} from '../../../src/engine/finance/status.ts';
import { WORKFLOW_MESSAGES as M } from '../../../src/i18n/finance-workflow.ts';
import type { Queryable } from '../../db/index.ts';
import type { Principal } from '../../lib/principal.ts';
import type { Engine } from '../../resources/index.ts';
import { allow, canAny, deny, gate, type ActionVerdict, type ActionRecord, type RecordActionProvider, type RecordActions, type TransitionGate } from '../../resources/record-actions.ts';
import { approvalPort } from './approval.ts';
import { statusLabel } from './common.ts';
import { sodBlocks } from './settle.ts';
import { PAYABLE_SIDE, RECEIVABLE_SIDE } from './sides.ts';

/**
 * Which finance workflow actions a user may take now on each record (architecture §12), computed with the
 * rules the actions themselves enforce (lancamentos.ts, settle.ts) — scope, transition, segregation of duties,
 * the approval queue holding a lançamento, the requester's confirmation — for a page of records in a handful of
 * queries. Keys are the actions' URL segments (`POST payables/{id}/approve` → `approve`).
 */

const same = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();
const ids = (records: readonly ActionRecord[], field = 'id') => [...new Set(records.map((r) => r[field]).filter((v): v is string => typeof v === 'string'))];

async function userNames(q: Queryable, list: readonly string[]): Promise<Map<string, string>> {
  if (!list.length) return new Map();
  const { rows } = await q.query<{ id: string; name: string }>('SELECT id, name FROM users WHERE id = ANY($1::uuid[])', [list]);
  return new Map(rows.map((r) => [r.id, r.name]));
}

type Gate = Omit<TransitionGate, 'label'>;

/** Runs `checks` in order: the first refusal wins; none → allowed. */
const first = (...checks: (() => ActionVerdict | undefined)[]): ActionVerdict => {
  for (const c of checks) {
    const v = c();
    if (v) return v;
  }
  return allow();
};

function payablesProvider(engine: Engine): RecordActionProvider {
  const def = engine.registry.get('payables')!;
  const T = PAYABLE_TRANSITIONS;
  const onPayables = (transition: keyof typeof T, verb: string): Gate => ({
    table: T, transition, permission: FINANCE_PERMISSIONS.payables, noun: PAYABLE_SIDE.nouns.header, forbidden: M.forbiddenScope(verb, 'Contas a Pagar'),
  });
  const requesterScope = (verb: string) => (p: Principal) =>
    canAny(p, FINANCE_PERMISSIONS.requesterQueue, 'update') ? undefined : deny('scope', M.forbiddenScope(verb, 'Fila do Solicitante'));
  return {
    keys: ['submit', 'approve', 'return', 'cancel', 'reverse', 'confirm', 'contest', 'authorize'],
    async evaluate({ q, principal: me, records }) {
      const abertos = records.filter((r) => r.status === 'ABERTO').map((r) => r.id);
      const queues = await approvalPort().pendingMany(q, 'payables', abertos);
      const names = await userNames(q, ids(records.filter((r) => r.requesterCheck !== 'CONFIRMADO'), 'requesterId'));
      const approved = records.filter((r) => r.status === 'APROVADO').map((r) => r.id);
      const approvers = await approvalPort().approvers(q, 'payables', approved);
      const out = new Map<string, RecordActions>();
      for (const r of records) {
        const label = String(statusLabel(def, r.status));
        const g = (x: Gate) => () => gate(me, r.status, { ...x, label });
        const queue = queues.get(r.id);
        const inQueue = () => (queue ? deny('approval-queue', M.queued(queue)) : undefined);
        const name = names.get(String(r.requesterId)) ?? '—';
        const mine = same(r.requesterId, me.userId);
        const notMine = () => (mine ? undefined : deny('not-yours', M.onlyRequester(name)));
        out.set(r.id, {
          submit: first(g(onPayables('enviar', 'enviar lançamentos para aprovação')), () =>
            r.requesterCheck === 'PENDENTE' ? deny('requester', M.requesterPending(name))
              : r.requesterCheck === 'CONTESTADO' ? deny('requester', M.requesterContested(name, String(r.requesterComment ?? ''))) : undefined),
          approve: first(g(onPayables('aprovar', 'aprovar lançamentos')), inQueue, () =>
            same(r.createdBy, me.userId) || mine ? deny('segregation', M.sodApprove) : undefined),
          return: first(g(onPayables('devolver', 'devolver lançamentos')), inQueue),
          cancel: first(g(onPayables('cancelar', 'cancelar lançamentos')), () =>
            (r.status === 'APROVADO' || r.status === 'AUTORIZADO') && !canAny(me, FINANCE_PERMISSIONS.payables, 'approve') ? deny('scope', M.cancelApproved) : undefined),
          reverse: first(g({ ...onPayables('estornar', 'estornar pagamentos'), permission: PAYABLE_SIDE.settlePermission, forbidden: M.forbiddenScope('estornar pagamentos', PAYABLE_SIDE.settleWhere) })),
          confirm: first(() => requesterScope('confirmar lançamentos')(me), notMine,
            () => (r.requesterCheck === 'CONFIRMADO' ? deny('status', M.alreadyConfirmed) : undefined),
            () => (r.status === 'RASCUNHO' ? undefined : deny('status', M.contestAfterSubmit))),
          contest: first(() => requesterScope('contestar lançamentos')(me), notMine,
            () => (r.requesterCheck === 'CONTESTADO' ? deny('status', M.alreadyContested) : undefined),
            () => (r.status === 'RASCUNHO' ? undefined : deny('status', M.contestAfterSubmit))),
          // Its parcelas waiting for authorization, all at once (the lançamentos list's "Autorizar selecionados").
          authorize: first(g({ ...onPayables('autorizar', 'autorizar parcelas'), permission: PAYABLE_SIDE.settlePermission, forbidden: M.forbiddenScope('autorizar parcelas', PAYABLE_SIDE.settleWhere) }), () =>
            sodBlocks(r, me.userId, approvers.get(r.id)) ? deny('segregation', M.sodAuthorizeShort) : undefined),
        });
      }
      return out;
    },
  };
}

function payableInstallmentsProvider(engine: Engine): RecordActionProvider {
  const def = engine.registry.get('payable-installments')!;
  const T = PAYABLE_INSTALLMENT_TRANSITIONS;
  const settle = (transition: keyof typeof T, verb: string): Gate => ({
    table: T, transition, permission: PAYABLE_SIDE.settlePermission, scope: 'authorize', noun: 'uma parcela a pagar', forbidden: M.forbiddenScope(verb, PAYABLE_SIDE.settleWhere),
  });
  return {
    keys: ['authorize', 'pay', 'reverse', 'cancel'],
    async evaluate({ q, principal: me, records }) {
      // The lançamentos of the parcelas waiting for authorization: who registered, requested and approved them.
      const waiting = ids(records.filter((r) => r.status === 'APROVADO'), 'payableId');
      const headers = new Map<string, Record<string, unknown>>();
      if (waiting.length) {
        const { rows } = await q.query<{ id: string; createdBy: string; requesterId: string | null; approvedBy: string | null }>(
          'SELECT id, created_by AS "createdBy", requester_id AS "requesterId", approved_by AS "approvedBy" FROM payables WHERE id = ANY($1::uuid[])',
          [waiting],
        );
        for (const h of rows) headers.set(h.id, h);
      }
      const approvers = await approvalPort().approvers(q, 'payables', waiting);
      const out = new Map<string, RecordActions>();
      for (const r of records) {
        const label = String(statusLabel(def, r.status));
        const g = (x: Gate) => () => gate(me, r.status, { ...x, label });
        const header = headers.get(String(r.payableId));
        out.set(r.id, {
          authorize: first(g(settle('autorizar', 'autorizar parcelas')), () =>
            header && sodBlocks(header, me.userId, approvers.get(String(r.payableId))) ? deny('segregation', M.sodAuthorize(String(r.label))) : undefined),
          pay: first(g(settle('pagar', 'registrar pagamentos'))),
          reverse: first(g(settle('estornar', 'estornar'))),
          cancel: first(g({ table: T, transition: 'cancelar', permission: FINANCE_PERMISSIONS.payables, noun: 'uma parcela a pagar', forbidden: M.forbiddenScope('cancelar parcelas', 'escopo "aprovar" de Contas a Pagar') })),
        });
      }
      return out;
    },
  };
}

/** Receivables: every action needs `update` on receivables; only the status decides beyond that. */
function receivablesProvider(engine: Engine, resource: 'receivables' | 'receivable-installments'): RecordActionProvider {
  const def = engine.registry.get(resource)!;
  const header = resource === 'receivables';
  const table = header ? RECEIVABLE_TRANSITIONS : RECEIVABLE_INSTALLMENT_TRANSITIONS;
  const noun = header ? RECEIVABLE_SIDE.nouns.header : RECEIVABLE_SIDE.nouns.installment;
  // The header's estorno leaves from RECEBIDO or RECEBIDO_PARCIAL (runReceivableAction).
  const headerTable = { ...table, estornar: { verb: 'estornar', from: ['RECEBIDO', 'RECEBIDO_PARCIAL'], to: 'ABERTO', scope: 'update' } };
  const actions: Record<string, [string, string]> = header
    ? { cancel: ['cancelar', 'cancelar lançamentos a receber'], reverse: ['estornar', 'estornar recebimentos'] }
    : { receive: ['receber', 'registrar recebimentos'], reverse: ['estornar', 'estornar'], cancel: ['cancelar', 'cancelar parcelas'] };
  return {
    keys: Object.keys(actions),
    async evaluate({ principal: me, records }) {
      const out = new Map<string, RecordActions>();
      for (const r of records) {
        const label = String(statusLabel(def, r.status));
        const verdicts: RecordActions = {};
        for (const [key, [transition, verb]] of Object.entries(actions)) {
          verdicts[key] = gate(me, r.status, {
            table: header ? headerTable : table, transition, permission: FINANCE_PERMISSIONS.receivables, scope: 'update', label, noun,
            forbidden: M.forbiddenScope(verb, 'Contas a Receber'),
          }) ?? allow();
        }
        out.set(r.id, verdicts);
      }
      return out;
    },
  };
}

/** Registers the finance resources' actions on the API's registry (`engine.actions`). */
export function registerFinanceActions(engine: Engine): void {
  const registry = engine.actions;
  if (!registry) return;
  registry.set('payables', payablesProvider(engine));
  registry.set('payable-installments', payableInstallmentsProvider(engine));
  registry.set('receivables', receivablesProvider(engine, 'receivables'));
  registry.set('receivable-installments', receivablesProvider(engine, 'receivable-installments'));
}
