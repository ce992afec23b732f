import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FINANCE_PERMISSIONS } from '../../../src/engine/finance/status.ts';
import { WORKFLOW_MESSAGES } from '../../../src/i18n/finance-workflow.ts';
import { badRequest } from '../../lib/errors.ts';
import { validatorCompiler } from '../../lib/validation.ts';
import { etagOf, guard, idParam, ifMatch, principalOf } from '../../resources/http.ts';
import { balancesOf, periodOf, sendStatement, statementOf } from './bank.ts';
import { approveBatch } from './bulk.ts';
import { textOf, todayInBrazil } from './common.ts';
import { runPayableAction, runReceivableAction, type HeaderAction } from './lancamentos.ts';
import { paymentQueueInstallments, paymentQueuePayables, parseQueueQuery, requesterInstallments, requesterPayables, type RequesterFilter, type Stage } from './queues.ts';
import { authorizeBatch, cancelOne, MAX_BATCH, reverseOne, settleBatch, type BatchItem } from './settle.ts';
import { PAYABLE_SIDE, RECEIVABLE_SIDE } from './sides.ts';
import { reverseTransfer, transferBetweenAccounts } from './transfer.ts';

/**
 * The finance workflow API under `/api/accounts-payable/v1` (docs/resources-finance-ap-ar.md §8.1):
 * actions on lançamentos and parcelas, the two queues, and the bank statement. Every action is a POST
 * with If-Match (single records) or per-item versions (batches); scopes are checked per action.
 */

const comment = { type: ['string', 'null'], title: 'Comentário', maxLength: 500 } as const;
const date = { type: 'string', title: 'Data', format: 'date' } as const;
const money = { type: 'integer', title: 'Valor', format: 'money', minimum: 0, maximum: 100_000_000_000 } as const;

const actionBody = { type: 'object', additionalProperties: false, properties: { comment, date } } as const;

const item = (settled?: string) => ({
  type: 'object',
  additionalProperties: false,
  required: ['id', 'version'],
  properties: {
    id: { type: 'string', title: 'Parcela', format: 'uuid' },
    version: { type: 'integer', title: 'Versão', minimum: 1 },
    ...(settled ? { interest: { ...money, title: 'Juros' }, fine: { ...money, title: 'Multa' }, discount: { ...money, title: 'Desconto' }, [settled]: { ...money, title: 'Valor pago' } } : {}),
  },
});

const items = (settled?: string) => ({ type: 'array', title: 'Parcelas', items: item(settled), maxItems: MAX_BATCH });

const authorizeBody = { type: 'object', additionalProperties: false, required: ['items'], properties: { items: items(), comment } } as const;

const settleBody = (dateField: string, settled: string) => ({
  type: 'object',
  additionalProperties: false,
  required: ['items', dateField, 'bankAccountId'],
  properties: {
    items: items(settled),
    [dateField]: { ...date, title: dateField === 'paidAt' ? 'Data do pagamento' : 'Data do recebimento' },
    bankAccountId: { type: 'string', title: 'Conta financeira', format: 'uuid' },
    paymentMethod: { type: ['string', 'null'], title: 'Forma de pagamento', enum: ['BOLETO', 'PIX', 'TED', 'TRANSFERENCIA', 'DEBITO_AUTOMATICO', 'CARTAO_CREDITO', 'CARTAO_DEBITO', 'DINHEIRO', 'CHEQUE', null] },
    comment,
  },
});

type Body = Record<string, unknown> & { comment?: string | null; date?: string };

const transferBody = {
  type: 'object',
  additionalProperties: false,
  required: ['toBankAccountId', 'date', 'amount'],
  properties: {
    toBankAccountId: { type: 'string', title: 'Conta de destino', format: 'uuid' },
    date: { ...date, title: 'Data da transferência' },
    amount: { ...money, title: 'Valor', minimum: 1 },
    description: { type: ['string', 'null'], title: 'Histórico', maxLength: 300 },
  },
} as const;

/** Actions whose comment is the mandatory motive. */
const NEEDS_REASON = new Set(['devolver', 'cancelar', 'estornar', 'contestar']);

const PAYABLE_ACTIONS: Record<string, HeaderAction> = {
  submit: 'enviar',
  approve: 'aprovar',
  return: 'devolver',
  cancel: 'cancelar',
  reverse: 'estornar',
  confirm: 'confirmar',
  contest: 'contestar',
};

