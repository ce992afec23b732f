import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiAs, login, ok, runTag, shot, type Json } from './support.ts';

/**
 * "Classificar" on an account's statement (D88): a bank fee the reconciliation turned into a movement ("lançar", no
 * category: the ledger's fee account) is given a category, a cost center and a counterpart in the dialog; the
 * statement shows them and the analytical report of the movement shows the correction — the fee account reversed,
 * the category's ledger account charged.
 */
const AP = '/api/accounts-payable/v1';

/** Picks a record in one of the dialog's reference selects: types part of its label, takes the highlighted option with Enter. */
async function pick(page: Page, label: string, search: string, option: string) {
  const dialog = page.getByRole('dialog');
  const input = dialog.getByLabel(label, { exact: true });
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option-active', { hasText: option });
  await expect(async () => {
    await input.click();
    await input.fill(search);
    await expect(item).toBeVisible({ timeout: 3000 });
    await input.press('Enter');
    await expect(dialog.locator('.ant-select').filter({ has: page.getByLabel(label, { exact: true }) })).toContainText(option, { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}

test('reclassifies a reconciled bank fee from the statement; the ledger moves it to the category account', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const tag = runTag();
  const api = await apiAs(baseURL!, ADMIN);
  const [org] = await ok(await api.get('/api/identity/v1/organizations?pageSize=1&sort=name'));
  const [itau] = await ok(await api.get(`${AP}/banks?filter[compe][eq]=341`));
  const account = await ok(
    await api.post(`${AP}/bank-accounts`, {
      data: { organizationId: org.id, name: `Classificar E2E ${tag}`, type: 'CONTA_CORRENTE', bankId: itau.id, agency: '1234', account: '56789', accountDigit: '0', openingBalance: 1000000, openingBalanceDate: '2026-01-01', active: true },
    }),
    201,
  );
  // The bank's fee line, imported and turned into a movement by the reconciliation ("lançar"), as the screen does.
  const ofx = `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n<CURDEF>BRL\n<BANKACCTFROM>\n<BANKID>0341\n<BRANCHID>1234\n<ACCTID>567890\n</BANKACCTFROM>\n<BANKTRANLIST>\n<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20260303\n<TRNAMT>-35.90\n<FITID>classify-${tag}\n<MEMO>TARIFA DOC ${tag}\n</STMTTRN>\n</BANKTRANLIST>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n`;
  await ok(await api.post(`${AP}/bank-accounts/${account.id}/statement-imports`, { multipart: { file: { name: 'tarifa.ofx', mimeType: 'application/x-ofx', buffer: Buffer.from(ofx) } } }), 201);
  const { lines } = await ok(await api.get(`${AP}/bank-accounts/${account.id}/reconciliation?from=2026-03-01&to=2026-03-31`));
  const [line] = lines as Json[];
  const { record } = await ok(await api.post(`${AP}/reconcilables/${line.id}/create-entry`, { data: { version: line.version, description: `Tarifa DOC ${tag}` } }));
  const movementId = String(((record as Json).transactionIds as string[])[0]);

  // An analytic, active expense category with a ledger account, and an analytic cost center of the organization.
  const categories = await ok(await api.get(`${AP}/expense-categories?filter[type][eq]=A&filter[active][eq]=true&sort=code&pageSize=100`));
  const category = categories.find((c) => c.ledgerAccountId)!;
  const [costCenter] = await ok(await api.get(`${AP}/cost-centers?filter[organizationId][eq]=${org.id}&filter[type][eq]=A&filter[active][eq]=true&sort=code&pageSize=1`));
  const [company] = await ok(await api.get(`/api/companies/v1/companies?filter[organizationId][eq]=${org.id}&filter[active][eq]=true&sort=legalName&pageSize=1`));

  await login(page, ADMIN);
  await page.goto(`/contas-financeiras/${account.id}/extrato-de-movimentacoes?from=2026-03-01&to=2026-03-31`);
  await expect(page.getByRole('heading', { name: `Extrato de movimentações — Classificar E2E ${tag}` })).toBeVisible();
  const table = page.locator('.ant-table');
  await expect(table.getByText('Sem categoria')).toBeVisible();
  await table.getByRole('button', { name: `Classificar a movimentação "Tarifa DOC ${tag}"` }).click();

  const dialog = page.getByRole('dialog', { name: 'Classificar movimentação' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Tarifa DOC ${tag}`);
  await expect(dialog).toContainText('(saída)');
  // A debit takes an expense category: the revenue one is not offered.
  await expect(dialog.getByLabel('Categoria de receita', { exact: true })).toHaveCount(0);
  const categoryName = String(category.name);
  await pick(page, 'Categoria de despesa', categoryName, categoryName);
  await pick(page, 'Centro de custos', String(costCenter.name), String(costCenter.name));
  await pick(page, 'Contraparte', String(company.legalName), String(company.legalName));
  await page.mouse.move(0, 0);
  await shot(page, 'movement-classify-dialog', { fullPage: false });
  const axe = await new AxeBuilder({ page }).include('.ant-modal').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // Saved from the keyboard: Tab to "Salvar", Enter.
  const save = dialog.getByRole('button', { name: 'Salvar' });
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Movimentação reclassificada; o razão foi corrigido.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(table.getByText(`${categoryName} · ${String(costCenter.name)} · ${String(company.legalName)}`)).toBeVisible();
  await shot(page, 'movement-classify-statement');

  // The movement holds the classification; the ledger: the fee reversed ("Correção"), the category's account charged.
  expect(await ok(await api.get(`${AP}/transactions/${movementId}`))).toMatchObject({ expenseCategoryId: category.id, costCenterId: costCenter.id, companyId: company.id });
  const report = await ok(await api.get(`/api/finance-reporting/v1/analytical-reports?from=2026-03&to=2026-03&documentId=${movementId}&pageSize=50`));
  const items = report.items as Json[];
  expect(items.map((i) => i.description)).toContain(`Correção: Tarifa DOC ${tag}`);
  const charged = items.filter((i) => i.ledgerAccountId === category.ledgerAccountId);
  expect(charged.map((i) => [Number(i.debit), Number(i.credit), i.costCenterId, i.partyId])).toEqual([[3590, 0, costCenter.id, company.id]]);
  // Debits equal credits over the movement's lines.
  expect(items.reduce((s, i) => s + Number(i.debit) - Number(i.credit), 0)).toBe(0);

  await api.dispose();
});
