import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { chainValues, fill, fillPattern, loadScreens, oldest, paramsOf, quiet, screenPatterns, SPEC_ROUTES, trackRequests, visit } from './routes.ts';
import { adminApi, login } from './support.ts';

/**
 * Route walk (issue 4 §4) and accessibility pass (issue 17), in one visit per route: every route pattern of the
 * spec that is in scope, plus every route the screen files derive, filled with ids of the seeded demo data, shows a
 * real screen to the SystemOwner — never the 404 page, never a console error, no serious or critical axe-core
 * violation (WCAG 2.1 A/AA) — and every list row links to its record's page.
 *
 * The routes are split in parts that run on both workers. Each part signs in once (a session of its own: parts
 * sharing one would replay each other's rotated refresh token) and visits its routes by client-side navigation,
 * with axe-core injected once (it stays across client-side navigations).
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PARTS = 4;
/** Not analysed by axe: paths that only redirect to a page already walked, and the developer pages (not in the navigation). */
const NO_AXE = new Set(['/contas-a-pagar', '/contas-a-receber', '/fila-de-pagamentos', '/fila-de-pagamentos/lancamentos', '/fila-de-pagamentos/parcelamentos', '/fila-do-solicitante', '/table', '/test-icon', '/tests', '/theme']);
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

test.describe.configure({ mode: 'parallel' });

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** The page's serious and critical violations, one line each (rule, impact, where); axe-core is already in the page. */
async function axeSerious(page: Page): Promise<string[]> {
  const result = await page.evaluate(
    (tags) => (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: Violation[] }> } }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    TAGS,
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

for (let part = 0; part < PARTS; part++) {
  test(`every route shows a real screen, without console errors or serious axe violations, and list rows link to their records (part ${part + 1} of ${PARTS})`, async ({ page, baseURL }) => {
    test.setTimeout(12 * 60_000);
    const screens = loadScreens();
    const { api, headers } = await adminApi(baseURL);
    const redirects = new Set(screens.filter((x) => x.route.list && x.list !== undefined).map((x) => x.route.base));

    const patterns = [...new Set([...SPEC_ROUTES, ...screenPatterns(screens)])].filter((_, i) => i % PARTS === part);
    const urls: { pattern: string; url: string }[] = [];
    const problems: string[] = [];
    for (const pattern of patterns) {
      try {
        urls.push({ pattern, url: await fill(api, screens, pattern, headers) });
      } catch (err) {
        problems.push((err as Error).message);
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
    await expect(page.locator('h1').first()).toBeVisible();
    await page.evaluate(AXE_SOURCE);

    for (const { pattern, url } of urls) {
      current = url;
      await test.step(pattern, async () => {
        await visit(page, url);
        await expect(page.getByRole('progressbar', { name: /carregando/i })).toHaveCount(0, { timeout: 15_000 }).catch(() => undefined);
        await quiet(page);
        if (await page.getByTestId('not-found-path').count()) problems.push(`${pattern} → 404 (${url})`);
        else if (await page.getByText('Internal Server Error').count()) problems.push(`${pattern} → página de erro (${url})`);
        else if (new URL(page.url()).pathname === '/login') problems.push(`${pattern} → mandou para o login (${url})`);
        else if (!NO_AXE.has(pattern) && !redirects.has(pattern)) for (const v of await axeSerious(page)) problems.push(`${pattern}: ${v}`);
      });
    }

    // Every list's rows link to `<list>/{id}` (or the screen's rowLink); a nested list is opened under the parent
    // of one of its own records, so it has rows.
    for (const s of screens.filter((x) => x.list !== undefined).filter((_, i) => i % PARTS === part)) {
      let listBase = s.route.base;
      if (paramsOf(listBase).length) {
        const child = await oldest(api, s, headers, `lista ${listBase}`).catch(() => undefined);
        if (!child) {
          problems.push(`${listBase}: lista sem registros nos dados de demonstração`);
          continue;
        }
        listBase = fillPattern(listBase, await chainValues(api, screens, s, child, headers));
      }
      const listUrl = `${listBase}${s.route.list ?? ''}`;
      current = listUrl;
      await test.step(`links of ${listUrl}`, async () => {
        await visit(page, listUrl);
        await quiet(page);
        const expected = s.list?.rowLink
          ? new RegExp(`^${s.list.rowLink.replace(/\{\w+\}/g, '[^/]+')}$`)
          : new RegExp(`^${listBase}/[0-9a-f-]{36}$`);
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
}
