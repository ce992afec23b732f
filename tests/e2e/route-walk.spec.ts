import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminApi, login } from './support.ts';

/**
 * Route walk (issue 4 §4): every route pattern of the spec that is in scope, plus every route the screen
 * files derive, filled with ids of the seeded demo data, shows a real screen to the SystemOwner — never the
 * 404 page, never a console error — and every list row links to its record's page.
 */

/** The spec's routes of the foundation, engine and breadth issues (seed-spec §2), params in braces. */
const SPEC_ROUTES = [
  '/',
  '/configuracoes',
  '/configuracoes/configuracoes',
  '/configuracoes/aplicacao',
  '/configuracoes/aplicacao/acls',
  '/configuracoes/aplicacao/editar',
  '/configuracoes/aplicacao/politicas',
  '/configuracoes/aplicacao/recursos',
  '/configuracoes/aplicacoes',
  '/configuracoes/aplicacoes/adicionar',
  '/configuracoes/aplicacoes/{applicationId}',
  '/configuracoes/aplicacoes/{applicationId}/editar',
  '/configuracoes/aplicacoes/{applicationId}/acls',
  '/configuracoes/aplicacoes/{applicationId}/acls/adicionar',
  '/configuracoes/aplicacoes/{applicationId}/acls/{applicationAclId}',
  '/configuracoes/aplicacoes/{applicationId}/acls/{applicationAclId}/editar',
  '/configuracoes/aplicacoes/{applicationId}/acls/{applicationAclId}/items',
  '/configuracoes/aplicacoes/{applicationId}/politicas',
  '/configuracoes/aplicacoes/{applicationId}/politicas/adicionar',
  '/configuracoes/aplicacoes/{applicationId}/politicas/{applicationPolicyId}',
  '/configuracoes/aplicacoes/{applicationId}/politicas/{applicationPolicyId}/editar',
  '/configuracoes/aplicacoes/{applicationId}/recursos',
  '/configuracoes/aplicacoes/{applicationId}/recursos/adicionar',
  '/configuracoes/aplicacoes/{applicationId}/recursos/{applicationResourceId}',
  '/configuracoes/aplicacoes/{applicationId}/recursos/{applicationResourceId}/editar',
  ...[
    ['bancos', 'bankId'],
    ['categorias-de-despesas', 'expenseCategoryId'],
    ['categorias-de-receitas', 'revenueCategoryId'],
    ['centros-de-custos', 'costCenterId'],
    ['contas-contabeis', 'ledgerAccountId'],
    ['departamentos', 'departmentId'],
    ['faturas-de-empresas', 'companyBillId'],
    ['grupos-contabeis', 'accountingGroupId'],
    ['organizacoes', 'organizationId'],
    ['planos-de-contas', 'chartAccountId'],
    ['filas-de-aprovacao', 'approvalId'],
  ].flatMap(([p, id]) => [`/configuracoes/${p}`, `/configuracoes/${p}/adicionar`, `/configuracoes/${p}/{${id}}`, `/configuracoes/${p}/{${id}}/editar`]),
  '/configuracoes/filas-de-aprovacao/{approvalId}/etapas',
  '/configuracoes/filas-de-aprovacao/{approvalId}/gatilhos',
  '/contas-a-pagar',
  '/contas-a-pagar/lancamentos',
  '/contas-a-pagar/parcelamentos',
  '/contas-a-receber',
  '/contas-a-receber/lancamentos',
  '/contas-a-receber/parcelamentos',
  '/contas-financeiras',
  '/contas-financeiras/lista',
  '/contas-financeiras/adicionar',
  '/contas-financeiras/{bankAccountId}',
  '/contas-financeiras/{bankAccountId}/editar',
  '/contas-financeiras/{bankAccountId}/extrato-de-movimentacoes',
  '/fila-de-pagamentos',
  '/fila-de-pagamentos/lancamentos',
  '/fila-de-pagamentos/lancamentos/fila',
  '/fila-de-pagamentos/lancamentos/autorizados',
  '/fila-de-pagamentos/parcelamentos',
  '/fila-de-pagamentos/parcelamentos/fila',
  '/fila-de-pagamentos/parcelamentos/autorizados',
  '/fila-do-solicitante',
  '/fila-do-solicitante/lancamentos',
  '/fila-do-solicitante/parcelamentos',
  '/cotacoes',
  '/cotacoes/lista',
  '/cotacoes/adicionar',
  '/cotacoes/{quoteId}',
  '/cotacoes/{quoteId}/editar',
  '/ordens-de-compra',
  '/ordens-de-compra/lista',
  '/ordens-de-compra/adicionar',
  '/ordens-de-compra/{purchaseOrderId}',
  '/ordens-de-compra/{purchaseOrderId}/editar',
  '/pedidos',
  '/pedidos/lista',
  '/pedidos/adicionar',
  '/pedidos/{orderId}',
  '/pedidos/{orderId}/editar',
  '/departamentos',
  '/departamentos/adicionar',
  '/departamentos/{categoryId}',
  '/departamentos/{categoryId}/editar',
  '/empresas',
  '/empresas/{companyTypeId}',
  '/empresas/{companyTypeId}/lista',
  '/empresas/{companyTypeId}/adicionar',
  '/empresas/{companyTypeId}/{companyId}',
  '/empresas/{companyTypeId}/{companyId}/editar',
  '/grupos-de-usuario',
  '/grupos-de-usuario/adicionar',
  '/grupos-de-usuario/{userGroupId}',
  '/grupos-de-usuario/{userGroupId}/editar',
  '/grupos-de-usuario/{userGroupId}/membros',
  '/grupos-de-usuario/{userGroupId}/politicas',
  '/minha-conta',
  '/minha-conta/editar',
  '/minha-conta/alterar-senha',
  '/minha-conta/perfis-ativos',
  '/minha-conta/politicas',
  '/minha-conta/verificacao-em-duas-etapas',
  '/produtos',
  '/produtos/adicionar',
  '/produtos/{productId}',
  '/produtos/{productId}/editar',
  '/produtos/{productId}/midias',
  '/produtos/{productId}/variantes',
  '/usuarios',
  '/usuarios/adicionar',
  '/usuarios/{userId}',
  '/usuarios/{userId}/editar',
  '/usuarios/{userId}/perfis-ativos',
  '/usuarios/{userId}/politicas',
  '/bi/saldos-de-conta',
  '/bi/saldos-de-conta/lista',
  '/bi/saldos-de-conta/adicionar',
  '/bi/saldos-de-conta/{accountBalanceId}',
  '/bi/saldos-de-conta/{accountBalanceId}/editar',
  '/bi/tokens-de-conta',
  '/bi/tokens-de-conta/lista',
  '/bi/tokens-de-conta/adicionar',
  '/bi/tokens-de-conta/{accountTokenId}',
  '/bi/tokens-de-conta/{accountTokenId}/editar',
  '/receipts',
  '/invoices',
  '/table',
  '/test-icon',
  '/tests',
  '/theme',
];

