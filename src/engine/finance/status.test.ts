import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  actionsFor, derivePayableStatus, deriveReceivableStatus, isOverdue, PAYABLE_INSTALLMENT_STATUSES, PAYABLE_INSTALLMENT_TRANSITIONS,
  PAYABLE_STATUSES, PAYABLE_TRANSITIONS, RECEIVABLE_INSTALLMENT_STATUSES, RECEIVABLE_INSTALLMENT_TRANSITIONS, RECEIVABLE_STATUSES,
  RECEIVABLE_TRANSITIONS, transition,
} from './status.ts';

describe('payable status machine', () => {
  it('walks rascunho → aberto → aprovado → autorizado → pago', () => {
    let status = 'RASCUNHO';
    for (const action of ['enviar', 'aprovar', 'autorizar', 'pagar']) {
      const r = transition(PAYABLE_TRANSITIONS, action, status);
      expect(r.ok).toBe(true);
      if (r.ok) status = r.to;
    }
    expect(status).toBe('PAGO');
    // An estorno undoes the payment only: the parcela is owed again, its authorization stands.
    expect(transition(PAYABLE_TRANSITIONS, 'estornar', 'PAGO')).toMatchObject({ ok: true, to: 'AUTORIZADO' });
    expect(transition(PAYABLE_INSTALLMENT_TRANSITIONS, 'estornar', 'PAGO')).toMatchObject({ ok: true, to: 'AUTORIZADO' });
    expect(transition(RECEIVABLE_INSTALLMENT_TRANSITIONS, 'estornar', 'RECEBIDO')).toMatchObject({ ok: true, to: 'ABERTO' });
  });

  it('refuses illegal transitions with a pt-BR message', () => {
    expect(transition(PAYABLE_TRANSITIONS, 'aprovar', 'RASCUNHO', { label: 'Rascunho' })).toEqual({
      ok: false,
      error: 'Não é possível aprovar um lançamento com a situação "Rascunho".',
    });
    expect(transition(PAYABLE_TRANSITIONS, 'cancelar', 'PAGO', { label: 'Pago' })).toEqual({ ok: false, error: 'Não é possível cancelar um lançamento com a situação "Pago".' });
    expect(transition(PAYABLE_INSTALLMENT_TRANSITIONS, 'pagar', 'APROVADO', { label: 'Aprovado', noun: 'uma parcela' })).toEqual({
      ok: false,
      error: 'Não é possível pagar uma parcela com a situação "Aprovado".',
    });
    expect(transition(PAYABLE_TRANSITIONS, 'toString', 'RASCUNHO')).toEqual({ ok: false, error: 'Ação desconhecida: "toString".' });
  });

  it('only names known statuses; a cancelled record allows nothing, a paid one only its reversal', () => {
    const tables = [
      [PAYABLE_TRANSITIONS, PAYABLE_STATUSES],
      [PAYABLE_INSTALLMENT_TRANSITIONS, PAYABLE_INSTALLMENT_STATUSES],
      [RECEIVABLE_TRANSITIONS, RECEIVABLE_STATUSES],
      [RECEIVABLE_INSTALLMENT_TRANSITIONS, RECEIVABLE_INSTALLMENT_STATUSES],
    ] as const;
    for (const [table, statuses] of tables) {
      for (const t of Object.values(table)) {
        expect(statuses).toContain(t.to);
        for (const from of t.from) expect(statuses).toContain(from);
      }
      expect(actionsFor(table, 'CANCELADO')).toEqual([]);
    }
    expect(actionsFor(PAYABLE_TRANSITIONS, 'ABERTO')).toEqual(['devolver', 'aprovar', 'cancelar']);
    expect(actionsFor(PAYABLE_TRANSITIONS, 'PAGO')).toEqual(['estornar']);
    expect(actionsFor(PAYABLE_INSTALLMENT_TRANSITIONS, 'PAGO')).toEqual(['estornar']);
    expect(actionsFor(RECEIVABLE_INSTALLMENT_TRANSITIONS, 'RECEBIDO')).toEqual(['estornar']);
  });

  it('keeps approving and authorizing on different permissions (segregation of duties)', () => {
    expect(PAYABLE_TRANSITIONS.aprovar).toMatchObject({ scope: 'approve' });
    expect(PAYABLE_TRANSITIONS.aprovar).not.toHaveProperty('permission');
    expect(PAYABLE_INSTALLMENT_TRANSITIONS.autorizar).toMatchObject({ scope: 'authorize', permission: 'payable-installment-authorizes' });
    for (const t of [PAYABLE_TRANSITIONS.devolver, PAYABLE_TRANSITIONS.cancelar, PAYABLE_TRANSITIONS.estornar]) expect(t.reason).toBe(true);
  });
});

describe('derived statuses', () => {
  it('derives the header from the parcelas', () => {
    expect(derivePayableStatus(['PAGO', 'PAGO'])).toBe('PAGO');
    expect(derivePayableStatus(['PAGO', 'AUTORIZADO', 'CANCELADO'])).toBe('PAGO_PARCIAL');
    expect(derivePayableStatus(['APROVADO', 'AUTORIZADO'])).toBe('APROVADO');
    expect(derivePayableStatus(['CANCELADO', 'CANCELADO'])).toBe('CANCELADO');
    expect(derivePayableStatus(['AUTORIZADO', 'APROVADO', 'PAGO'])).toBe('PAGO_PARCIAL');
    expect(derivePayableStatus(['AUTORIZADO', 'AUTORIZADO', 'CANCELADO'])).toBe('AUTORIZADO');
    expect(deriveReceivableStatus(['CANCELADO'])).toBe('CANCELADO');
    expect(derivePayableStatus(['PAGO', 'CANCELADO'])).toBe('PAGO');
    expect(deriveReceivableStatus(['RECEBIDO', 'ABERTO'])).toBe('RECEBIDO_PARCIAL');
    expect(deriveReceivableStatus(['RECEBIDO'])).toBe('RECEBIDO');
    expect(deriveReceivableStatus(['ABERTO', 'CANCELADO'])).toBe('ABERTO');
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PAYABLE_INSTALLMENT_STATUSES), { minLength: 1, maxLength: 12 }), (list) => {
        expect(PAYABLE_STATUSES).toContain(derivePayableStatus(list));
      }),
    );
  });

  it('computes VENCIDO from status and due date', () => {
    expect(isOverdue('APROVADO', '2026-03-09', '2026-03-10')).toBe(true);
    expect(isOverdue('APROVADO', '2026-03-10', '2026-03-10')).toBe(false);
    expect(isOverdue('PAGO', '2026-01-01', '2026-03-10')).toBe(false);
    expect(isOverdue('CANCELADO', '2026-01-01', '2026-03-10')).toBe(false);
    expect(isOverdue('ABERTO', null, '2026-03-10')).toBe(false);
  });
});
