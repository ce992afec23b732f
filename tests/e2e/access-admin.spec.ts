import { expect, request, test, type Browser, type Page } from '@playwright/test';
import { SEED_POLICIES } from '../../server/seed/access.ts';
import { ADMIN, COMPRAS, adminApi, login, menu, newPage, pickReference } from './support.ts';

// Access administration (issue 4 §2): the routes of spec §2 as the SystemOwner, a user invited by e-mail,
// and a policy edited in the scope matrix changing another user's menu at its next navigation.
const API = '/api/identity/v1';
const tag = Date.now().toString(36).slice(-5);

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first();

/** Ids of the seeded records the routes need, through the API as the admin. */
async function seededIds(baseURL: string | undefined) {
  const { api, headers } = await adminApi(baseURL);
  const first = async (path: string) => ((await (await api.get(`${API}/${path}`, { headers })).json()) as { id: string }[])[0].id;
  const ids = {
    app: ((await (await api.get(`${API}/applications/current`, { headers })).json()) as { id: string }).id,
    policy: await first('application-policies?filter[name][eq]=Compras'),
    acl: await first('application-acls?filter[name][eq]=matriz'),
    resource: await first('application-resources?filter[name][eq]=orders'),
    user: await first(`users?filter[email][eq]=${COMPRAS.email}`),
    group: await first('user-groups?filter[name][eq]=Compras'),
  };
  await api.dispose();
  return ids;
}

test('every access administration route of the spec opens for the SystemOwner (never the 404 page)', async ({ page, baseURL }) => {
  // 34 full page loads beside the route walk (with its axe pass) on 2 cores: minutes; a ceiling, not a wait.
  test.setTimeout(360_000);
  const id = await seededIds(baseURL);
  await login(page, ADMIN);
  const app = `/configuracoes/aplicacoes/${id.app}`;
  const routes: [string, string | RegExp][] = [
    ['/configuracoes/aplicacao', 'Back Office'],
    ['/configuracoes/aplicacao/acls', 'Grupos de Agências — Back Office'],
    ['/configuracoes/aplicacao/editar', 'Editar aplicação'],
    ['/configuracoes/aplicacao/politicas', 'Políticas — Back Office'],
    ['/configuracoes/aplicacao/recursos', 'Recursos — Back Office'],
    ['/configuracoes/aplicacoes', 'Aplicações'],
    ['/configuracoes/aplicacoes/adicionar', 'Nova aplicação'],
    [app, 'Back Office'],
    [`${app}/editar`, 'Editar aplicação'],
    [`${app}/acls`, 'Grupos de Agências — Back Office'],
    [`${app}/acls/adicionar`, 'Novo grupo de agências'],
    [`${app}/acls/${id.acl}`, 'Matriz'],
    [`${app}/acls/${id.acl}/editar`, 'Editar grupo de agências'],
    [`${app}/acls/${id.acl}/items`, 'Itens do grupo de agências — Matriz'],
    [`${app}/politicas`, 'Políticas — Back Office'],
    [`${app}/politicas/adicionar`, 'Nova política'],
    [`${app}/politicas/${id.policy}`, 'Compras'],
    [`${app}/politicas/${id.policy}/editar`, 'Editar política'],
    [`${app}/recursos`, 'Recursos — Back Office'],
    [`${app}/recursos/adicionar`, 'Novo recurso'],
    [`${app}/recursos/${id.resource}`, 'Pedidos'],
    [`${app}/recursos/${id.resource}/editar`, 'Editar recurso'],
    ['/usuarios', 'Usuários'],
    ['/usuarios/adicionar', 'Novo usuário'],
    [`/usuarios/${id.user}`, 'Carla Compras'],
    [`/usuarios/${id.user}/editar`, 'Editar usuário'],
    [`/usuarios/${id.user}/perfis-ativos`, 'Perfis ativos — Carla Compras'],
    [`/usuarios/${id.user}/politicas`, 'Políticas — Carla Compras'],
    ['/grupos-de-usuario', 'Perfis de Usuário'],
    ['/grupos-de-usuario/adicionar', 'Novo perfil de usuário'],
    [`/grupos-de-usuario/${id.group}`, 'Compras'],
    [`/grupos-de-usuario/${id.group}/editar`, 'Editar perfil de usuário'],
    [`/grupos-de-usuario/${id.group}/membros`, 'Membros — Compras'],
    [`/grupos-de-usuario/${id.group}/politicas`, 'Políticas do perfil — Compras'],
  ];
  for (const [path, title] of routes) {
    await page.goto(path);
    await expect(heading(page), path).toHaveText(title);
    await expect(page.getByText('Page Not Found')).toHaveCount(0);
  }
  // The menu's "Aplicação" entries open the current application's pages.
  await page.goto('/');
  await menu(page).getByRole('menuitem', { name: 'Aplicação' }).click();
  await menu(page).getByRole('menuitem', { name: 'Políticas' }).click();
  await expect(page).toHaveURL('/configuracoes/aplicacao/politicas');
  await expect(page.getByRole('table', { name: /Políticas/ }).getByRole('link', { name: 'Financeiro' })).toBeVisible();
});

