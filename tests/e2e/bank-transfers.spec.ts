import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ADMIN, apiAs, login, ok, R$, runTag, shot, today } from './support.ts';

/**
 * Transferência entre contas próprias (D60) from an account's statement: the administrator moves R$ 250,00 from one
 * of two new cash accounts to the other; both statements show it, the origin's balance goes down and the
 * destination's up; then it is reversed from the destination's statement and both balances come back (the reports'
 * side is proven to the centavo in tests/server/ledger/transfers.test.ts).
 */
test('a transfer between own accounts is made from the statement and shows on both statements', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const api = await apiAs(baseURL!, ADMIN);
  const tag = runTag();
  const [org] = await ok(await api.get('/api/identity/v1/organizations?pageSize=1&sort=name'));
  const open = async (name: string, openingBalance: number) =>
    ok(await api.post('/api/accounts-payable/v1/bank-accounts', { data: { organizationId: org.id, name, type: 'CAIXA', openingBalance, openingBalanceDate: today(-10), active: true } }), 201);
  const a = await open(`Caixa A ${tag}`, 100000);
  const b = await open(`Caixa B ${tag}`, 10000);

  await login(page, ADMIN);
  await page.goto(`/contas-financeiras/${a.id}/extrato-de-movimentacoes?from=${today()}&to=${today()}`);
  await expect(page.getByRole('heading', { name: `Extrato de movimentações — Caixa A ${tag}` })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('statement-closing')).toHaveText(R$('1.000,00'));
  await page.getByRole('button', { name: 'Transferir para outra conta' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Transferir de Caixa A ${tag}`);
  // Nothing chosen yet: the dialog says what is missing.
  await dialog.getByRole('button', { name: 'Transferir', exact: true }).click();
  await expect(dialog).toContainText('Escolha a conta de destino.');
  await dialog.getByLabel('Conta de destino').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `Caixa B ${tag}` }).click();
  await dialog.getByLabel('Valor da transferência').fill('25000');
  await dialog.getByLabel('Histórico').fill(`Reforço do caixa B ${tag}`);
  await shot(page, 'bank-transfer-dialog', { fullPage: false });
  const axe = await new AxeBuilder({ page }).include('.ant-modal').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await dialog.getByRole('button', { name: `Transferir ${R$('250,00')}` }).click();
  await expect(page.getByText(`Transferência de ${R$('250,00')} para Caixa B ${tag} registrada.`)).toBeVisible();
  await expect(page.getByTestId('statement-closing')).toHaveText(R$('750,00'));
  // The statement's table is virtual (rows are not table rows): its line and the origin tag.
  const table = page.locator('.ant-table');
  await expect(table.getByText(`Reforço do caixa B ${tag}`)).toBeVisible();
  await expect(table.getByText('Transferência', { exact: true })).toBeVisible();

  await page.goto(`/contas-financeiras/${b.id}/extrato-de-movimentacoes?from=${today()}&to=${today()}`);
  await expect(page.getByTestId('statement-closing')).toHaveText(R$('350,00'));
  await expect(table.getByText(`Reforço do caixa B ${tag}`)).toBeVisible();
  await expect(table.getByText(R$('250,00'), { exact: true })).toBeVisible();
  await shot(page, 'bank-transfer-statement');

  // A wrong transfer is reversed from either statement (here the destination's): both accounts get the estorno.
  await page.getByRole('button', { name: `Estornar a transferência Reforço do caixa B ${tag}` }).click();
  const reverse = page.getByRole('dialog');
  await expect(reverse).toContainText('Estornar transferência');
  await reverse.getByRole('button', { name: 'Estornar', exact: true }).click();
  await expect(reverse).toContainText('Informe o motivo do estorno.');
  await reverse.getByLabel('Motivo').fill('Conta de destino errada');
  const axeReverse = await new AxeBuilder({ page }).include('.ant-modal').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axeReverse.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await shot(page, 'bank-transfer-reverse-dialog', { fullPage: false });
  await reverse.getByRole('button', { name: 'Estornar', exact: true }).click();
  await expect(page.getByText('Transferência estornada nas duas contas; o lançamento contábil foi estornado.')).toBeVisible();
  await expect(page.getByTestId('statement-closing')).toHaveText(R$('100,00'));
  await expect(table.getByText(`Estorno: Reforço do caixa B ${tag} — Conta de destino errada`)).toBeVisible();
  // Reversed once: no second estorno offered.
  await expect(page.getByRole('button', { name: `Estornar a transferência Reforço do caixa B ${tag}` })).toHaveCount(0);
  await page.goto(`/contas-financeiras/${a.id}/extrato-de-movimentacoes?from=${today()}&to=${today()}`);
  await expect(page.getByTestId('statement-closing')).toHaveText(R$('1.000,00'));

  await api.dispose();
});
