import { expect, test } from '@playwright/test';
import { apiAs, ADMIN, login, ok, pickDate, type Json } from './support.ts';

/**
 * Rules written only in JSON (docs/schemas.md §3.3): the supplier of a purchase order is a company whose type is a
 * supplier, service provider or carrier (`x-ref-filter`), so the picker never offers a customer.
 */
test('the supplier picker of a purchase order offers suppliers, not customers', async ({ page, baseURL }) => {
  const api = await apiAs(baseURL!, ADMIN);
  const [customerType] = await ok(await api.get('/api/companies/v1/company-types?filter[kind][eq]=CLIENTE&pageSize=1'));
  const [customer] = await ok(await api.get(`/api/companies/v1/companies?filter[companyTypeId][eq]=${String((customerType as Json).id)}&filter[active][eq]=true&pageSize=1`));
  const [supplier] = await ok(await api.get('/api/companies/v1/companies?refOf=purchase-orders.supplierId&filter[active][eq]=true&pageSize=1'));
  await api.dispose();
  const customerName = String((customer as Json).legalName);
  const supplierName = String((supplier as Json).legalName);

  await login(page);
  await page.goto('/ordens-de-compra/adicionar');
  await expect(page.getByRole('heading', { name: 'Nova ordem de compra' })).toBeVisible();
  const picker = page.getByLabel('Fornecedor', { exact: true });
  const option = (name: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name });
  const searched = (text: string) =>
    page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname.endsWith('/companies') && url.searchParams.get('refOf') === 'purchase-orders.supplierId' && url.searchParams.get('q') === text;
    });

  await picker.click();
  let answer = searched(supplierName);
  await picker.fill(supplierName);
  await answer;
  await expect(option(supplierName).first()).toBeVisible();

  answer = searched(customerName);
  await picker.fill(customerName);
  const rows = (await (await answer).json()) as Json[];
  expect(rows.map((r) => r.id)).not.toContain((customer as Json).id);
  // The new results replaced the supplier's (the search ran and rendered): the customer is not among them.
  await expect(option(supplierName)).toHaveCount(0);
  await expect(option(customerName)).toHaveCount(0);
});

/** A comparison between fields in the schema (`formatMinimum` with `$data`) shows on the form as the person leaves the field. */
test('company bill: an end before the start is refused on the form when the field is left, with the schema\'s message', async ({ page }) => {
  await login(page);
  await page.goto('/configuracoes/faturas-de-empresas/adicionar');
  await pickDate(page, 'Início da vigência', '01/03/2026');
  await pickDate(page, 'Fim da vigência', '28/02/2026');
  await page.getByLabel('Fim da vigência', { exact: true }).press('Tab');
  await expect(page.getByText('O fim da vigência deve ser igual ou posterior ao início.')).toBeVisible();
  await pickDate(page, 'Fim da vigência', '01/03/2026');
  await page.getByLabel('Fim da vigência', { exact: true }).press('Tab');
  await expect(page.getByText('O fim da vigência deve ser igual ou posterior ao início.')).toHaveCount(0);
});
