import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SEED_POLICIES } from '../../server/seed/access.ts';
import { COMPRAS, adminApi, login, menu } from './support.ts';

// Spec §2 step 10: menu entries need `create` on the module's resource; modules without one always show.
const POLICIES = '/api/identity/v1/application-policies';

const entries = async (page: Page) => (await menu(page).getByRole('menuitem').allInnerTexts()).map((t) => t.trim());
const groupTitles = async (page: Page) => (await menu(page).locator('.ant-menu-item-group-title').allInnerTexts()).map((t) => t.trim());

interface Policy {
  id: string;
  version: number;
  resources: { name: string; scopes: string[] }[];
}

async function comprasPolicy(api: APIRequestContext, headers: Record<string, string>): Promise<Policy> {
  const [policy] = await (await api.get(`${POLICIES}?filter[name][eq]=Compras`, { headers })).json();
  return policy;
}

async function setResources(api: APIRequestContext, headers: Record<string, string>, resources: Policy['resources']): Promise<void> {
  const policy = await comprasPolicy(api, headers);
  const res = await api.patch(`${POLICIES}/${policy.id}`, { data: { resources }, headers: { ...headers, 'if-match': `W/"${policy.version}"` } });
  expect(res.status()).toBe(200);
}

// The seeded Compras policy (server/seed/access.ts): the test puts it back exactly as it was.
const BASE = SEED_POLICIES.find((p) => p.name === 'Compras')!.resources;

test('compras sees exactly its modules: Pedidos, Cotações, Ordens de Compra, Entregas, Faturamentos, and Minha Conta (no resource)', async ({ page }) => {
  await login(page, COMPRAS);
  await expect(menu(page).getByRole('menuitem', { name: 'Minha Conta' })).toBeVisible();
  expect(await entries(page)).toEqual(['Pedidos', 'Cotações', 'Ordens de Compra', 'Entregas', 'Faturamentos', 'Minha Conta']);
  // Groups with no visible entry are gone (Financeiro, Cadastros, Administração…).
  expect(await groupTitles(page)).toEqual(['Compras', 'Conta']);
});

test("changing compras's policy changes its menu at the next navigation, without signing in again", async ({ page, baseURL }) => {
  const { api, headers } = await adminApi(baseURL);
  try {
    await login(page, COMPRAS);
    await expect(menu(page).getByRole('menuitem', { name: 'Minha Conta' })).toBeVisible();
    expect(await entries(page)).not.toContain('Contas a Receber');

    // Read only is not enough for the menu: it needs create.
    await setResources(api, headers, [...BASE, { name: 'receivables', scopes: ['read'] }]);
    await menu(page).getByRole('menuitem', { name: 'Cotações' }).click();
    await expect(page).toHaveURL(/\/cotacoes/);
    await expect(menu(page).getByRole('menuitem', { name: 'Minha Conta' })).toBeVisible();
    expect(await entries(page)).not.toContain('Contas a Receber');

    await setResources(api, headers, [...BASE, { name: 'receivables', scopes: ['create', 'read'] }]);
    await menu(page).getByRole('menuitem', { name: 'Pedidos' }).click();
    await expect(menu(page).getByRole('menuitem', { name: 'Contas a Receber' })).toBeVisible();
    expect(await entries(page)).toEqual(['Pedidos', 'Cotações', 'Ordens de Compra', 'Entregas', 'Faturamentos', 'Contas a Receber', 'Minha Conta']);
    expect(await groupTitles(page)).toEqual(['Compras', 'Financeiro', 'Conta']);
    // Not only the menu: the list opens with the organization's receivables.
    await menu(page).getByRole('menuitem', { name: 'Contas a Receber' }).click();
    await expect(page).toHaveURL('/contas-a-receber/lancamentos');
    await expect(page.getByRole('table').locator('tbody a.bo-row-link').first()).toBeVisible();

    await setResources(api, headers, BASE);
    await menu(page).getByRole('menuitem', { name: 'Ordens de Compra' }).click();
    await expect(menu(page).getByRole('menuitem', { name: 'Contas a Receber' })).toHaveCount(0);
    expect(await entries(page)).toEqual(['Pedidos', 'Cotações', 'Ordens de Compra', 'Entregas', 'Faturamentos', 'Minha Conta']);
    // And the server refuses what the policy no longer grants, whatever the client shows.
    // The session's token (spec §3 keys; sessionStorage unless "remember me").
    const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('accessToken') ?? localStorage.getItem('accessToken') ?? 'null'));
    const refused = await api.get('/api/accounts-payable/v1/receivables?pageSize=1', { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(403);
    await page.goto('/contas-a-receber/lancamentos');
    // The guard denies before drawing: one clear page, no filters or table behind it.
    await expect(page.getByRole('heading', { name: 'Acesso negado' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  } finally {
    await setResources(api, headers, BASE);
    await api.dispose();
  }
});
