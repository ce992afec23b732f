import { describe, expect, it } from 'vitest';
import { secretHint, todayInBrazil } from '../../../server/routes/finance-settings/bank-rules.ts';
import { levelOf, maskProblem, parentCode } from '../../../server/routes/finance-settings/tree.ts';
import { ACCOUNTS } from '../../../server/seed/demo/accounting/chart.ts';
import { EXPENSE_CATEGORIES, REVENUE_CATEGORIES } from '../../../server/seed/demo/accounting/categories.ts';

describe('coded trees', () => {
  it('derives the parent code and level, and checks a code against the chart mask', () => {
    expect(parentCode('4.2.02.001')).toBe('4.2.02');
    expect(parentCode('4')).toBeUndefined();
    expect(levelOf('4.2.02.001')).toBe(4);
    expect(maskProblem('4.2.02.001', '9.9.99.999')).toBeUndefined();
    expect(maskProblem('1.1', '9.9.99.999')).toBeUndefined();
    expect(maskProblem('4.2.2', '9.9.99.999')).toBe('O nível 3 tem 2 dígitos na máscara 9.9.99.999.');
    expect(maskProblem('42', '9.9.99.999')).toBe('O nível 1 tem 1 dígito na máscara 9.9.99.999.');
    expect(maskProblem('1.1.01.001.1', '9.9.99.999')).toBe('O plano tem 4 níveis (máscara 9.9.99.999); este código tem 5.');
  });

  it('seeds a chart and categories that pass their own rules: mask, parents before children, natures, accounts analytic', () => {
    const accounts = new Map(ACCOUNTS.map(([code, , nature, contra, group]) => [code, { nature, contra, analytic: Boolean(group) }]));
    const problems: string[] = [];
    for (const [code, { nature, contra }] of accounts) {
      if (maskProblem(code, '9.9.99.999')) problems.push(`${code}: máscara`);
      const parent = parentCode(code);
      if (!parent) continue;
      const p = accounts.get(parent);
      if (!p || p.analytic) problems.push(`${code}: superior ${parent}`);
      else if ((p.nature === nature) === contra) problems.push(`${code}: natureza`);
    }
    for (const [code, , account] of [...EXPENSE_CATEGORIES, ...REVENUE_CATEGORIES]) {
      if (account && !accounts.get(account)?.analytic) problems.push(`categoria ${code}: conta ${account}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('account token and balance helpers', () => {
  it('shows only the end of long secrets', () => {
    expect(secretHint('sk_live_0123456789abcdef')).toBe('••••cdef');
    expect(secretHint('curto123')).toBe('••••••••');
  });

  it('takes "today" in São Paulo, not in UTC', () => {
    expect(todayInBrazil(new Date('2026-03-01T02:30:00Z'))).toBe('2026-02-28');
    expect(todayInBrazil(new Date('2026-03-01T03:30:00Z'))).toBe('2026-03-01');
  });
});
