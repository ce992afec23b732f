import { expect, test } from '@playwright/test';
import { COMPRAS, apiAs, loginInNewPage, ok, pickReference, shot, today, UUID, type Json, axeSerious as axe } from './support.ts';

// Run with E2E_PORT=3224: the requester's catalogue (issue 11, D63) — departments, the unaccented ranked search,
// the product page, the cart kept on the server (it survives a reload), and the cart turned into an order
// submitted for approval.

// A demo product (server/seed/demo/procurement/catalog-data.ts: one per brand).
const PRODUCT = 'Café torrado e moído 500 g — Pilão';


test('catalogue → product → cart (survives a reload) → order submitted for approval', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const api = await apiAs(baseURL!, COMPRAS);
  // This test owns compras' cart: it starts empty.
  expect((await api.delete('/api/cart/v1/cart')).status()).toBe(204);
  const [org] = await ok(await api.get('/api/identity/v1/organizations?pageSize=1&sort=name'));
  const [cc] = await ok(await api.get(`/api/accounts-payable/v1/cost-centers?filter[type][eq]=A&filter[organizationId][eq]=${String(org.id)}&pageSize=1&sort=code`));

  const page = await loginInNewPage(browser, COMPRAS);
  await page.goto('/pedidos/catalogo');
  const tree = page.getByRole('navigation', { name: 'Departamentos' });
  // The first reads of a fresh server may be slow on a loaded machine: a longer wait for the data, once.
  await expect(tree.getByRole('link', { name: 'Copa e cozinha' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('catalog-product').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('catalog-count')).toContainText('produto(s)');
  expect(await axe(page)).toEqual([]);
  await shot(page, 'procurement-catalog');

  // A department and its subdepartment: a multi-segment path, the breadcrumb, only their products.
  await tree.getByRole('link', { name: 'Copa e cozinha' }).click();
  await expect(page).toHaveURL('/pedidos/catalogo/copa-e-cozinha');
  await tree.getByRole('link', { name: 'Café e bebidas' }).click();
  await expect(page).toHaveURL('/pedidos/catalogo/copa-e-cozinha/cafe-e-bebidas');
  await expect(page.getByRole('heading', { level: 1, name: 'Café e bebidas' })).toBeVisible();
  await expect(page.getByRole('link', { name: PRODUCT })).toBeVisible();
  await shot(page, 'procurement-catalog-category');

  // Search without accents, from anywhere in the catalogue.
  await page.getByLabel('Buscar no catálogo').fill('cafe torrado pilao');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page).toHaveURL(/\/pedidos\/catalogo\/busca\?q=cafe\+torrado\+pilao/);
  await expect(page.getByTestId('catalog-count')).toContainText('para “cafe torrado pilao”');
  await expect(page.getByTestId('catalog-product').first()).toContainText(PRODUCT);
  expect(await axe(page)).toEqual([]);
  await shot(page, 'procurement-catalog-search');

  // The product page: quantity, cost center and need-by date, then the cart.
  await page.getByRole('link', { name: PRODUCT }).first().click();
  await expect(page).toHaveURL(new RegExp(`/pedidos/produto/${UUID}$`));
  await expect(page.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible();
  await page.getByLabel('Quantidade (PCT)').fill('3');
  await pickReference(page, 'Centro de custos', String(cc.code), String(cc.code));
  await page.getByLabel('Necessário até').fill(today(10));
  expect(await axe(page)).toEqual([]);
  await shot(page, 'procurement-product');
  await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expect(page.getByTestId('cart-badge')).toContainText('Carrinho: 1 item(ns)');

  // Kept on the server: a reload still shows it.
  await page.reload();
  await expect(page.getByTestId('cart-badge')).toContainText('Carrinho: 1 item(ns)');
  await page.getByTestId('cart-badge').click();
  await expect(page).toHaveURL('/pedidos/solicitacao');
  const line = page.getByTestId('cart-lines').getByRole('row').filter({ hasText: PRODUCT });
  await expect(line).toBeVisible();
  await expect(line.getByLabel(/^Quantidade/)).toHaveValue('3');
  // The quantity changed in place is saved on the server.
  await line.getByLabel(/^Quantidade/).fill('4');
  await line.getByLabel(/^Quantidade/).blur();
  await expect.poll(async () => ((await ok(await api.get('/api/cart/v1/cart'))) as Json).lines).toMatchObject([{ quantity: 4, costCenterId: cc.id, neededBy: today(10) }]);
  await page.reload();
  await expect(line.getByLabel(/^Quantidade/)).toHaveValue('4');

  // The order: the justification is required; then submitted for approval and opened.
  await page.getByRole('button', { name: 'Enviar para aprovação' }).click();
  await expect(page.getByText('Explique a necessidade (ao menos 10 caracteres).')).toBeVisible();
  await page.getByLabel('Justificativa').fill('Café da copa do escritório para o mês (teste do catálogo).');
  expect(await axe(page)).toEqual([]);
  await shot(page, 'procurement-cart');
  await page.getByRole('button', { name: 'Enviar para aprovação' }).click();
  await expect(page).toHaveURL(new RegExp(`/pedidos/${UUID}$`));
  await expect(page.getByRole('heading', { level: 1, name: /PED-\d+/ })).toBeVisible();
  await expect(page.getByRole('main').getByText('Aguardando aprovação', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('main').getByText(PRODUCT).first()).toBeVisible();
  const id = /\/pedidos\/([0-9a-f-]{36})$/.exec(page.url())![1];
  const order = await ok(await api.get(`/api/supply-management/v1/orders/${id}`));
  expect(order).toMatchObject({ status: 'ENVIADO', costCenterId: cc.id, items: [{ quantity: 4, description: PRODUCT }] });
  // The cart is empty now.
  await page.goto('/pedidos/solicitacao');
  await expect(page.getByText('Seu carrinho está vazio.')).toBeVisible();
  await page.context().close();
  await api.dispose();
});