interface ScreenFile {
  key: string;
  resource: string;
  route: { base: string; idParam: string; list?: string; parent?: { param: string; field: string } };
  list?: { rowLink?: string };
  form?: unknown;
  view?: unknown;
}
interface SchemaFile {
  'x-resource': { service: string; path: string };
}

function loadScreens(): ScreenFile[] {
  return readdirSync('screens', { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join('screens', d.name, 'screen.json')))
    .map((d) => ({ key: d.name, ...(JSON.parse(readFileSync(path.join('screens', d.name, 'screen.json'), 'utf8')) as Omit<ScreenFile, 'key'>) }));
}
const schemaOf = (resource: string): SchemaFile => JSON.parse(readFileSync(path.join('schemas', `${resource}.schema.json`), 'utf8')) as SchemaFile;
const apiPath = (resource: string) => {
  const x = schemaOf(resource)['x-resource'];
  return `/api/${x.service}/v1/${x.path}`;
};
/** `/a/{b}/c` → react-router-free pattern pieces: params in order. */
const paramsOf = (pattern: string) => [...pattern.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/** Every route a screen file derives (docs/screens.md §2), in the spec's brace notation. */
function screenPatterns(screens: ScreenFile[]): string[] {
  const out: string[] = [];
  for (const s of screens) {
    const { base, idParam, list } = s.route;
    if (s.list !== undefined) out.push(`${base}${list ?? ''}`, ...(list ? [base] : []));
    if (s.form !== undefined && (s.form as { create?: boolean }).create !== false) out.push(`${base}/adicionar`);
    if (s.view !== undefined) out.push(`${base}/{${idParam}}`);
    if (s.form !== undefined) out.push(`${base}/{${idParam}}/editar`);
  }
  return out;
}

/** Fills the params of a pattern from one seeded record of the screen that owns the last param. */
async function fill(api: APIRequestContext, screens: ScreenFile[], pattern: string, headers: Record<string, string>): Promise<string> {
  const params = paramsOf(pattern);
  if (!params.length) return pattern;
  const last = params.at(-1)!;
  const owner = screens.find((s) => s.route.idParam === last);
  if (!owner) throw new Error(`nenhuma tela tem o parâmetro {${last}} (rota ${pattern})`);
  const record = await oldest(api, owner, headers, pattern);
  return fillPattern(pattern, await chainValues(api, screens, owner, record, headers));
}

/** The oldest record of a screen's resource: the demo data's, never one another e2e file creates (and may delete) meanwhile. */
async function oldest(api: APIRequestContext, screen: ScreenFile, headers: Record<string, string>, why: string): Promise<Record<string, string>> {
  const res = await api.get(`${apiPath(screen.resource)}?pageSize=1&sort=createdAt`, { headers });
  expect(res.status(), `${apiPath(screen.resource)} para ${why}`).toBe(200);
  const [record] = (await res.json()) as Record<string, string>[];
  if (!record) throw new Error(`sem registros de ${screen.resource} nos dados de demonstração (${why})`);
  return record;
}

/** The record's own id param and, for nested screens, every parent param from the parent fields, up the chain. */
async function chainValues(api: APIRequestContext, screens: ScreenFile[], owner: ScreenFile, record: Record<string, string>, headers: Record<string, string>) {
  const values: Record<string, string> = { [owner.route.idParam]: record.id };
  let screen: ScreenFile | undefined = owner;
  let current: Record<string, string> = record;
  while (screen?.route.parent) {
    const { param, field }: { param: string; field: string } = screen.route.parent;
    values[param] = current[field];
    const parent: ScreenFile | undefined = screens.find((s) => s.route.idParam === param);
    if (!parent?.route.parent) break;
    const got = await api.get(`${apiPath(parent.resource)}/${values[param]}`, { headers });
    current = (await got.json()) as Record<string, string>;
    screen = parent;
  }
  return values;
}

function fillPattern(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/\{(\w+)\}/g, (_m, p: string) => {
    if (!values[p]) throw new Error(`não sei preencher {${p}} em ${pattern}`);
    return values[p];
  });
}

