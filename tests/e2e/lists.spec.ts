import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { adminApi, login } from './support.ts';

const BANKS_API = '/api/accounts-payable/v1/banks';

interface Bank { compe: string | null; ispb: string; name: string; fullName: string; participatesCompe: boolean; active: boolean }

/**
 * The banks list needs more than one page and a few Itaú entries. The demo seed may already hold the BCB
 * list; whatever is missing of the first 40 banks (plus every Itaú) is created through the API, as an
 * implementer would.
 */
test.beforeAll(async ({ baseURL }, info) => {
  info.setTimeout(180_000);
  const { api, headers } = await adminApi(baseURL);
  const file = JSON.parse(readFileSync('server/seed/data/banks.json', 'utf8')) as { records: Bank[] };
  const wanted = [...file.records.slice(0, 40), ...file.records.filter((b) => /itaú/i.test(b.name))];
  for (const bank of wanted) {
    const found = await (await api.get(`${BANKS_API}?filter[ispb][eq]=${bank.ispb}`, { headers })).json();
    if (!found.length) expect((await api.post(BANKS_API, { data: bank, headers })).status()).toBe(201);
  }
  await api.dispose();
});

const table = (page: Page) => page.getByRole('table', { name: 'Bancos' });
const rows = (page: Page) => table(page).locator('tbody tr');
/** An option of the open antd select (its popup keeps the option's text in `title`). */
const option = (page: Page, text: string) => page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${text}"]`);
/** No page is loading over the current one (the list dims rows while it fetches). */
const settled = (page: Page) => expect(page.locator('.bo-list-scroll[data-fetching]')).toHaveCount(0);
const names = async (page: Page) => (await rows(page).locator('td:nth-child(3)').allInnerTexts()).map((s) => s.trim());

test('banks list: search, sort, page, filter, reload keeps it all; a bank and its history', async ({ page }) => {
  await login(page);
  await page.goto('/configuracoes/bancos');
  await expect(table(page)).toBeVisible();
  await expect(page.getByText(/^1–25 de \d+/)).toBeVisible();

  // Search (debounced) goes into the URL and narrows the rows.
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('Itaú');
  await expect(page).toHaveURL(/[?&]q=Ita%C3%BA/);
  // The API searches without accents: ITAÚ and ITAUBANK both match.
  const plain = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  await expect
    .poll(async () => {
      const found = await names(page);
      return { enough: found.length >= 4, allItau: found.every((n) => plain(n).includes('itau')) };
    })
    .toEqual({ enough: true, allItau: true });

  // Sort by name (click), then descending (click again): the server's order, reversed.
  await table(page).getByRole('button', { name: /^Nome reduzido/ }).click();
  await expect(page).toHaveURL(/sort=name(&|$)/);
  await expect(table(page).getByRole('columnheader', { name: /Nome reduzido/ })).toHaveAttribute('aria-sort', 'ascending');
  await settled(page);
  const asc = await names(page);
  await table(page).getByRole('button', { name: /^Nome reduzido/ }).click();
  await expect(page).toHaveURL(/sort=-name/);
  await expect(table(page).getByRole('columnheader', { name: /Nome reduzido/ })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => names(page)).toEqual(asc.toReversed());

  // Clear the search; 10 per page, page 2.
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('');
  await expect(page).not.toHaveURL(/q=/);
  await page.getByRole('combobox', { name: 'Registros por página' }).click();
  await option(page, '10 por página').click();
  await expect(page).toHaveURL(/pageSize=10/);
  await page.getByRole('listitem', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/^11–20 de \d+/)).toBeVisible();

  // Filter: only banks in the COMPE.
  await page.getByRole('combobox', { name: 'Participa da COMPE' }).click();
  await option(page, 'Sim').click();
  await expect(page).toHaveURL(/filter\[participatesCompe\]\[eq\]=true/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(rows(page).first()).toBeVisible();
  await settled(page);
  const before = { url: page.url(), names: await names(page) };

  // Reload: same URL, same rows, same controls.
  await page.reload();
  await expect(table(page)).toBeVisible();
  expect(page.url()).toBe(before.url);
  await expect.poll(() => names(page)).toEqual(before.names);
  await expect(page.getByRole('combobox', { name: 'Participa da COMPE' }).locator('..').locator('..')).toContainText('Sim');

  // Back button: the previous state (page 2, no filter) comes back.
  const back = page.waitForResponse((r) => r.url().includes(`${BANKS_API}?page=2&pageSize=10`) && !r.url().includes('participatesCompe'));
  await page.goBack();
  await back;
  await expect(page).toHaveURL(/page=2/);
  await expect(page).not.toHaveURL(/participatesCompe/);

  // Open a bank (the row is a link) and its history.
  await settled(page);
  // Read the link's target and text in one go: rows may re-render between two separate reads.
  const link = await rows(page).first().locator('a.bo-row-link').evaluate((a) => ({ href: a.getAttribute('href')!, text: (a.textContent ?? '').trim() }));
  const bankName = link.text;
  await page.locator(`a.bo-row-link[href="${link.href}"]`).click();
  await expect(page).toHaveURL(/\/configuracoes\/bancos\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: bankName })).toBeVisible();
  await expect(page.getByText('Identificação')).toBeVisible();
  // The demo banks come from the seed (no history yet): change one field, and the history names it.
  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL(/\/editar$/);
  const fullName = page.getByLabel('Nome extenso', { exact: true });
  const oldFullName = await fullName.inputValue();
  await fullName.fill(`${oldFullName} (revisado)`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Alterações salvas.')).toBeVisible();
  await page.getByRole('tab', { name: 'Histórico' }).click();
  const entry = page.getByTestId('history-entry').first();
  await expect(entry).toContainText('alterou');
  await expect(entry).toContainText('Nome extenso');
  await expect(entry).toContainText(`${oldFullName} (revisado)`);
  await expect(entry).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await page.getByRole('link', { name: 'Voltar para Bancos' }).click();
  await expect(table(page)).toBeVisible();
});

test('/contas-financeiras redirects to its list, keeping the query', async ({ page }) => {
  await login(page);
  await page.goto('/contas-financeiras?q=caixa');
  await expect(page).toHaveURL(/\/contas-financeiras\/lista\?q=caixa$/);
  await expect(page.getByRole('heading', { name: 'Contas Financeiras' })).toBeVisible();
});
