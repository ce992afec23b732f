import { describe, expect, it } from 'vitest';
import { agingBucketLink, minusDays, overdueAmount, overdueLink } from './aging.ts';

const params = (url: string) => new URL(url, 'http://x').searchParams;

describe('aging bucket → installments list', () => {
  it('counts days back across months and leap years', () => {
    expect(minusDays('2026-03-01', 1)).toBe('2026-02-28');
    expect(minusDays('2024-03-01', 1)).toBe('2024-02-29');
    expect(minusDays('2026-01-15', 30)).toBe('2025-12-16');
    expect(minusDays('2026-05-31', 0)).toBe('2026-05-31');
  });

  it('maps each bucket to the due-date range of its days overdue, with the open statuses of the side', () => {
    const today = '2026-05-31';
    const a = params(agingBucketLink('pagar', 'A_VENCER', today)!);
    expect(a.get('filter[dueDate][gte]')).toBe('2026-05-31');
    expect(a.has('filter[dueDate][between]')).toBe(false);
    expect(a.getAll('filter[status][in]')).toEqual(['ABERTO', 'APROVADO', 'AUTORIZADO']);

    // 1–30 days overdue: due from today−30 to today−1.
    expect(params(agingBucketLink('pagar', 'ATE_30', today)!).getAll('filter[dueDate][between]')).toEqual(['2026-05-01', '2026-05-30']);
    expect(params(agingBucketLink('pagar', 'DE_31_A_60', today)!).getAll('filter[dueDate][between]')).toEqual(['2026-04-01', '2026-04-30']);
    expect(params(agingBucketLink('pagar', 'DE_61_A_90', today)!).getAll('filter[dueDate][between]')).toEqual(['2026-03-02', '2026-03-31']);
    const old = params(agingBucketLink('pagar', 'ACIMA_DE_90', today)!);
    expect(old.get('filter[dueDate][lte]')).toBe('2026-03-01');
    expect(old.has('filter[dueDate][gte]')).toBe(false);
  });

  it('opens the receivable list with its own open status and keeps the organization and cost center', () => {
    const url = agingBucketLink('receber', 'ATE_30', '2026-05-31', { organizationId: 'org-1', costCenterId: 'cc-1' })!;
    expect(url.startsWith('/contas-a-receber/parcelamentos?')).toBe(true);
    const q = params(url);
    expect(q.getAll('filter[status][in]')).toEqual(['ABERTO']);
    expect(q.get('filter[organizationId][eq]')).toBe('org-1');
    expect(q.get('filter[costCenterId][eq]')).toBe('cc-1');
    expect(agingBucketLink('pagar', 'ATE_30', '2026-05-31')!.startsWith('/contas-a-pagar/parcelamentos?')).toBe(true);
  });

  it('has no link for an unknown bucket', () => {
    expect(agingBucketLink('pagar', 'NOPE', '2026-05-31')).toBeUndefined();
  });

  it('the overdue KPI sums every bucket but "a vencer" and links to what is due before today', () => {
    expect(overdueAmount([{ key: 'A_VENCER', amount: 500 }, { key: 'ATE_30', amount: 100 }, { key: 'ACIMA_DE_90', amount: 7 }])).toBe(107);
    expect(overdueAmount(undefined)).toBeUndefined();
    expect(params(overdueLink('receber', '2026-05-31')).get('filter[dueDate][lte]')).toBe('2026-05-30');
  });
});
