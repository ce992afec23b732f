import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiAs, axeSerious, login, ok, runTag, shot } from './support.ts';

/**
 * Reconciliation rules (D81): a rule written on the rules screen (memo contains … → expense category) names itself
 * in the import preview; imported with "Aplicar regras às linhas novas", the fee line becomes a movement posted to
 * the ledger and shows reconciled.
 */
const AP = '/api/accounts-payable/v1';

/** Picks a record in a reference select: types part of its label and takes the highlighted option with Enter. */
async function pick(page: Page, label: string, search: string, option: string) {
  const input = page.getByLabel(label, { exact: true });
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option-active', { hasText: option });
  await expect(async () => {
    await input.click();
    await input.fill(search);
    await expect(item).toBeVisible({ timeout: 3000 });
    await input.press('Enter');
    await expect(page.locator('.ant-select').filter({ has: input })).toContainText(option, { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}

/** An OFX of the Itaú account the test creates (0341 / 1234 / 567890) with these lines (centavos). */
function ofx(lines: { date: string; amount: number; memo: string }[], tag: string): Buffer {
  const trn = lines
    .map((l, i) => `<STMTTRN>\n<TRNTYPE>${l.amount < 0 ? 'DEBIT' : 'CREDIT'}\n<DTPOSTED>${l.date.replaceAll('-', '')}\n<TRNAMT>${(l.amount / 100).toFixed(2)}\n<FITID>${tag}-${i}\n<MEMO>${l.memo}\n</STMTTRN>`)
    .join('\n');
  return Buffer.from(
    `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n<CURDEF>BRL\n<BANKACCTFROM>\n<BANKID>0341\n<BRANCHID>1234\n<ACCTID>567890\n</BANKACCTFROM>\n<BANKTRANLIST>\n${trn}\n</BANKTRANLIST>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n`,
  );
}

test('creates a rule on the rules screen; the import preview names it and the import reconciles the fee line', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const tag = runTag();
  const api = await apiAs(baseURL!, ADMIN);
  const [org] = await ok(await api.get('/api/identity/v1/organizations?pageSize=1&sort=name'));
  const [itau] = await ok(await api.get(`${AP}/banks?filter[compe][eq]=341`));
  const account = await ok(
    await api.post(`${AP}/bank-accounts`, {
      data: { organizationId: org.id, name: `Regras E2E ${tag}`, type: 'CONTA_CORRENTE', bankId: itau.id, agency: '1234', account: '56789', accountDigit: '0', openingBalance: 1000000, openingBalanceDate: '2026-01-01', active: true },
    }),
    201,
  );
  const [category] = await ok(await api.get(`${AP}/expense-categories?filter[type][eq]=A&filter[active][eq]=true&sort=code&pageSize=1`));
  const categoryName = String(category.name);

  await login(page, ADMIN);
  await page.goto(`/contas-financeiras/${account.id}/conciliacao-de-conta?from=2026-03-01&to=2026-03-31&status=TODOS`);
  await page.getByRole('link', { name: 'Regras', exact: true }).click();
  await expect(page).toHaveURL(/\/contas-financeiras\/regras-de-conciliacao/);
  await expect(page.getByRole('heading', { level: 1, name: 'Regras de Conciliação' })).toBeVisible();
  await page.getByRole('link', { name: /Nova regra/i }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nova regra de conciliação' })).toBeVisible();
  await pick(page, 'Organização', String(org.name).split(' ')[0], String(org.name));
  await pick(page, 'Conta financeira', tag, `Regras E2E ${tag}`);
  await page.getByLabel('Nome', { exact: true }).fill(`Tarifa PIX ${tag}`);
  await page.getByLabel('Ordem', { exact: true }).fill('0');
  await page.getByLabel('Ativa', { exact: true }).check();
  await page.getByLabel('Histórico contém', { exact: true }).fill(`TARIFA PIX ${tag}`);
  await page.getByRole('radio', { name: 'Débitos' }).check();
  await page.getByLabel('Descrição da movimentação', { exact: true }).fill('Tarifa PIX');
  await pick(page, 'Categoria de despesa', categoryName.split(' ')[0], categoryName);
  await shot(page, 'rules-form');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(`Tarifa PIX ${tag}`).first()).toBeVisible();
  await expect(page).toHaveURL(/\/contas-financeiras\/regras-de-conciliacao\/[0-9a-f-]{36}$/);
  await shot(page, 'rules-view');
  await page.goto('/contas-financeiras/regras-de-conciliacao');
  await expect(page.getByRole('row').filter({ hasText: `Tarifa PIX ${tag}` })).toBeVisible();
  await shot(page, 'rules-list');
  expect(await axeSerious(page)).toEqual([]);

  await page.goto(`/contas-financeiras/${account.id}/conciliacao-de-conta?from=2026-03-01&to=2026-03-31&status=TODOS`);
  await page.locator('input[type="file"]').setInputFiles({
    name: 'tarifas.ofx',
    mimeType: 'application/x-ofx',
    buffer: ofx([{ date: '2026-03-03', amount: -350, memo: `TARIFA PIX ${tag} ENVIO` }, { date: '2026-03-04', amount: -50000, memo: 'PAGAMENTO BOLETO' }], `rules-e2e-${tag}`),
  });
  const preview = page.getByTestId('import-preview');
  await expect(preview.getByRole('row').filter({ hasText: `TARIFA PIX ${tag} ENVIO` })).toContainText(`Tarifa PIX ${tag}`);
  await expect(preview.getByRole('row').filter({ hasText: `TARIFA PIX ${tag} ENVIO` })).toContainText(categoryName);
  const apply = preview.getByRole('checkbox', { name: 'Aplicar regras às linhas novas' });
  await expect(apply).toBeChecked();
  await expect(preview.getByTestId('import-rules')).toContainText('1 lançamento(s) novo(s)');
  await shot(page, 'rules-import-preview');
  await preview.getByRole('button', { name: 'Importar 2 lançamento(s)' }).click();
  await expect(page.getByTestId('bank-line')).toHaveCount(2);
  await expect(page.getByTestId('bank-line').filter({ hasText: `TARIFA PIX ${tag} ENVIO` })).toContainText('Conciliado');
  await expect(page.getByTestId('bank-line').filter({ hasText: 'PAGAMENTO BOLETO' })).toContainText('Pendente');
  await shot(page, 'rules-imported');
});
