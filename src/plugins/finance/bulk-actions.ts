import type { ResourceRecord } from '../../engine/data/types.ts';
import { formatBRL } from '../../i18n/format.ts';
import { WORKFLOW_TEXT } from '../../i18n/finance-workflow.ts';
import type { ListActionHandler } from '../../renderers/antd/list/action-registry.ts';
import { ap, authorize, notifyWorkflowError } from './api.ts';
import { askComment } from './prompt.tsx';

/**
 * Bulk actions of the finance lists (issue 17), each one server call, all or nothing: approving the selected
 * lançamentos, authorizing their parcelas waiting in the payment queue (or the selected parcelas). The list shows
 * them only when every selected row allows it (allowed actions, docs/screens.md §5.1); the server checks again.
 */

const T = WORKFLOW_TEXT.bulk;
const items = (records: ResourceRecord[]) => records.map((r) => ({ id: r.id, version: Number(r.version) }));
const sum = (records: ResourceRecord[], field: string) => records.reduce((s, r) => s + (Number(r[field]) || 0), 0);

export const approveSelected: ListActionHandler = {
  async run({ records, engine, modal }) {
    const comment = await askComment(modal, { title: T.approveTitle(records.length, formatBRL(sum(records, 'netAmount'))), okText: T.approve, label: WORKFLOW_TEXT.commentOptional });
    if (comment === undefined) return;
    try {
      const res = await engine.http.post<{ approved: number }>(ap(engine, 'payables/approve'), { items: items(records), comment });
      engine.snackbars.push({ type: 'success', message: T.approved(res.approved) });
    } catch (err) {
      notifyWorkflowError(engine, err);
    }
  },
};

/** The parcelas in "Aprovado" of the selected lançamentos, authorized as one batch. */
export const authorizePayables: ListActionHandler = {
  async run({ records, engine, modal }) {
    const parcels = await engine.http.get<ResourceRecord[]>(ap(engine, 'payable-installments'), {
      params: { 'filter[payableId][in]': records.map((r) => r.id), 'filter[status][eq]': 'APROVADO', pageSize: 1000 },
    });
    await authorizeParcels(parcels, engine, modal);
  },
};

export const authorizeInstallments: ListActionHandler = {
  async run({ records, engine, modal }) {
    await authorizeParcels(records, engine, modal);
  },
};

async function authorizeParcels(parcels: ResourceRecord[], engine: Parameters<ListActionHandler['run']>[0]['engine'], modal: Parameters<ListActionHandler['run']>[0]['modal']) {
  const comment = await askComment(modal, {
    title: WORKFLOW_TEXT.paymentQueue.confirmAuthorize(parcels.length, formatBRL(sum(parcels, 'amount'))),
    body: WORKFLOW_TEXT.paymentQueue.confirmAuthorizeBody,
    okText: T.authorize,
    label: WORKFLOW_TEXT.commentOptional,
  });
  if (comment === undefined) return;
  try {
    const res = await authorize(engine, items(parcels), comment);
    engine.snackbars.push({ type: 'success', message: WORKFLOW_TEXT.done.autorizar(res.batch.itemCount, formatBRL(res.batch.total)) });
  } catch (err) {
    notifyWorkflowError(engine, err);
  }
}