/**
 * Client-side navigation, as a click on a link would do (a popstate the router follows): the walk checks
 * what each route renders, not how fast the bundle reloads; deep links are the other e2e files' business.
 */
async function visit(page: Page, url: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, url);
}

/** Requests the page has in flight: the page has settled when none is left for 200 ms. */
const inFlight = new WeakMap<Page, Set<unknown>>();
function trackRequests(page: Page) {
  const open = new Set<unknown>();
  inFlight.set(page, open);
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}
async function quiet(page: Page, ms = 200, timeout = 10_000) {
  const open = inFlight.get(page)!;
  const deadline = Date.now() + timeout;
  let since = Date.now();
  while (Date.now() < deadline) {
    if (open.size) since = Date.now();
    else if (Date.now() - since >= ms) return;
    await page.waitForTimeout(25);
  }
}

test('every route shows a real screen, without console errors, and list rows link to their records', async ({ page, baseURL }) => {
  test.setTimeout(15 * 60_000);
  const screens = loadScreens();
  const { api, headers } = await adminApi(baseURL);

  const patterns = [...new Set([...SPEC_ROUTES, ...screenPatterns(screens)])];
  const urls: { pattern: string; url: string }[] = [];
  const unfillable: string[] = [];
  for (const pattern of patterns) {
    try {
      urls.push({ pattern, url: await fill(api, screens, pattern, headers) });
    } catch (err) {
      unfillable.push((err as Error).message);
    }
  }

  const errors: string[] = [];
  let current = '';
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`${current}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`${current}: ${err.message}`));
  trackRequests(page);

  await login(page);
  const problems: string[] = [...unfillable];
  for (const { pattern, url } of urls) {
    current = url;
    await test.step(pattern, async () => {
      await visit(page, url);
      await expect(page.getByRole('progressbar', { name: /carregando/i })).toHaveCount(0, { timeout: 15_000 }).catch(() => undefined);
      await quiet(page);
      if (await page.getByTestId('not-found-path').count()) problems.push(`${pattern} → 404 (${url})`);
      else if (await page.getByText('Internal Server Error').count()) problems.push(`${pattern} → página de erro (${url})`);
      else if (new URL(page.url()).pathname === '/login') problems.push(`${pattern} → mandou para o login (${url})`);
    });
  }

  // Every list's rows link to `<list>/{id}` (or the screen's rowLink); a nested list is opened under the parent
  // of one of its own records, so it has rows.
  for (const s of screens.filter((x) => x.list !== undefined)) {
    let base = s.route.base;
    if (paramsOf(base).length) {
      const child = await oldest(api, s, headers, `lista ${base}`).catch(() => undefined);
      if (!child) {
        problems.push(`${base}: lista sem registros nos dados de demonstração`);
        continue;
      }
      base = fillPattern(base, await chainValues(api, screens, s, child, headers));
    }
    const listUrl = `${base}${s.route.list ?? ''}`;
    current = listUrl;
    await test.step(`links of ${listUrl}`, async () => {
      await visit(page, listUrl);
      await quiet(page);
      const expected = s.list?.rowLink
        ? new RegExp(`^${s.list.rowLink.replace(/\{\w+\}/g, '[^/]+')}$`)
        : new RegExp(`^${base}/[0-9a-f-]{36}$`);
      const links = page.locator('tbody a.bo-row-link');
      const hrefs = () => links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
      // The rows of this list (not the previous page's, still on screen while this one loads).
      const ready = await expect
        .poll(async () => (await hrefs()).some((h) => expected.test(h)), { timeout: 10_000 })
        .toBe(true)
        .then(() => true, () => false);
      if (!ready) return problems.push(`${listUrl}: lista sem linhas com link para ${expected} nos dados de demonstração`);
      const wrong = (await hrefs()).filter((h) => !expected.test(h));
      if (wrong.length) problems.push(`${listUrl}: linhas que não apontam para ${expected}: ${wrong.slice(0, 3).join(', ')}`);
    });
  }
  await api.dispose();
  expect(problems, problems.join('\n')).toEqual([]);
  expect(errors, errors.join('\n')).toEqual([]);
});
