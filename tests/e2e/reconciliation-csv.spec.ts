import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, apiAs, axeSerious, login, ok, runTag, shot } from './support.ts';

/**
 * CSV statements on the reconciliation screen (issue 13, docs/reconciliation.md): an account without a saved mapping
 * gets the mapping form (the file's first lines, a column per field), a wrong date format is named on its field,
 * the preview reads the Brazilian values, the import saves the mapping, and the next CSV opens with it pre-filled.
 */
const AP = '/api/accounts-payable/v1';
const CSV = 'Data;Histórico;Valor\r\n05/03/2026;PIX RECEBIDO CLIENTE ALFA;1.234,56\r\n06/03/2026;TARIFA PACOTE SERVIÇOS;-45,90\r\n10/03/2026;PAGAMENTO FORNECEDOR;-500,00\r\n';

/** Opens the select of a mapping field and clicks an option of its own dropdown (`{id}_list` inside it). */
async function choose(page: Page, form: Locator, label: string, option: string) {
  const input = form.getByLabel(label, { exact: true });
  await input.click();
  const id = await input.getAttribute('id');
  await page.locator('.ant-select-dropdown', { has: page.locator(`[id="${id}_list"]`) }).locator('.ant-select-item-option', { hasText: option }).first().click();
}

/** The shown value of a mapping field's select. */
const valueOf = (form: Locator, id: string) => form.locator(`.ant-form-item:has([id="${id}"]) .ant-select-content`);

test('maps the columns of a CSV on an account without a mapping, previews, imports, and finds the mapping saved', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const api = await apiAs(baseURL!, ADMIN);
  const [org] = await ok(await api.get('/api/identity/v1/organizations?pageSize=1&sort=name'));
  const [bank] = await ok(await api.get(`${AP}/banks?filter[compe][eq]=341`));
  const account = await ok(
    await api.post(`${AP}/bank-accounts`, {
      data: { organizationId: org.id, name: `Conciliação CSV ${runTag()}`, type: 'CONTA_CORRENTE', bankId: bank.id, agency: '4321', account: '98765', accountDigit: '1', openingBalance: 500000, openingBalanceDate: '2026-01-01', active: true },
    }),
    201,
  );
  expect((await ok(await api.get(`${AP}/bank-accounts/${account.id}/csv-mapping`))).mapping).toBeNull();

  await login(page, ADMIN);
  await page.goto(`/contas-financeiras/${account.id}/conciliacao-de-conta?from=2026-03-01&to=2026-03-31&status=TODOS`);
  await expect(page.getByText('Nenhum lançamento neste período.')).toBeVisible();
  // A spreadsheet export: windows-1252, `;`, decimal comma and thousands dot.
  const file = { name: 'extrato-marco.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV, 'latin1') };
  await page.locator('input[type="file"]').setInputFiles(file);

  const form = page.getByTestId('csv-mapping');
  await expect(form.getByRole('heading', { name: 'Mapeamento das colunas do CSV' })).toBeVisible();
  const sample = form.getByTestId('csv-sample');
  await expect(sample.getByRole('columnheader')).toHaveText(['Data', 'Histórico', 'Valor']);
  await expect(sample.getByRole('row')).toHaveCount(4);
  await expect(sample).toContainText('TARIFA PACOTE SERVIÇOS');
  await expect(valueOf(form, 'csv-map-delimiter')).toHaveText('Ponto e vírgula (;)');
  // First guesses from the header; the person checks them.
  await expect(valueOf(form, 'csv-map-date')).toHaveText('Data');
  await expect(valueOf(form, 'csv-map-amount')).toHaveText('Valor');

  // Map the columns (mouse for two, keyboard for the memo), with a wrong date format first.
  await choose(page, form, 'Data', 'Data');
  await form.getByLabel('Histórico', { exact: true }).focus();
  await page.keyboard.type('Hist');
  await page.keyboard.press('Enter');
  await choose(page, form, 'Valor', 'Valor');
  await choose(page, form, 'Formato da data', 'AAAA-MM-DD');
  await form.getByRole('button', { name: 'Pré-visualizar' }).click();
  await expect(form.getByTestId('csv-error-dateFormat')).toHaveText('Linha 2: "05/03/2026" não é uma data (AAAA-MM-DD).');
  await expect(form.getByLabel('Formato da data', { exact: true })).toHaveAttribute('aria-describedby', 'csv-map-dateFormat-error');
  await shot(page, 'reconciliation-csv-error');
  await choose(page, form, 'Formato da data', 'DD/MM/AAAA');
  await expect(form.getByTestId('csv-error-dateFormat')).toHaveCount(0);
  await form.getByRole('button', { name: 'Pré-visualizar' }).click();

  const preview = page.getByTestId('import-preview');
  await expect(preview).toContainText('Prévia de extrato-marco.csv');
  await expect(preview).toContainText('CSV (windows-1252)');
  await expect(preview.getByRole('row').filter({ hasText: 'PIX RECEBIDO CLIENTE ALFA' })).toContainText('R$\u00a01.234,56');
  await expect(preview.getByRole('row').filter({ hasText: 'TARIFA PACOTE SERVIÇOS' })).toContainText('-R$\u00a045,90');
  await shot(page, 'reconciliation-csv-mapping');
  expect(await axeSerious(page)).toEqual([]);
  await preview.getByRole('button', { name: 'Importar 3 lançamento(s)' }).click();
  await expect(page.getByTestId('bank-line')).toHaveCount(3);
  await expect(page.getByTestId('bank-line').filter({ hasText: 'PIX RECEBIDO CLIENTE ALFA' })).toContainText('R$\u00a01.234,56');
  await expect(page.getByTestId('csv-mapping')).toHaveCount(0);

  // The import saved the mapping: the same file again opens with it, previewed at once (nothing new).
  expect((await ok(await api.get(`${AP}/bank-accounts/${account.id}/csv-mapping`))).mapping).toEqual({ delimiter: ';', headerRows: 1, dateFormat: 'DD/MM/AAAA', date: 'Data', memo: 'Histórico', amount: 'Valor' });
  await page.locator('input[type="file"]').setInputFiles(file);
  await expect(form.getByRole('heading', { name: 'Mapeamento salvo desta conta' })).toBeVisible();
  await expect(preview).toContainText(/Já importados\s*3/);
  await expect(preview.getByRole('button', { name: 'Nada de novo neste arquivo' })).toBeDisabled();
  await expect(valueOf(form, 'csv-map-amount')).toHaveText('Valor');
  await expect(valueOf(form, 'csv-map-memo')).toHaveText('Histórico');
  await shot(page, 'reconciliation-csv-saved');
  expect(await axeSerious(page)).toEqual([]);
});
