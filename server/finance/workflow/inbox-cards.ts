import { FINANCE_PERMISSIONS } from '../../../src/engine/finance/status.ts';
import type { InboxRegistry } from '../../inbox/registry.ts';
import { countOf } from '../../inbox/sql.ts';
import type { Engine } from '../../resources/index.ts';

/**
 * What the finance workflow puts in each person's inbox (home page): lançamentos to confirm as requester or to
 * approve, parcelas to authorize and to pay, and what is overdue — with the same rules the actions apply
 * (segregation of duties: what the person registered, requested or approved is not counted as theirs to act on).
 */
export function registerFinanceInbox(inbox: InboxRegistry | undefined, engine: Engine): void {
  if (!inbox) return;
  const payables = engine.registry.get('payables')!;
  const installments = engine.registry.get('payable-installments')!;
  const receivables = engine.registry.get('receivables')!;
  const overdue = (def: typeof payables) => `(${def.fields.get('overdue')!.derived!.condition.replace(/"([a-z_]+)"/g, 'x."$1"')})`;

  inbox.register({
    key: 'finance.requesterChecks',
    title: 'Confirmações do solicitante',
    description: 'Lançamentos registrados em seu nome: confirme ou conteste antes do envio para aprovação.',
    to: '/fila-do-solicitante/lancamentos',
    icon: 'UserOutlined',
    order: 10,
    access: [{ permission: FINANCE_PERMISSIONS.requesterQueue, scope: 'read' }],
    countSql: (me, p) => countOf(payables, me, p, 'x', [`x.requester_id = ${p.add(me.userId, 'uuid')}`, `x.requester_check = 'PENDENTE'`, `x.status IN ('RASCUNHO', 'ABERTO')`]),
  });
  inbox.register({
    key: 'finance.contested',
    title: 'Lançamentos contestados',
    description: 'O solicitante contestou lançamentos que você registrou: corrija-os para que ele confirme.',
    to: '/contas-a-pagar/lancamentos?filter[requesterCheck][in]=CONTESTADO',
    icon: 'UserSwitchOutlined',
    order: 15,
    access: [{ permission: FINANCE_PERMISSIONS.payables, scope: 'update' }],
    countSql: (me, p) => countOf(payables, me, p, 'x', [`x.created_by = ${p.add(me.userId, 'uuid')}`, `x.requester_check = 'CONTESTADO'`, `x.status = 'RASCUNHO'`]),
  });
  inbox.register({
    key: 'finance.toApprove',
    title: 'Lançamentos para aprovar',
    description: 'Enviados para aprovação direta (fora das filas), registrados por outra pessoa.',
    to: '/contas-a-pagar/lancamentos?filter[status][in]=ABERTO',
    icon: 'CheckOutlined',
    order: 20,
    access: [{ permission: FINANCE_PERMISSIONS.payables, scope: 'approve' }],
    countSql: (me, p) => {
      const u = p.add(me.userId, 'uuid');
      return countOf(payables, me, p, 'x', [
        `x.status = 'ABERTO'`, `x.created_by IS DISTINCT FROM ${u}`, `x.requester_id IS DISTINCT FROM ${u}`,
        `NOT EXISTS (SELECT 1 FROM approval_requests r WHERE r.resource_name = 'payables' AND r.record_id = x.id AND r.status = 'PENDENTE' AND r.deleted_at IS NULL)`,
      ]);
    },
  });
  inbox.register({
    key: 'finance.toAuthorize',
    title: 'Parcelas para autorizar',
    description: 'Aprovadas, aguardando a autorização de pagamento (Fila de Pagamentos).',
    to: '/fila-de-pagamentos/parcelamentos/fila',
    icon: 'CheckCircleOutlined',
    order: 30,
    access: [{ permission: FINANCE_PERMISSIONS.paymentQueue, scope: 'authorize' }, { permission: FINANCE_PERMISSIONS.payables, scope: 'authorize' }],
    countSql: (me, p) => {
      const u = p.add(me.userId, 'uuid');
      // Segregation of duties, as the authorize action: not registered, requested or approved (at any stage) by me.
      return countOf(installments, me, p, 'x', [
        `x.status = 'APROVADO'`, `h.created_by IS DISTINCT FROM ${u}`, `h.requester_id IS DISTINCT FROM ${u}`, `h.approved_by IS DISTINCT FROM ${u}`,
        `NOT EXISTS (SELECT 1 FROM approval_decisions d JOIN approval_requests r ON r.id = d.request_id AND r.deleted_at IS NULL
                      WHERE r.resource_name = 'payables' AND r.record_id = h.id AND d.decision = 'APROVAR' AND d.deleted_at IS NULL
                        AND (d.approver_id = ${u} OR d.acting_for_id = ${u}))`,
      ], 'JOIN payables h ON h.id = x.payable_id AND h.deleted_at IS NULL');
    },
  });
  inbox.register({
    key: 'finance.toPay',
    title: 'Parcelas para pagar',
    description: 'Autorizadas, aguardando o registro do pagamento.',
    to: '/fila-de-pagamentos/parcelamentos/autorizados',
    icon: 'DollarOutlined',
    order: 40,
    access: [{ permission: FINANCE_PERMISSIONS.paymentQueue, scope: 'authorize' }, { permission: FINANCE_PERMISSIONS.payables, scope: 'authorize' }],
    countSql: (me, p) => countOf(installments, me, p, 'x', [`x.status = 'AUTORIZADO'`]),
  });
  inbox.register({
    key: 'finance.overduePayables',
    title: 'Contas a pagar vencidas',
    description: 'Lançamentos com parcela vencida e não paga.',
    to: '/contas-a-pagar/lancamentos?filter[overdue][eq]=true',
    icon: 'MinusCircleOutlined',
    order: 60,
    access: [{ permission: FINANCE_PERMISSIONS.payables, scope: 'read' }],
    countSql: (me, p) => countOf(payables, me, p, 'x', [overdue(payables)]),
  });
  inbox.register({
    key: 'finance.overdueReceivables',
    title: 'Contas a receber vencidas',
    description: 'Lançamentos com parcela vencida e não recebida.',
    to: '/contas-a-receber/lancamentos?filter[overdue][eq]=true',
    icon: 'MinusCircleOutlined',
    order: 70,
    access: [{ permission: FINANCE_PERMISSIONS.receivables, scope: 'read' }],
    countSql: (me, p) => countOf(receivables, me, p, 'x', [overdue(receivables)]),
  });
}