test('the admin creates a user with a group; the e-mailed link sets the password and the user gets the group menu', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const email = `ana.${tag}@demo.com.br`;
  await login(page, ADMIN);
  await page.goto('/usuarios');
  await page.getByRole('link', { name: 'Novo usuário' }).click();
  await expect(page).toHaveURL('/usuarios/adicionar');
  await page.getByLabel('Nome', { exact: true }).fill(`Ana Teste ${tag}`);
  await page.getByLabel('E-mail', { exact: true }).fill(email.toUpperCase());
  await pickReference(page, 'Organização', 'Demo', 'Demo Comércio e Serviços Ltda');
  await pickReference(page, 'Perfis', 'Compras', /^Compras$/);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/usuarios\/[0-9a-f-]{36}$/);
  await expect(heading(page)).toHaveText(`Ana Teste ${tag}`);
  await expect(page.getByText(email, { exact: true })).toBeVisible();

  // The invitation: a single-use link to set the password, in the dev outbox (no SMTP in tests).
  const api = await request.newContext({ baseURL });
  const [mail] = await (await api.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  await api.dispose();
  expect(mail.subject).toBe('Crie sua senha de acesso ao Back Office');
  const link = /https?:\/\/\S+\/auth\/recuperar-senha\?token=\S+/.exec(mail.text)![0];
  const other = await newPage(browser);
  await other.goto(new URL(link).pathname + new URL(link).search);
  await other.getByLabel('Nova senha', { exact: true }).fill('Laranjeira-Azul-2026');
  await other.getByLabel('Confirme a nova senha').fill('Laranjeira-Azul-2026');
  await other.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(other).toHaveURL('/login');
  await login(other, { email, password: 'Laranjeira-Azul-2026' });
  await expect(menu(other).getByRole('menuitem', { name: 'Minha Conta' })).toBeVisible();
  expect((await menu(other).getByRole('menuitem').allInnerTexts()).map((t) => t.trim())).toEqual(['Pedidos', 'Cotações', 'Ordens de Compra', 'Entregas', 'Faturamentos', 'Minha Conta']);
  await other.context().close();
});

/** Opens the Compras policy's edit form from the current application's policies. */
async function editComprasPolicy(page: Page) {
  await page.goto('/configuracoes/aplicacao/politicas');
  await page.getByRole('table', { name: /Políticas/ }).getByRole('link', { name: 'Compras', exact: true }).click();
  await expect(heading(page)).toHaveText('Compras');
  await page.getByRole('link', { name: 'Editar' }).first().click();
  await expect(heading(page)).toHaveText('Editar política');
}

test('editing the Compras policy in the scope matrix adds "Contas a Receber" to compras\'s menu at its next navigation, and removes it again', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  // Whatever happens here, the next tests start from the seeded Compras policy.
  try {
    await editAndCheckMenu(page, browser);
  } finally {
    await restoreComprasPolicy(baseURL);
  }
});

async function restoreComprasPolicy(baseURL: string | undefined) {
  const { api, headers } = await adminApi(baseURL);
  const [policy] = await (await api.get(`${API}/application-policies?filter[name][eq]=Compras`, { headers })).json();
  const resources = SEED_POLICIES.find((p) => p.name === 'Compras')!.resources;
  await api.patch(`${API}/application-policies/${policy.id}`, { data: { resources }, headers: { ...headers, 'if-match': `W/"${policy.version}"` } });
  await api.dispose();
}

async function editAndCheckMenu(page: Page, browser: Browser) {
  const compras = await newPage(browser);
  await login(compras, COMPRAS);
  await expect(menu(compras).getByRole('menuitem', { name: 'Minha Conta' })).toBeVisible();
  await expect(menu(compras).getByRole('menuitem', { name: 'Contas a Receber' })).toHaveCount(0);

  await login(page, ADMIN);
  await editComprasPolicy(page);
  const create = page.getByRole('checkbox', { name: 'Contas a Receber: Criar' });
  const read = page.getByRole('checkbox', { name: 'Contas a Receber: Ver' });
  await expect(create).not.toBeChecked();
  // A resource only offers the scopes it declares: receivables has no "Aprovar".
  await expect(page.getByRole('checkbox', { name: 'Contas a Receber: Aprovar' })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Pedidos: Criar' })).toBeChecked();
  await create.check();
  await read.check();
  await page.getByRole('button', { name: 'Salvar' }).click();
  // Saved: back on the policy's page, which lists the new grant (the matrix of every resource × scope re-renders first:
  // seconds on a loaded 2-core machine, so the URL gets a longer ceiling than the default 10 s).
  await expect(page).toHaveURL(/\/politicas\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByText('receivables', { exact: true })).toBeVisible();

  // Compras's next navigation (a menu click, no new login) reloads its permissions and its menu.
  await menu(compras).getByRole('menuitem', { name: 'Cotações' }).click();
  await expect(menu(compras).getByRole('menuitem', { name: 'Contas a Receber' })).toBeVisible();

  await editComprasPolicy(page);
  // Partly granted: the row's "all" box is indeterminate.
  await expect(page.getByRole('checkbox', { name: 'Contas a Receber: todos os escopos' })).not.toBeChecked();
  await create.uncheck();
  await read.uncheck();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/politicas\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByText('orders', { exact: true })).toBeVisible();
  await expect(page.getByText('receivables', { exact: true })).toHaveCount(0);

  await menu(compras).getByRole('menuitem', { name: 'Pedidos' }).click();
  await expect(menu(compras).getByRole('menuitem', { name: 'Contas a Receber' })).toHaveCount(0);
  expect((await menu(compras).getByRole('menuitem').allInnerTexts()).map((t) => t.trim())).toEqual(['Pedidos', 'Cotações', 'Ordens de Compra', 'Entregas', 'Faturamentos', 'Minha Conta']);
  await compras.context().close();
}
