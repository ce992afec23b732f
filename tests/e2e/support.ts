import { AxeBuilder } from '@axe-core/playwright';
import { expect, request, type APIRequestContext, type Browser, type Page } from '@playwright/test';

/** What the e2e files share: the demo users, value formats, and the helpers that sign in and fill forms. */

export interface User {
  email: string;
  password: string;
}

/** Demo users of the seed. */
export const ADMIN: User = { email: 'admin@demo.com.br', password: 'Admin@2026!' };
export const COMPRAS: User = { email: 'compras@demo.com.br', password: 'Compras@2026!' };
export const FINANCEIRO: User = { email: 'financeiro@demo.com.br', password: 'Financeiro@2026!' };
export const GESTOR: User = { email: 'gestor@demo.com.br', password: 'Gestor@2026!' };

/** A record id in a URL (regex source, for `new RegExp`). */
export const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** A money value as the app shows it: `R$`, a no-break space, the amount. */
export const R$ = (v: string) => `R$\u00a0${v}`;
/** The text with its spaces as no-break spaces (as Intl's currency format writes them). */
export const nbsp = (s: string) => s.replace(/ /g, '\u00a0');

/** A short tag for the names of the records a file creates, taken when the file loads: call it once per file. */
export const runTag = () => Date.now().toString(36).slice(-5).toUpperCase();

/** Today in São Paulo (or `plusDays` from it) as an ISO date, YYYY-MM-DD. */
export const today = (plusDays = 0) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + plusDays * 86_400_000));

const SHOTS = process.env.E2E_SHOTS;

/** Screenshots for a person to look at, only when E2E_SHOTS names a folder (full page unless told otherwise). */
export function shot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<unknown> {
  return SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage }) : Promise.resolve();
}

/** The main menu of the shell. */
export const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

/** The rows of the tables on the page that contain `text`. */
export const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** Fills the login form at `path` and submits it; where that lands is the caller's to check. */
export async function submitLogin(page: Page, user: User = ADMIN, path = '/login') {
  await page.goto(path);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Senha', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Signs `user` in and waits for the home page. */
export async function login(page: Page, user: User = ADMIN, path = '/login') {
  await submitLogin(page, user, path);
  await expect(page).toHaveURL('/');
}

/** A page in a browser context of its own (its own session), with the locale and time zone of the config. */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', reducedMotion: 'reduce' });
  return context.newPage();
}

/** Signs `user` in on a page of its own (see `newPage`); the caller closes its context. */
export async function loginInNewPage(browser: Browser, user: User): Promise<Page> {
  const page = await newPage(browser);
  await login(page, user);
  return page;
}

/** Picks a record in a reference select by typing part of its label. */
export async function pickReference(page: Page, label: string, search: string, option: string | RegExp) {
  // antd keeps a hidden a11y listbox too: the visible dropdown item is the one to click.
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first();
  await expect(async () => {
    await page.getByLabel(label, { exact: true }).click();
    await page.getByLabel(label, { exact: true }).fill(search);
    await expect(item).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await item.click();
}

/** Types a date (or month) into a date picker and confirms it with Enter. */
export async function pickDate(page: Page, label: string, date: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

/** The signed-in user's access token (a JWT kept in browser storage by the session store). */
export function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (const store of [localStorage, sessionStorage]) {
      for (let i = 0; i < store.length; i++) {
        const v = store.getItem(store.key(i)!) ?? '';
        if (/^"?eyJ/.test(v)) return v.replace(/"/g, '');
      }
    }
    return '';
  });
}

/** Signs `user` in through the API with `api` and returns the access token; the login must succeed. */
async function tokenOf(api: APIRequestContext, user: User): Promise<string> {
  const res = await api.post('/api/identity/v1/auth', { data: { login: user.email, secret: user.password, grantType: 'Password' } });
  expect(res.status(), await res.text()).toBe(200);
  return String((await res.json()).accessToken);
}

/** The admin's API session: a request context and the bearer header to send with each call. */
export async function adminApi(baseURL: string | undefined): Promise<{ api: APIRequestContext; headers: Record<string, string> }> {
  const api = await request.newContext({ baseURL });
  return { api, headers: { authorization: `Bearer ${await tokenOf(api, ADMIN)}` } };
}

export type Json = Record<string, unknown>;

/** A request context signed in as `user` (the bearer header goes with every call); the login must succeed. */
export async function apiAs(baseURL: string, user: User): Promise<APIRequestContext> {
  const anon = await request.newContext({ baseURL });
  const token = await tokenOf(anon, user);
  await anon.dispose();
  return request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
}

/** The response's JSON, once its status is the expected one (the body is the message otherwise). */
export async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<Json & Json[]> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as Json & Json[];
}

/**
 * A new active user in one group, with 2FA optional, whose password is set through the e-mailed invitation
 * link (read from the dev outbox), as the user would.
 */
export async function inviteUser(
  admin: APIRequestContext,
  baseURL: string,
  user: { name: string; email: string; password: string; groupId: string; organizationId: string },
): Promise<{ id: string; email: string; name: string }> {
  const { name, email, password, groupId, organizationId } = user;
  const created = await ok(
    await admin.post('/api/identity/v1/users', {
      data: { name, email, organizationId, accessLevel: 'User', groupIds: [groupId], twoFactorMandatory: false, twoFactorMethods: ['TOTP', 'Email'], active: true },
    }),
    201,
  );
  const anon = await request.newContext({ baseURL });
  const [mail] = await ok(await anon.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`));
  const token = new URL(/https?:\/\/\S+\/auth\/recuperar-senha\?token=\S+/.exec(String(mail.text))![0]).searchParams.get('token');
  expect((await anon.post('/api/identity/v1/auth/password-reset', { data: { token, newPassword: password } })).status()).toBe(204);
  await anon.dispose();
  return { id: String(created.id), email, name };
}

/** Serious and critical axe violations (WCAG 2.1 A/AA) of the page as it is, with the pointer off any hovered row. */
export async function axeSerious(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
