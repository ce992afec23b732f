import type { Engine } from '../../engine/create-engine.ts';
import { WORKFLOW_TEXT } from '../../i18n/finance-workflow.ts';
import type { ListActionHandler } from '../../renderers/antd/list/action-registry.ts';
import { notifyWorkflowError, postHeaderAction, type PayableActionSegment, type WorkflowResource } from './api.ts';
import { askComment } from './prompt.tsx';
import { approveSelected, authorizeInstallments, authorizePayables } from './bulk-actions.ts';
import { receiveAction } from './receive-action.tsx';

/**
 * The workflow actions of a lançamento, as plugin actions the screen files name (`finance.payables.submit`
 * in `screens/payables` row and record actions, with `when` on the status): each asks for the comment
 * (or the mandatory motive), posts with the record's version and reports the outcome. The server decides
 * (scope, transition, segregation of duties); its pt-BR refusal becomes the error snackbar.
 */

interface Spec {
  segment: PayableActionSegment;
  title: string;
  okText: string;
  required?: boolean;
  danger?: boolean;
  body?: string;
  done: (queue: string | null) => string;
}

const T = WORKFLOW_TEXT;

const PAYABLE_ACTIONS: Record<string, Spec> = {
  submit: { segment: 'submit', title: T.confirmTitle.enviar, okText: T.actions.enviar, done: (q) => (q ? T.done.enviarFila(q) : T.done.enviar) },
  approve: { segment: 'approve', title: T.confirmTitle.aprovar, okText: T.actions.aprovar, done: () => T.done.aprovar },
  return: { segment: 'return', title: T.confirmTitle.devolver, okText: T.actions.devolver, required: true, done: () => T.done.devolver },
  cancel: { segment: 'cancel', title: T.confirmTitle.cancelar, okText: T.actions.cancelar, required: true, danger: true, done: () => T.done.cancelar },
  reverse: {
    segment: 'reverse',
    title: T.confirmTitle.estornar,
    okText: T.actions.estornar,
    required: true,
    danger: true,
    body: 'Cada parcela paga volta a "Autorizado" e a saída na conta é desfeita por um estorno (entrada) na data de hoje.',
    done: () => T.done.estornar,
  },
  confirm: { segment: 'confirm', title: T.confirmTitle.confirmar, okText: T.actions.confirmar, done: (q) => (q ? T.done.enviarFila(q) : T.done.confirmar) },
  contest: { segment: 'contest', title: T.confirmTitle.contestar, okText: T.actions.contestar, required: true, done: () => T.done.contestar },
};

const RECEIVABLE_ACTIONS: Record<string, Spec> = {
  cancel: { segment: 'cancel', title: T.confirmTitle.cancelar, okText: T.actions.cancelar, required: true, danger: true, done: () => T.done.cancelar },
  reverse: {
    segment: 'reverse',
    title: 'Estornar os recebimentos deste lançamento?',
    okText: T.actions.estornarRecebimentos,
    required: true,
    danger: true,
    body: 'Cada parcela recebida volta a "Em aberto" e a entrada na conta é desfeita por um estorno (saída) na data de hoje.',
    done: () => 'Recebimento estornado; a movimentação bancária foi desfeita.',
  },
};

const INSTALLMENT_ACTIONS = (verb: 'pagamento' | 'recebimento'): Record<string, Spec> => ({
  reverse: {
    segment: 'reverse',
    title: `Estornar o ${verb} desta parcela?`,
    okText: `Estornar ${verb}`,
    required: true,
    danger: true,
    body: `A parcela volta a "${verb === 'pagamento' ? 'Autorizado' : 'Em aberto'}" e a movimentação na conta é desfeita por um estorno na data de hoje.`,
    done: () => (verb === 'pagamento' ? T.done.estornar : 'Recebimento estornado; a movimentação bancária foi desfeita.'),
  },
  cancel: { segment: 'cancel', title: 'Cancelar esta parcela?', okText: 'Cancelar parcela', required: true, danger: true, done: () => 'Parcela cancelada.' },
});

/** Runs one header action on one record: comment/motive, POST with If-Match, success snackbar. */
export async function runHeaderAction(
  engine: Engine,
  modal: Parameters<ListActionHandler['run']>[0]['modal'],
  resource: WorkflowResource,
  spec: Spec,
  record: { id: string; version?: unknown },
): Promise<boolean> {
  const comment = await askComment(modal, { title: spec.title, okText: spec.okText, required: spec.required, danger: spec.danger, body: spec.body, label: spec.required ? undefined : T.commentOptional });
  if (comment === undefined) return false;
  try {
    const res = await postHeaderAction(engine, resource, record.id, Number(record.version), spec.segment, { comment });
    engine.snackbars.push({ type: 'success', message: spec.done(res.approvalQueue) });
    return true;
  } catch (err) {
    notifyWorkflowError(engine, err);
    return false;
  }
}

export const payableSpec = (key: keyof typeof PAYABLE_ACTIONS) => PAYABLE_ACTIONS[key];

/**
 * Every finance action by the key the screen files name (`finance.payables.submit` in `screens/payables`
 * row and record actions): the lançamentos' and parcelas' workflow actions and the receipt of parcelas.
 */
export const financeActions: Record<string, ListActionHandler> = {
  'finance.receivableInstallments.receive': receiveAction,
  'finance.payables.approveSelected': approveSelected,
  'finance.payables.authorizeSelected': authorizePayables,
  'finance.payableInstallments.authorizeSelected': authorizeInstallments,
};
for (const [resource, name, table] of [
  ['payables', 'payables', PAYABLE_ACTIONS],
  ['receivables', 'receivables', RECEIVABLE_ACTIONS],
  ['payable-installments', 'payableInstallments', INSTALLMENT_ACTIONS('pagamento')],
  ['receivable-installments', 'receivableInstallments', INSTALLMENT_ACTIONS('recebimento')],
] as const) {
  for (const [key, spec] of Object.entries(table)) {
    financeActions[`finance.${name}.${key}`] = {
      async run({ records, engine, modal }) {
        for (const r of records) if (!(await runHeaderAction(engine, modal, resource, spec, r))) return;
      },
    };
  }
}