function inputOf(body: Body | undefined, action: string) {
  const reason = NEEDS_REASON.has(action);
  return {
    comment: textOf(body, 'comment', reason ? { required: action === 'contestar' ? WORKFLOW_MESSAGES.commentRequired : WORKFLOW_MESSAGES.reasonRequired } : {}),
    date: body?.date,
  };
}

const sendRecord = (reply: FastifyReply, result: { record: { version: number } & Record<string, unknown>; queue: string | null }) =>
  reply.header('etag', etagOf(result.record.version)).send({ record: result.record, approvalQueue: result.queue });

export default async function workflowRoutes(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  const engine = app.resources;
  const auth = { onRequest: [app.authenticate] };

  for (const [segment, action] of Object.entries(PAYABLE_ACTIONS)) {
    app.post(`/payables/:id/${segment}`, { ...auth, schema: { body: actionBody } }, async (req, reply) => {
      const result = await runPayableAction(engine, action, idParam(req), ifMatch(req, true), inputOf(req.body as Body, action), principalOf(req));
      return sendRecord(reply, result);
    });
  }
  for (const [segment, action] of [['cancel', 'cancelar'], ['reverse', 'estornar']] as const) {
    app.post(`/receivables/:id/${segment}`, { ...auth, schema: { body: actionBody } }, async (req, reply) => {
      const result = await runReceivableAction(engine, action, idParam(req), ifMatch(req, true), inputOf(req.body as Body, action), principalOf(req));
      return sendRecord(reply, result);
    });
  }

  // "Aprovar selecionados" on the lançamentos list: all or nothing (bulk.ts).
  app.post('/payables/approve', { ...auth, schema: { body: authorizeBody } }, async (req) => {
    const body = req.body as { items: BatchItem[]; comment?: string | null };
    return approveBatch(engine, body.items, textOf(body, 'comment'), principalOf(req));
  });

  app.post('/payable-installments/authorize', { ...auth, schema: { body: authorizeBody } }, async (req, reply) => {
    const body = req.body as { items: BatchItem[]; comment?: string | null };
    return reply.code(201).send(await authorizeBatch(engine, body.items, textOf(body, 'comment'), principalOf(req)));
  });

  for (const [side, segment, dateField, settled] of [
    [PAYABLE_SIDE, 'payable-installments/pay', 'paidAt', 'paidAmount'],
    [RECEIVABLE_SIDE, 'receivable-installments/receive', 'receivedAt', 'receivedAmount'],
  ] as const) {
    app.post(`/${segment}`, { ...auth, schema: { body: settleBody(dateField, settled) } }, async (req, reply) => {
      const body = req.body as Record<string, unknown> & { items: (BatchItem & Record<string, number>)[] };
      const input = {
        items: body.items.map((i) => ({ ...i, settledAmount: i[settled] })),
        date: String(body[dateField]),
        bankAccountId: String(body.bankAccountId).toLowerCase(),
        paymentMethod: (body.paymentMethod as string | null | undefined) ?? null,
        comment: textOf(body, 'comment'),
      };
      return reply.code(201).send(await settleBatch(engine, side, input, principalOf(req)));
    });
  }

  for (const [side, resource] of [[PAYABLE_SIDE, 'payable-installments'], [RECEIVABLE_SIDE, 'receivable-installments']] as const) {
    app.post(`/${resource}/:id/reverse`, { ...auth, schema: { body: actionBody } }, async (req, reply) => {
      const { comment: reason, date: when } = inputOf(req.body as Body, 'estornar');
      const record = await reverseOne(engine, side, idParam(req), ifMatch(req, true), { reason: reason!, date: when }, principalOf(req));
      return reply.header('etag', etagOf(record.version)).send({ record });
    });
    app.post(`/${resource}/:id/cancel`, { ...auth, schema: { body: actionBody } }, async (req, reply) => {
      const { comment: reason } = inputOf(req.body as Body, 'cancelar');
      const record = await cancelOne(engine, side, idParam(req), ifMatch(req, true), reason!, principalOf(req));
      return reply.header('etag', etagOf(record.version)).send({ record });
    });
  }

  const stageOf = (req: FastifyRequest): Stage => {
    const s = (req.query as Record<string, unknown>).stage;
    if (s === undefined || s === 'APROVADO' || s === 'AUTORIZADO') return (s ?? 'APROVADO') as Stage;
    throw badRequest({ stage: ['Use APROVADO (fila) ou AUTORIZADO (autorizados).'] }, 'Os parâmetros da consulta são inválidos.');
  };
  const checkOf = (req: FastifyRequest): RequesterFilter => {
    const c = (req.query as Record<string, unknown>).check;
    if (c === undefined || c === 'PENDENTE' || c === 'CONTESTADO' || c === 'TODOS') return (c ?? 'PENDENTE') as RequesterFilter;
    throw badRequest({ check: ['Use PENDENTE, CONTESTADO ou TODOS.'] }, 'Os parâmetros da consulta são inválidos.');
  };
  const queueRead = guard(app, FINANCE_PERMISSIONS.paymentQueue, 'read');
  const requesterRead = guard(app, FINANCE_PERMISSIONS.requesterQueue, 'read');
  app.get('/payment-queue/installments', queueRead, async (req) =>
    paymentQueueInstallments(app.db, engine, stageOf(req), parseQueueQuery(req.query as Record<string, unknown>), principalOf(req)));
  app.get('/payment-queue/payables', queueRead, async (req) =>
    paymentQueuePayables(app.db, engine, stageOf(req), parseQueueQuery(req.query as Record<string, unknown>), principalOf(req)));
  app.get('/requester-queue/payables', requesterRead, async (req) =>
    requesterPayables(app.db, engine, checkOf(req), parseQueueQuery(req.query as Record<string, unknown>), principalOf(req)));
  app.get('/requester-queue/installments', requesterRead, async (req) =>
    requesterInstallments(app.db, engine, checkOf(req), parseQueueQuery(req.query as Record<string, unknown>), principalOf(req)));

  const accountsRead = guard(app, 'bank-accounts', 'read');
  // Transferência entre contas próprias (transfer.ts): the origin is the account of the path.
  app.post('/bank-accounts/:id/transfer', { ...auth, schema: { body: transferBody } }, async (req, reply) => {
    const body = req.body as { toBankAccountId: string; date: string; amount: number; description?: string | null };
    const result = await transferBetweenAccounts(engine, { ...body, fromBankAccountId: idParam(req) }, principalOf(req));
    return reply.code(201).send(result);
  });

  // Estorno de uma transferência (transfer.ts; `transactions` is the path of bank-transactions): either movement of the pair, with its If-Match; the motive is mandatory.
  app.post('/transactions/:id/reverse-transfer', { ...auth, schema: { body: actionBody } }, async (req, reply) => {
    const { comment: reason, date: when } = inputOf(req.body as Body, 'estornar');
    const result = await reverseTransfer(engine, idParam(req), ifMatch(req, true), { reason: reason!, date: when }, principalOf(req));
    return reply.send(result);
  });

  app.get('/bank-accounts/:id/statement', accountsRead, async (req) =>
    statementOf(app.db, engine, idParam(req), periodOf(req.query as Record<string, unknown>), principalOf(req)));
  app.get('/bank-accounts/:id/statement/export', guard(app, 'bank-accounts', 'export'), async (req, reply) => {
    const query = req.query as Record<string, unknown>;
    const format = query.format ?? 'csv';
    if (format !== 'csv' && format !== 'xlsx') throw badRequest({ format: ['Use csv ou xlsx.'] }, 'Os parâmetros da consulta são inválidos.');
    const statement = await statementOf(app.db, engine, idParam(req), periodOf(query), principalOf(req));
    return sendStatement(reply, statement, format);
  });
  app.get('/bank-account-balances', accountsRead, async (req) => {
    const query = req.query as Record<string, unknown>;
    const ids = ([] as unknown[]).concat(query.id ?? []).filter((v): v is string => typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v)).slice(0, 200);
    const at = typeof query.date === 'string' && query.date ? query.date : todayInBrazil();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(at)) throw badRequest({ date: ['Data inválida.'] }, 'Os parâmetros da consulta são inválidos.');
    return balancesOf(app.db, engine, ids.map((i) => i.toLowerCase()), at, principalOf(req));
  });
}
