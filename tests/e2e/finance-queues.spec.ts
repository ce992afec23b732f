import { expect, test } from '@playwright/test';
import { login, shot } from './support.ts';

// Run with E2E_PORT=3407: the payment queue, the requester queue and an account's statement over the demo
// data (module redirects, tabs, running totals, selection, statement balances); E2E_SHOTS=<dir> saves screenshots.
const money = (text: string) => Number(text.replace(/[^\d,-]/g, '').replace(',', '.'));

test.beforeEach(async ({ page }) => login(page));

test('payment queue: module redirect, tabs, running total of a selection', async ({ page }) => {
  await page.goto('/fila-de-pagamentos');
  await expect(page).toHaveURL('/fila-de-pagamentos/lancamentos/fila');
  await expect(page.getByRole('heading', { name: 'Fila de Pagamentos' })).toBeVisible();
  await expect(page.getByTestId('queue-total')).toContainText(/na lista · R\$/);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('selection-total')).toHaveText('0 selecionados · R$\u00a00,00');
  await expect(page.getByRole('button', { name: 'Autorizar selecionados' })).toBeDisabled();

  // Two rows: the running total is the sum of their values.
  const values = await Promise.all([0, 1].map(async (i) => money(await rows.nth(i).locator('td').last().innerText())));
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  const sum = (values[0] + values[1]).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(page.getByTestId('selection-total')).toHaveText(`2 selecionados · R$\u00a0${sum}`);
  await expect(page.getByRole('button', { name: 'Autorizar selecionados' })).toBeEnabled();
  await shot(page, 'payment-queue-payables');

  await page.getByRole('tab', { name: 'Parcelamentos' }).click();
  await expect(page).toHaveURL('/fila-de-pagamentos/parcelamentos/fila');
  await expect(page.getByTestId('selection-total')).toHaveText('0 selecionados · R$\u00a00,00');
  await page.getByText('Autorizados', { exact: true }).click();
  await expect(page).toHaveURL('/fila-de-pagamentos/parcelamentos/autorizados');
  await expect(page.getByRole('columnheader', { name: 'Autorizado por' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pagar selecionados' })).toBeDisabled();
  await rows.first().getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Pagar selecionados' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/^Pagar 1 parcela/)).toBeVisible();
  await expect(dialog.getByLabel('Conta financeira')).toBeVisible();
  await shot(page, 'payment-queue-pay-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Voltar' }).click();
});

test('a search typed while another tab is still opening goes with that tab', async ({ page }) => {
  await page.goto('/fila-de-pagamentos/lancamentos/fila');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  // The route guard reloads the user on every path change: hold that call so the tab stays pending.
  await page.route('**/users/me*', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.getByRole('tab', { name: 'Parcelamentos' }).click();
  const search = page.getByPlaceholder('Buscar por descrição, documento ou fornecedor');
  await search.fill('aluguel');
  await search.press('Enter');
  await expect(page).toHaveURL('/fila-de-pagamentos/parcelamentos/fila?q=aluguel');
  await page.unroute('**/users/me*');
});

test('requester queue: what was registered in my name, contest with a comment', async ({ page }) => {
  await page.goto('/fila-do-solicitante');
  await expect(page).toHaveURL('/fila-do-solicitante/lancamentos');
  await expect(page.getByRole('heading', { name: 'Fila do Solicitante' })).toBeVisible();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const pending = await rows.count();
  expect(pending).toBeGreaterThan(0);
  await expect(rows.first().getByText('Aguardando')).toBeVisible();
  await shot(page, 'requester-queue');

  const description = (await rows.first().locator('a').first().innerText()).trim();
  await rows.first().getByRole('button', { name: 'Contestar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contestar este lançamento?' });
  await dialog.getByRole('button', { name: 'Contestar' }).click();
  await expect(dialog.getByText('Informe o motivo.')).toBeVisible();
  await dialog.getByLabel('Motivo').fill('Não reconheço esta despesa.');
  await shot(page, 'requester-contest-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Contestar' }).click();
  await expect(page.getByText('Contestação registrada', { exact: false })).toBeVisible();
  await expect(rows).toHaveCount(pending - 1);

  await page.getByText('Contestados', { exact: true }).click();
  await expect(page).toHaveURL('/fila-do-solicitante/lancamentos?check=CONTESTADO');
  const contested = rows.filter({ hasText: description });
  await expect(contested).toContainText('Não reconheço esta despesa.');
  await expect(contested.getByRole('button', { name: 'Contestar' })).toBeDisabled();
  await page.getByRole('tab', { name: 'Parcelamentos' }).click();
  await expect(page).toHaveURL('/fila-do-solicitante/parcelamentos?check=CONTESTADO');
  await expect(rows.first()).toBeVisible();
});

test('statement of a demo account: balances add up, period and export', async ({ page }) => {
  await page.goto('/contas-financeiras/lista');
  await page.getByRole('link', { name: /Itaú/ }).first().click();
  await expect(page).toHaveURL(/\/contas-financeiras\/[0-9a-f-]{36}$/);
  const accountId = /\/contas-financeiras\/([0-9a-f-]{36})$/.exec(new URL(page.url()).pathname)?.[1];
  expect(accountId).toBeTruthy();
  await page.goto(`/contas-financeiras/${accountId}/extrato-de-movimentacoes`);
  await expect(page.getByRole('heading', { name: /^Extrato de movimentações — Itaú/ })).toBeVisible();
  await page.getByRole('button', { name: 'Mês passado' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-01&to=/);
  const value = async (id: string) => money((await page.getByTestId(id).textContent()) ?? '');
  // The figures shown while the new period loads are the previous period's: wait for this period's.
  const period = new URL(page.url()).searchParams;
  await expect(page.getByTestId('statement-summary')).toHaveAttribute('data-period', `${period.get('from')}..${period.get('to')}`);
  const [opening, credits, debits, closing] = await Promise.all(['statement-opening', 'statement-credits', 'statement-debits', 'statement-closing'].map(value));
  expect(Math.round((opening + credits + debits) * 100)).toBe(Math.round(closing * 100));
  await expect(page.locator('.ant-table').getByText('Saldo anterior')).toBeVisible();
  await expect(page.locator('.ant-table .ant-tag').filter({ hasText: /^(Pagamento|Recebimento|Manual)$/ }).first()).toBeVisible();
  await shot(page, 'statement');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  await page.getByRole('menuitem', { name: 'CSV (Excel)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^extrato-itau-[a-z0-9-]+-\d{4}-\d{2}-01-a-\d{4}-\d{2}-\d{2}\.csv$/);
});

test('contas a receber: receive an open parcela into an account (row action), it leaves the open ones', async ({ page }) => {
  await page.goto('/contas-a-receber/parcelamentos?filter[status][in]=ABERTO&sort=-dueDate');
  const first = page.locator('tbody a.bo-row-link').first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  const label = (await first.innerText()).trim();
  await page.getByRole('button', { name: `Ações de ${label}` }).click();
  await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: /Receber$/ }).click();
  const dialog = page.getByRole('dialog', { name: `Receber ${label}?` });
  await dialog.getByRole('button', { name: /^Receber R\$/ }).click();
  await expect(dialog.getByText('Escolha a conta financeira.')).toBeVisible();
  await dialog.getByLabel('Conta financeira').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await shot(page, 'receive-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: /^Receber R\$/ }).click();
  await expect(page.getByText(/^1 parcela recebida \(R\$/)).toBeVisible();
  await expect(page.locator('tbody a.bo-row-link').filter({ hasText: label })).toHaveCount(0);
});
