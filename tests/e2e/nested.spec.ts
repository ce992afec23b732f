import { expect, test, type APIRequestContext } from '@playwright/test';
import { UUID, adminApi, login, pickReference, runTag } from './support.ts';

/**
 * Nested screens (docs/screens.md §2.1) over a real pair: the stages of an approval queue,
 * /configuracoes/filas-de-aprovacao/{approvalId}/etapas. Two queues are created through the API, one stage
 * under the first; the UI must keep each stage under its own queue.
 */
const API = '/api/approvals/v1';
const tag = runTag();
const BASE = '/configuracoes/filas-de-aprovacao';

let api: APIRequestContext;
let headers: Record<string, string>;
const ids = { a: '', b: '', stage: '', admin: '' };

test.beforeAll(async ({ baseURL }) => {
  ({ api, headers } = await adminApi(baseURL));
  const me = await (await api.get('/api/identity/v1/users/me', { headers })).json();
  ids.admin = me.id;
  const queue = async (name: string) => {
    const res = await api.post(`${API}/approvals`, { headers, data: { name, priority: 900, allowSelfApproval: false, onReject: 'DEVOLVER', active: true } });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).id as string;
  };
  ids.a = await queue(`Fila A ${tag}`);
  ids.b = await queue(`Fila B ${tag}`);
  const stage = await api.post(`${API}/approval-stages`, {
    headers,
    data: { approvalId: ids.a, order: 1, name: `Gerência ${tag}`, rule: 'ANY', approverUserIds: [ids.admin], approverGroupIds: [], active: true },
  });
  expect(stage.status(), await stage.text()).toBe(201);
  ids.stage = (await stage.json()).id;
});

test.afterAll(async () => api.dispose());

test('child list, record, add form and 404 stay under their parent', async ({ page }) => {
  await login(page);

  // The list of queue A: titled after it, only its stage, rows under the nested base, no filter in the URL.
  await page.goto(`${BASE}/${ids.a}/etapas`);
  const table = page.getByRole('table', { name: `Etapas — Fila A ${tag}` });
  await expect(table).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody a.bo-row-link').first()).toHaveAttribute('href', `${BASE}/${ids.a}/etapas/${ids.stage}`);
  expect(new URL(page.url()).search).toBe('');
  await page.screenshot({ path: '.tmp/screens/nested-list.png', fullPage: true });
  // Queue B has none: the same list under B is empty.
  await page.goto(`${BASE}/${ids.b}/etapas`);
  await expect(page.getByText('Nenhum registro encontrado')).toBeVisible();

  // The stage under its queue opens; under the other queue it is not found.
  await page.goto(`${BASE}/${ids.a}/etapas/${ids.stage}`);
  await expect(page.getByRole('heading', { level: 1, name: `Gerência ${tag}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Voltar para Etapas — Fila A ${tag}` })).toHaveAttribute('href', `${BASE}/${ids.a}/etapas`);
  await page.goto(`${BASE}/${ids.b}/etapas/${ids.stage}`);
  await expect(page.getByTestId('not-found-path')).toBeVisible();
  await page.goto(`${BASE}/${ids.b}/etapas/${ids.stage}/editar`);
  await expect(page.getByTestId('not-found-path')).toBeVisible();

  // From the parent's record page: "Ver todos" opens the nested list, "Adicionar" its form with the parent preset.
  await page.goto(`${BASE}/${ids.b}`);
  const related = page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: /^Etapas/ }) });
  await expect(related.getByRole('link', { name: 'Ver todos' })).toHaveAttribute('href', `${BASE}/${ids.b}/etapas`);
  await related.getByRole('link', { name: /Adicionar/ }).click();
  await expect(page).toHaveURL(`${BASE}/${ids.b}/etapas/adicionar`);
  await expect(page.getByLabel('Nome', { exact: true })).toBeVisible();
  // The queue comes from the path: no "Fila" field to change.
  await expect(page.locator('[id$="_approvalId"]')).toHaveCount(0);
  await page.getByLabel('Nome', { exact: true }).fill(`Diretoria ${tag}`);
  await page.getByLabel('Ordem', { exact: true }).fill('2');
  await pickReference(page, 'Aprovadores (usuários)', 'Admin', /Administrador/);
  await page.getByRole('heading', { level: 1 }).click(); // closes the dropdown (Esc would cancel the form)
  await page.screenshot({ path: '.tmp/screens/nested-add.png', fullPage: true });
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(new RegExp(`^[^?]*${BASE}/${ids.b}/etapas/${UUID}$`));
  const created = page.url().split('/').at(-1)!;
  const saved = await (await api.get(`${API}/approval-stages/${created}`, { headers })).json();
  expect(saved.approvalId).toBe(ids.b);
  await page.goto(`${BASE}/${ids.b}/etapas`);
  await expect(page.getByRole('table', { name: `Etapas — Fila B ${tag}` }).locator('tbody tr')).toHaveCount(1);
});
