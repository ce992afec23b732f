import { fireEvent, screen as dom, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { engineHarness } from '../../../tests/fixtures/engine-harness.tsx';
import { WORKFLOW_MESSAGES, WORKFLOW_TEXT } from '../../i18n/finance-workflow.ts';
import { ClassifyDialog } from './ClassifyDialog.tsx';
import type { StatementLine } from './api.ts';

const S = WORKFLOW_TEXT.statement;
const line: StatementLine = {
  id: 'm1', version: 3, date: '2026-03-03', description: 'Tarifa DOC', documentNumber: null, origin: 'MANUAL', amount: -3590, balance: 0,
  reversed: false, payableId: null, receivableId: null, expenseCategoryId: 'c1', revenueCategoryId: null, costCenterId: null, companyId: null,
};

/** The dialog over a fake API: labels of the chosen category, and PATCH answers from `patches` in order. */
function setup(patches: { status: number; body: unknown }[]) {
  const sent: { url: string; body: unknown; ifMatch: string | null }[] = [];
  const h = engineHarness((url, init) => {
    if (url.includes('/expense-categories/labels')) return { body: [{ id: 'c1', label: 'Tarifas bancárias' }] };
    if (init.method === 'PATCH') {
      sent.push({ url, body: JSON.parse(String(init.body)), ifMatch: new Headers(init.headers).get('if-match') });
      return patches.shift();
    }
    return undefined;
  });
  const onClose = vi.fn<() => void>();
  const onDone = vi.fn<() => void>();
  h.render(<ClassifyDialog line={line} organizationId="org1" onClose={onClose} onDone={onDone} />);
  return { ...h, sent, onClose, onDone };
}

const clearCategory = async () => {
  await dom.findByText('Tarifas bancárias');
  const select = document.getElementById('classify-expenseCategoryId')!.closest('.ant-select')!;
  fireEvent.click(select.querySelector('.ant-select-clear')!);
};

describe('ClassifyDialog', () => {
  it('asks for the category of the direction (expense on a debit) and closes without a call when nothing changed', async () => {
    const t = setup([]);
    expect(await dom.findByText('Categoria de despesa')).toBeTruthy();
    expect(dom.queryByText('Categoria de receita')).toBeNull();
    expect(dom.getByText(/\(saída\)/)).toBeTruthy();
    fireEvent.click(dom.getByRole('button', { name: S.save }));
    await waitFor(() => expect(t.onClose).toHaveBeenCalled());
    expect(t.sent).toEqual([]);
    expect(t.engine.snackbars.getSnapshot().map((s) => s.message)).toContain(S.unchanged);
  });

  it('sends only what changed with If-Match, shows the server field error on its field, then saves', async () => {
    const t = setup([
      { status: 400, body: { code: 'VALIDATION', message: 'Verifique os campos.', errors: { expenseCategoryId: [WORKFLOW_MESSAGES.movementExpenseOnCredit] } } },
      { status: 200, body: { ...line, version: 4, expenseCategoryId: null } },
    ]);
    await clearCategory();
    fireEvent.click(dom.getByRole('button', { name: S.save }));
    expect(await dom.findByText(WORKFLOW_MESSAGES.movementExpenseOnCredit)).toBeTruthy();
    expect(t.sent).toEqual([{ url: '/api/accounts-payable/v1/transactions/m1', body: { expenseCategoryId: null }, ifMatch: 'W/"3"' }]);
    const input = document.getElementById('classify-expenseCategoryId')!;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('classify-expenseCategoryId-help');
    expect(t.onDone).not.toHaveBeenCalled();

    fireEvent.click(dom.getByRole('button', { name: S.save }));
    await waitFor(() => expect(t.onDone).toHaveBeenCalled());
    expect(t.sent).toHaveLength(2);
  });
});
