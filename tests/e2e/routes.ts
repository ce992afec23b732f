import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The routes of the app for the walks over all of them (route-walk.spec.ts, a11y.spec.ts): the spec's routes plus
 * every route the screen files derive, filled with ids of the seeded demo data; client-side navigation and a
 * "settled" wait on the page's requests.
 */

/** The spec's routes of the foundation, engine and breadth issues (seed-spec §2), params in braces. */
export const SPEC_ROUTES = [
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
  // The buyer's queues (issue 11, UI phase): approved lines → a quote; a winning proposal → its purchase order.
  '/cotacoes/fila',
  '/ordens-de-compra/fila',
  '/ordens-de-compra/proposta/{requestId}',
  // Approved purchase orders sent to the supplier (D73).
  '/ordens-de-compra/solicitacao',
  // The comparison map and the suppliers' proposals (D65).
  '/cotacoes/analises',
  '/cotacoes/orcamentos',
  '/cotacoes/solicitacao',
  '/cotacoes/orcamentos/{requestId}',
  // Queued order lines into an open quote (D72).
  '/cotacoes/adicionar-itens',
  // Awarded lines of the purchase-order queue into a draft purchase order (D77); `?ordem=` is optional (without it, the drafts to pick).
  '/ordens-de-compra/adicionar-itens',
  '/pedidos',
  '/pedidos/lista',
  // The requester's catalogue, cart and analyses (issue 11, D63–D64).
  '/pedidos/catalogo',
  '/pedidos/catalogo/busca',
  '/pedidos/catalogo/{categorySlug}',
  '/pedidos/produto/{productId}',
  '/pedidos/solicitacao',
  '/pedidos/analises',
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
  '/bi/dashboards',
  '/bi/dashboards/dfc',
  '/bi/dashboards/dre',
  '/bi/relatorios/analitico',
  '/bi/relatorios/balanco',
  '/bi/relatorios/dfc',
  '/bi/relatorios/dre',
  '/bi/relatorios/fluxo-de-caixa',
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

export interface ScreenFile {
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

export function loadScreens(): ScreenFile[] {
  return readdirSync('screens', { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join('screens', d.name, 'screen.json')))
    .map((d) => ({ key: d.name, ...(JSON.parse(readFileSync(path.join('screens', d.name, 'screen.json'), 'utf8')) as Omit<ScreenFile, 'key'>) }));
}
const schemaOf = (resource: string): SchemaFile => JSON.parse(readFileSync(path.join('schemas', `${resource}.schema.json`), 'utf8')) as SchemaFile;
export const apiPath = (resource: string) => {
  const x = schemaOf(resource)['x-resource'];
  return `/api/${x.service}/v1/${x.path}`;
};
/** `/a/{b}/c` → react-router-free pattern pieces: params in order. */
export const paramsOf = (pattern: string) => [...pattern.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/** Every route a screen file derives (docs/screens.md §2), in the spec's brace notation. */
export function screenPatterns(screens: ScreenFile[]): string[] {
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

/** Params no screen owns, filled from the demo data through their page's own API. */
const SPECIAL_PARAMS: Record<string, (api: APIRequestContext, headers: Record<string, string>) => Promise<string>> = {
  // A subdepartment's slug path (multi-segment: `copa-e-cozinha/cafe-e-bebidas`).
  async categorySlug(api, headers) {
    const res = await api.get('/api/cart/v1/catalog/departments', { headers });
    expect(res.status()).toBe(200);
    const tree = (await res.json()) as { path: string; children: { path: string }[] }[];
    const slugs = tree.find((d) => d.children.length)?.children[0].path;
    if (!slugs) throw new Error('nenhum subdepartamento nos dados de demonstração ({categorySlug})');
    return slugs;
  },
  // A winning proposal still without a purchase order (the demo's cycle leaves some, D45).
  async requestId(api, headers) {
    const res = await api.get('/api/pricing/v1/purchase-order-queue', { headers });
    expect(res.status()).toBe(200);
    const key = ((await res.json()) as { groups: { key: string }[] }).groups[0]?.key;
    if (!key) throw new Error('nenhuma proposta vencedora sem ordem de compra nos dados de demonstração ({requestId})');
    return key;
  },
};

/** Fills the params of a pattern from one seeded record of the screen that owns the last param. */
export async function fill(api: APIRequestContext, screens: ScreenFile[], pattern: string, headers: Record<string, string>): Promise<string> {
  const params = paramsOf(pattern);
  if (!params.length) return pattern;
  const last = params.at(-1)!;
  const special = SPECIAL_PARAMS[last];
  if (special) return fillPattern(pattern, { [last]: await special(api, headers) });
  const owner = screens.find((s) => s.route.idParam === last);
  if (!owner) throw new Error(`nenhuma tela tem o parâmetro {${last}} (rota ${pattern})`);
  const record = await oldest(api, owner, headers, pattern);
  return fillPattern(pattern, await chainValues(api, screens, owner, record, headers));
}

/** The oldest record of a screen's resource: the demo data's, never one another e2e file creates (and may delete) meanwhile. */
export async function oldest(api: APIRequestContext, screen: ScreenFile, headers: Record<string, string>, why: string): Promise<Record<string, string>> {
  const res = await api.get(`${apiPath(screen.resource)}?pageSize=1&sort=createdAt`, { headers });
  expect(res.status(), `${apiPath(screen.resource)} para ${why}`).toBe(200);
  const [record] = (await res.json()) as Record<string, string>[];
  if (!record) throw new Error(`sem registros de ${screen.resource} nos dados de demonstração (${why})`);
  return record;
}

/** The record's own id param and, for nested screens, every parent param from the parent fields, up the chain. */
export async function chainValues(api: APIRequestContext, screens: ScreenFile[], owner: ScreenFile, record: Record<string, string>, headers: Record<string, string>) {
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

export function fillPattern(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/\{(\w+)\}/g, (_m, p: string) => {
    if (!values[p]) throw new Error(`não sei preencher {${p}} em ${pattern}`);
    return values[p];
  });
}

/**
 * Client-side navigation, as a click on a link would do (a popstate the router follows): the walk checks
 * what each route renders, not how fast the bundle reloads; deep links are the other e2e files' business.
 */
export async function visit(page: Page, url: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, url);
}

/** Requests the page has in flight: the page has settled when none is left for 200 ms. */
const inFlight = new WeakMap<Page, Set<unknown>>();
export function trackRequests(page: Page) {
  const open = new Set<unknown>();
  inFlight.set(page, open);
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}
export async function quiet(page: Page, ms = 200, timeout = 10_000) {
  const open = inFlight.get(page)!;
  const deadline = Date.now() + timeout;
  let since = Date.now();
  while (Date.now() < deadline) {
    if (open.size) since = Date.now();
    else if (Date.now() - since >= ms) return;
    await page.waitForTimeout(25);
  }
}

