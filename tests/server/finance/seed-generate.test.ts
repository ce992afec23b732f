import { describe, expect, it } from 'vitest';
import { isOverdue } from '../../../src/engine/finance/status.ts';
import { readPaymentCode } from '../../../src/engine/finance/payment-code.ts';
import { generateFinance, type FinanceRefs } from '../../../server/seed/demo/finance/generate.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const named = (names: string[], from: number) => names.map((name, i) => ({ id: id(from + i), name }));

/** Catalogues shaped like the demo's (names are what the scenarios look for). */
const REFS: FinanceRefs = {
  orgId: id(1),
  today: '2026-06-15',
  users: { requesters: [id(2), id(3)], approver: id(3), authorizer: id(4) },
  suppliers: [
    { id: id(10), name: 'Imobiliária Paulista Ltda', document: '11222333000181', kind: 'FORNECEDOR' },
    { id: id(11), name: 'Enel Distribuição São Paulo', document: '61695227000193', kind: 'FORNECEDOR' },
    { id: id(12), name: 'Receita Federal do Brasil', document: '00394460000141', kind: 'OUTROS' },
    { id: id(13), name: 'Atacadão Distribuidora de Alimentos', document: '75315333000109', kind: 'FORNECEDOR' },
    { id: id(14), name: 'Distribuidora Horizonte Ltda', document: '12ABC34501DE35', kind: 'FORNECEDOR' },
  ],
  customers: [
    { id: id(20), name: 'Mercado Bom Preço Ltda', document: '45543915000181', kind: 'CLIENTE' },
    { id: id(21), name: 'Padaria Central', document: '52998224725', kind: 'CLIENTE' },
  ],
  expenseCategories: named(['Aluguel', 'Energia elétrica', 'Simples Nacional (DAS)', 'Compra de mercadorias para revenda'], 30),
  revenueCategories: named(['Venda de mercadorias', 'Prestação de serviços'], 40),
  costCenters: named(['Administrativo', 'Comercial', 'Operações'], 50),
  departmentByCostCenter: new Map([[id(50), id(60)]]),
  bankAccounts: [{ id: id(70), compe: '341' }, { id: id(71), compe: '001' }],
};

describe('demo finance data (generateFinance)', () => {
  const rows = generateFinance(REFS);

  it('is deterministic and sized like a year of a small company', () => {
    expect(generateFinance(REFS)).toEqual(rows);
    expect(rows.payables.length).toBeGreaterThan(2000);
    expect(rows.receivables.length).toBeGreaterThan(1500);
    expect(rows.payableInstallments.length).toBeGreaterThan(rows.payables.length);
  });

  it('keeps every plan exact: parcelas sum to the header total, numbered 1..N', () => {
    for (const [headers, parcels, fk] of [
      [rows.payables, rows.payableInstallments, 'payable_id'],
      [rows.receivables, rows.receivableInstallments, 'receivable_id'],
    ] as const) {
      const byHeader = new Map<string, (typeof parcels)[number][]>();
      for (const p of parcels) byHeader.set(String(p[fk]), [...(byHeader.get(String(p[fk])) ?? []), p]);
      for (const h of headers) {
        const list = byHeader.get(String(h.id)) ?? [];
        expect(list.map((p) => p.number)).toEqual(Array.from({ length: Number(h.installment_count) }, (_, i) => i + 1));
        expect(list.reduce((s, p) => s + Number(p.amount), 0)).toBe(h.net_amount);
        expect(Number(h.amount) - Number(h.discount)).toBe(h.net_amount);
      }
    }
  });

  it('dates and statuses agree with today', () => {
    const today = REFS.today;
    expect(rows.payables.every((p) => String(p.issue_date) <= today && String(p.issue_date) >= '2025-07-01')).toBe(true);
    expect(rows.payableInstallments.every((p) => p.status !== 'PAGO' || (String(p.paid_at) <= today && Number(p.paid_amount) >= Number(p.amount)))).toBe(true);
    expect(rows.payableInstallments.every((p) => p.status === 'PAGO' || p.paid_amount === 0)).toBe(true);
    const past = rows.payableInstallments.filter((p) => String(p.due_date) < '2026-05-01');
    const paidShare = past.filter((p) => p.status === 'PAGO').length / past.length;
    expect(paidShare).toBeGreaterThan(0.9);
    const overdue = rows.payableInstallments.filter((p) => isOverdue(String(p.status), String(p.due_date), today));
    expect(overdue.length).toBeGreaterThan(0);
    expect(overdue.length / rows.payableInstallments.length).toBeLessThan(0.08);
    const future = rows.receivableInstallments.filter((p) => String(p.due_date) > '2026-07-01');
    expect(future.length).toBeGreaterThan(0);
    expect(future.filter((p) => p.status === 'ABERTO').length / future.length).toBeGreaterThan(0.9);
    for (const h of rows.payables.filter((p) => p.status === 'PAGO')) expect(h.paid_amount).toBeGreaterThanOrEqual(Number(h.net_amount));
    expect(rows.payables.filter((p) => p.status === 'RASCUNHO').every((p) => p.approved_by === null)).toBe(true);
  });

  it('carries valid boletos (fator after the 2025 reset, the parcela amount) and PIX codes', () => {
    const withBoleto = rows.payableInstallments.filter((p) => p.boleto_line);
    expect(withBoleto.length).toBeGreaterThan(1000);
    const read = withBoleto.slice(0, 400).map((p) => {
      const code = readPaymentCode(String(p.boleto_line), { today: REFS.today });
      const v = code.ok && code.value.method === 'BOLETO' ? code.value : undefined;
      // Bank boletos carry the due date (fator); arrecadação lines carry none.
      return { p, v, wrong: !v || v.amount !== p.amount || (v.bankCode !== undefined && v.dueDate !== p.due_date) };
    });
    expect(read.filter((r) => r.wrong).map((r) => r.p.boleto_line)).toEqual([]);
    expect(read.filter((r) => r.v?.bankCode).length).toBeGreaterThan(100);
    const withPix = rows.payables.filter((p) => p.pix_code);
    expect(withPix.length).toBeGreaterThan(10);
    for (const p of withPix) expect(readPaymentCode(String(p.pix_code))).toMatchObject({ ok: true, value: { method: 'PIX', amount: p.net_amount } });
  });
});
