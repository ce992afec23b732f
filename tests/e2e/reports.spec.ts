import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Download, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN, login, menu, shot, UUID } from './support.ts';

/**
 * Reports over the general ledger (issue 12): opened from the "Relatórios" menu, sees
 * the figures of the seeded demo (posted through the ledger), drills from a DRE figure to its journal lines and
 * from a line to its source document; every report and dashboard has no serious or critical axe violation.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function noSeriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious, serious.join('\n')).toEqual([]);
}

const ready = (page: Page) => expect(page.getByTestId('report-kpis')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });

test('the DRE is read from the menu, drills into its journal lines and reaches the source document', async ({ page }) => {
  // Two axe analyses of long tables and a drill-down on a shared 2-core machine.
  test.setTimeout(150_000);
  await login(page, ADMIN);
  await menu(page).getByRole('link', { name: 'DRE', exact: true }).click();
  await expect(page).toHaveURL('/bi/relatorios/dre');
  await expect(page.getByRole('heading', { level: 1, name: 'DRE — Demonstração do Resultado' })).toBeVisible();
  // The last 12 months of the demo: revenue and expenses posted by competência.
  await page.getByRole('button', { name: 'Últimos 12 meses' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}&to=\d{4}-\d{2}/);
  await ready(page);
  await expect(page.getByRole('row').filter({ hasText: '= Lucro (prejuízo) líquido do exercício' })).toContainText('R$');
  await expect(page.getByRole('row').filter({ hasText: 'Receita operacional bruta' }).first()).toContainText('R$');
  await shot(page, 'reports-dre');
  await noSeriousViolations(page);

  // A figure of an account → its journal lines, with the same period.
  const rent = page.getByRole('row').filter({ hasText: '4.2.02.001 Aluguel' });
  await rent.getByRole('link', { name: /R\$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/bi/relatorios/analitico\\?.*ledgerAccountId=${UUID}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Relatório analítico' })).toBeVisible();
  await expect(page.getByText(/\d+ linhas? — débitos R\$/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Filtrado a partir de um relatório.')).toBeVisible();
  const first = page.getByTestId('analytical-table').getByRole('row').nth(1);
  await expect(first).toContainText('4.2.02.001 Aluguel');
  await shot(page, 'reports-analitico');
  await noSeriousViolations(page);
  await first.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/contas-a-pagar/lancamentos/${UUID}$`));
});

for (const [path, heading] of [
  ['/bi/relatorios/dfc', 'DFC — Demonstração dos Fluxos de Caixa'],
  ['/bi/relatorios/balanco', 'Balanço Patrimonial'],
  ['/bi/relatorios/fluxo-de-caixa', 'Fluxo de caixa'],
  ['/bi/dashboards', 'Painel financeiro'],
  ['/bi/dashboards/dre', 'Painel da DRE'],
  ['/bi/dashboards/dfc', 'Painel do caixa (DFC)'],
] as const) {
  test(`${path} shows its figures and has no serious axe violations`, async ({ page }) => {
    await login(page, ADMIN);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await ready(page);
    if (path === '/bi/relatorios/balanco') {
      // Ativo = Passivo + PL: the two totals show the same amount.
      const ativo = await page.getByRole('row').filter({ hasText: 'Total do ativo' }).locator('td').nth(1).innerText();
      await expect(page.getByRole('row').filter({ hasText: 'Total do passivo + patrimônio líquido' }).locator('td').nth(1)).toHaveText(ativo);
    }
    if (path === '/bi/relatorios/dfc') await expect(page.getByRole('row').filter({ hasText: 'Caixa e equivalentes no fim do período' })).toContainText('R$');
    await shot(page, `reports-${path.split('/').slice(2).join('-')}`);
    await noSeriousViolations(page);
  });
}

test('the DRE and the analytical report export to XLSX: the filters in the heading, amounts as numbers in BRL format', async ({ page }) => {
  test.setTimeout(120_000);
  const open = async (download: Download) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    return book.worksheets[0]!;
  };
  await login(page, ADMIN);
  await page.goto('/bi/relatorios/dre');
  await page.getByRole('button', { name: 'Últimos 12 meses' }).click();
  await expect(page).toHaveURL(/from=(\d{4})-(\d{2})&to=\d{4}-\d{2}/);
  const [from, to] = [...new URL(page.url()).searchParams.values()];
  // The URL changes before the page renders the new period: wait for the period's heading, then for its figures.
  await expect(page.getByText(`${from!.slice(5)}/${from!.slice(0, 4)} a ${to!.slice(5)}/${to!.slice(0, 4)}`, { exact: true }).first()).toBeVisible();
  await ready(page);
  const [dre] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar XLSX' }).click()]);
  expect(dre.suggestedFilename()).toBe(`dre-${from}-a-${to}.xlsx`);
  const sheet = await open(dre);
  expect(sheet.getCell('A1').value).toBe('DRE — Demonstração do Resultado');
  expect([sheet.getCell('A2').value, sheet.getCell('B2').value]).toEqual(['Período', `${from!.slice(5)}/${from!.slice(0, 4)} a ${to!.slice(5)}/${to!.slice(0, 4)}`]);
  expect(sheet.getCell('B3').value).toBe('Todas as organizações (consolidado)');
  const header = sheet.getRow(7).values as unknown[];
  expect(header.slice(1, 4)).toEqual(['Código', 'Linha', 'Valor (R$)']);
  // The net income line: a number with the BRL format, equal to what the page shows.
  let net: ExcelJS.Cell | undefined;
  sheet.eachRow((row) => {
    if (String(row.getCell(2).value).includes('Lucro (prejuízo) líquido')) net = row.getCell(3);
  });
  expect(net?.type).toBe(ExcelJS.ValueType.Number);
  expect(net?.numFmt).toContain('"R$" #,##0.00');
  const shown = await page.getByRole('row').filter({ hasText: '= Lucro (prejuízo) líquido do exercício' }).locator('td').nth(1).innerText();
  const centavos = Math.round((net!.value as number) * 100);
  expect(shown.replace(/\s/g, ' ')).toBe(new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(centavos / 100).replace(/\s/g, ' '));

  // The analytical report: every line of the filter, dates as dates.
  await page.goto(`/bi/relatorios/analitico?from=${from}&to=${to}&statementSection=DESPESAS_OPERACIONAIS`);
  const count = page.getByText(/^[\d.]+ linhas? — débitos R\$/);
  await expect(count).toBeVisible({ timeout: 30_000 });
  const total = Number((await count.innerText()).split(' ')[0]!.replace(/\./g, ''));
  const [analytical] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar XLSX' }).click()]);
  const lines = await open(analytical);
  expect(lines.getCell('A1').value).toBe('Relatório analítico');
  const headerRow = 8; // title, 4 filters, the drill filter, blank, header
  expect(lines.getCell(`A${headerRow}`).value).toBe('Data');
  expect(lines.rowCount - headerRow).toBe(total);
  const first = lines.getCell(`A${headerRow + 1}`);
  expect(first.type).toBe(ExcelJS.ValueType.Date);
  expect(first.numFmt).toBe('dd/mm/yyyy');
});

test('the project filter (kept in the URL) narrows the DRE to the demo project documents', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, ADMIN);
  await page.goto('/bi/relatorios/dre');
  await page.getByRole('button', { name: 'Últimos 12 meses' }).click();
  await ready(page);
  await page.getByLabel('Projeto').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'REFORMA-SEDE' }).click();
  await expect(page).toHaveURL(new RegExp(`projectId=${UUID}`));
  await ready(page);
  // Only the reform's payables: expenses, no revenue.
  await expect(page.getByRole('row').filter({ hasText: 'Receita operacional bruta' }).first().locator('td').nth(1)).toHaveText(/R\$\s0,00/);
  await expect(page.getByRole('row').filter({ hasText: '(−) Despesas operacionais' }).first().locator('td').nth(1)).toHaveText(/^-R\$\s[1-9]/);
  await shot(page, 'reports-dre-project');
});

test('the dashboard shows the AP and AR aging and a bucket opens the installments list with the same parcelas', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, ADMIN);
  await page.goto('/bi/dashboards');
  await ready(page);
  await expect(page.getByText('Vencidos a pagar')).toBeVisible();
  await expect(page.getByText('Vencidos a receber')).toBeVisible();
  const pagar = page.getByTestId('aging-pagar');
  await expect(pagar.getByRole('rowheader')).toHaveText(['A vencer', '1 a 30 dias', '31 a 60 dias', '61 a 90 dias', 'Mais de 90 dias']);
  await expect(page.getByTestId('aging-receber').getByRole('rowheader')).toHaveCount(5);
  await shot(page, 'reports-dashboards-aging');
  // The first bucket of a pagar with parcelas: its count is the list's total.
  const rows = pagar.getByRole('row').filter({ has: page.getByRole('rowheader') });
  let target = -1;
  for (let i = 0; i < 5 && target < 0; i++) if ((await rows.nth(i).locator('td').first().innerText()) !== '0') target = i;
  expect(target, 'the demo has open payable parcelas').toBeGreaterThanOrEqual(0);
  const count = Number((await rows.nth(target).locator('td').first().innerText()).replace(/\./g, ''));
  await rows.nth(target).getByRole('link').click();
  await expect(page).toHaveURL(/\/contas-a-pagar\/parcelamentos\?.*filter(%5B|\[)dueDate(%5D|\])/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Parcelamentos');
  const shown = count.toLocaleString('pt-BR');
  await expect(page.getByRole('navigation', { name: 'Paginação' }).getByText(new RegExp(`^[\\d.]+–[\\d.]+ de ${shown.replace(/\./g, '\\.')}$`))).toBeVisible({ timeout: 30_000 });
});
