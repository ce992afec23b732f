import { describe, expect, it } from 'vitest';
import { allowedActions, decideInvoiceAction, decideOrderAction, decidePurchaseOrderAction, decideQuoteAction, decideReceiptAction, type ActionSubject } from './status.ts';

const perms = (name: string, scopes: string[]) => ({ resources: [{ name, scopes }], acls: [] });
const buyer: ActionSubject = { userId: 'u-buyer', permissions: perms('orders', ['create', 'read', 'update']) };
const manager: ActionSubject = { userId: 'u-boss', permissions: perms('orders', ['read', 'update', 'approve']) };
const owner: ActionSubject = { userId: 'u-root', accessLevel: 'SystemOwner', permissions: null };

describe('decideOrderAction', () => {
  it('allows submit from draft to whoever may update', () => {
    expect(decideOrderAction(buyer, { status: 'RASCUNHO' }, 'submit')).toEqual({ allowed: true });
  });
  it('names the status of a wrong transition (409)', () => {
    expect(decideOrderAction(manager, { status: 'RASCUNHO' }, 'approve')).toEqual({
      allowed: false, status: 409, code: 'INVALID_TRANSITION', reason: 'Não é possível aprovar um pedido com a situação "Rascunho".',
    });
  });
  it('refuses the scope before the status (403)', () => {
    const v = decideOrderAction(buyer, { status: 'ENVIADO' }, 'approve');
    expect(v).toMatchObject({ allowed: false, status: 403, code: 'FORBIDDEN', reason: 'Você não tem permissão para aprovar pedidos (Pedidos).' });
  });
  it('never lets the requester or the registrant approve, not even a SystemOwner', () => {
    expect(decideOrderAction(manager, { status: 'ENVIADO', requesterId: 'U-BOSS' }, 'approve')).toMatchObject({ code: 'SEGREGATION_OF_DUTIES', status: 403 });
    expect(decideOrderAction(owner, { status: 'ENVIADO', createdBy: 'u-root' }, 'reject')).toMatchObject({ code: 'SEGREGATION_OF_DUTIES' });
    expect(decideOrderAction(manager, { status: 'ENVIADO', requesterId: 'u-buyer' }, 'approve')).toEqual({ allowed: true });
  });
  it('sends a queued order to its queue and keeps a quoted order from being cancelled', () => {
    expect(decideOrderAction(manager, { status: 'ENVIADO', pendingQueue: 'Alçada' }, 'approve')).toMatchObject({ code: 'IN_APPROVAL_QUEUE', status: 409 });
    expect(decideOrderAction(buyer, { status: 'APROVADO', liveQuote: 'COT-000001' }, 'cancel')).toMatchObject({ code: 'IN_USE', reason: expect.stringContaining('COT-000001') });
  });
  it('unknown actions are refused', () => {
    expect(decideOrderAction(owner, { status: 'RASCUNHO' }, 'explode')).toMatchObject({ allowed: false, reason: 'Ação desconhecida: "explode".' });
  });
});

describe('the other documents', () => {
  it('quotes award only in analysis', () => {
    expect(decideQuoteAction(owner, { status: 'ABERTA' }, 'award')).toMatchObject({ reason: 'Não é possível adjudicar uma cotação com a situação "Aberta".' });
    expect(decideQuoteAction(owner, { status: 'EM_ANALISE' }, 'award')).toEqual({ allowed: true });
  });
  it('purchase orders: buyer segregated, received ones not cancelled', () => {
    const approver: ActionSubject = { userId: 'b', permissions: perms('purchase-orders', ['approve']) };
    expect(decidePurchaseOrderAction(approver, { status: 'AGUARDANDO_APROVACAO', buyerId: 'B' }, 'approve')).toMatchObject({ code: 'SEGREGATION_OF_DUTIES' });
    expect(decidePurchaseOrderAction(owner, { status: 'ENVIADA', anyReceived: true }, 'cancel')).toMatchObject({ code: 'IN_USE' });
    expect(decidePurchaseOrderAction(owner, { status: 'PARCIALMENTE_RECEBIDA' }, 'cancel')).toMatchObject({ code: 'INVALID_TRANSITION' });
  });
  it('receipts confirm once', () => {
    expect(decideReceiptAction(owner, { status: 'CONFERIDO' }, 'confirm')).toMatchObject({ reason: 'Não é possível confirmar uma entrega com a situação "Conferido".' });
  });
  it('invoices: a mismatch is approved by someone else, or through its queue', () => {
    const fiscal: ActionSubject = { userId: 'f', permissions: perms('invoices', ['update', 'approve']) };
    expect(decideInvoiceAction(fiscal, { status: 'CONFERIDO', createdBy: 'f' }, 'approve')).toEqual({ allowed: true });
    expect(decideInvoiceAction(fiscal, { status: 'COM_DIVERGENCIA', createdBy: 'f' }, 'approve')).toMatchObject({ code: 'SEGREGATION_OF_DUTIES' });
    expect(decideInvoiceAction(fiscal, { status: 'COM_DIVERGENCIA', pendingQueue: 'Divergências' }, 'reject')).toMatchObject({ code: 'IN_APPROVAL_QUEUE' });
    expect(decideInvoiceAction(fiscal, { status: 'LANCADO' }, 'reject')).toMatchObject({ reason: 'Não é possível recusar uma nota com a situação "Lançado em contas a pagar".' });
  });
  it('allowedActions answers a page of records in one call', () => {
    const page = allowedActions.orders(manager, [{ status: 'ENVIADO' }, { status: 'RASCUNHO' }]);
    expect(page.map((r) => Object.entries(r).filter(([, v]) => v.allowed).map(([k]) => k))).toEqual([['approve', 'reject', 'return', 'cancel'], ['submit', 'cancel']]);
  });
});
