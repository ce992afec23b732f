import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { performFirstScreen } from '../../scripts/first-screen.ts';
import { apiAs, ADMIN, login, menu, ok, pickDate, pickReference, row, shot, UUID, type Json } from './support.ts';

/**
 * docs/first-screen.md as a newcomer performs it, on a copy of the configuration: scaffold → edit the JSON as the
 * docs say (scripts/first-screen.ts, shared with its unit test) → start the app on the copy (METADATA_DIR, its own
 * port, data and client build) → the menu entry, the list, the form with its filtered picker and cross-field rule →
 * a saved record. The main e2e server (playwright.config.ts) is left alone.
 */
const MAIN_PORT = Number(process.env.E2E_PORT ?? 3210);
// Its own port, far from the main one: parallel runs use consecutive E2E_PORTs (3210, 3211, …).
const PORT = Number(process.env.FIRST_SCREEN_PORT ?? MAIN_PORT + 100);
const BASE = `http://localhost:${PORT}`;
const METADATA_DIR = `.tmp/first-screen-metadata-${PORT}`;
const DATA_DIR = `.tmp/first-screen-data-${PORT}`;
// Kept between runs: the copy is the same each time, so its build id is too and the client is built once.
const CLIENT_DIR = `.tmp/first-screen-dist-${PORT}`;

let server: ChildProcess | undefined;
let stderr = '';

/** The app answers /api/health, or the server stopped (its error output is the failure's message). */
async function started(exited: Promise<void>): Promise<void> {
  for (;;) {
    if (server?.exitCode !== null) throw new Error(`O servidor do first-screen parou (código ${String(server?.exitCode)}):\n${stderr}`);
    const up = await fetch(`${BASE}/api/health`).then((r) => r.ok, () => false);
    if (up) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise<void>((resolve) => (timer = setTimeout(resolve, 500)))]);
    clearTimeout(timer);
  }
}

test.use({ baseURL: BASE });

test.beforeAll(async () => {
  // Copying, a client build of the copy (first run only) and the seed: minutes on a loaded machine.
  test.setTimeout(600_000);
  // A server left over on this port (an interrupted run) would answer for ours, on other metadata.
  if (await fetch(`${BASE}/api/health`).then(() => true, () => false)) throw new Error(`A porta ${PORT} já está em uso: encerre o servidor que ficou de uma execução anterior.`);
  await performFirstScreen(path.resolve(METADATA_DIR));
  await rm(DATA_DIR, { recursive: true, force: true });
  // The copy's own tenant override (none): DATA_DIR/app.config.json, not one named for the main server.
  const { APP_CONFIG_OVERRIDE: _mainOverride, ...env } = process.env;
  server = spawn(path.resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, PORT: String(PORT), METADATA_DIR, DATA_DIR, CLIENT_DIR, LOG_LEVEL: 'warn' },
  });
  server.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  server.stdout!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => server!.once('exit', () => resolve()));
  await started(exited);
});

test.afterAll(async () => {
  await test.info().attach('server output', { body: stderr });
  // The process group this file started (tsx and its node child), by its id.
  if (server?.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
});

test('docs/first-screen.md: the new menu entry, its list, a form with a filtered picker and a cross-field rule, a saved record', async ({ page }) => {
  // Many steps on a server of its own beside the main one: more than the default minute on a loaded machine.
  test.setTimeout(180_000);
  const api = await apiAs(BASE, ADMIN);
  const [customerType] = await ok(await api.get('/api/companies/v1/company-types?filter[kind][eq]=CLIENTE&pageSize=1'));
  const [customer] = await ok(await api.get(`/api/companies/v1/companies?filter[companyTypeId][eq]=${String((customerType as Json).id)}&filter[active][eq]=true&pageSize=1`));
  const [supplier] = await ok(await api.get('/api/companies/v1/companies?refOf=contracts.supplierId&filter[active][eq]=true&pageSize=1'));
  await api.dispose();
  const customerName = String((customer as Json).legalName);
  const supplierName = String((supplier as Json).legalName);

  // Step 6: sign in as the SystemOwner, Compras → Contratos.
  await login(page);
  await menu(page).getByRole('menuitem', { name: 'Contratos' }).click();
  await expect(page).toHaveURL('/contratos');
  await expect(page.getByRole('heading', { name: 'Contratos' })).toBeVisible();
  // The list of the new table, empty, searched by the schema's own field.
  await expect(page.getByText('Nenhum registro encontrado')).toBeVisible();
  await expect(page.getByPlaceholder('Buscar por objeto do contrato')).toBeVisible();

  await page.getByRole('link', { name: 'Novo contrato' }).click();
  await expect(page).toHaveURL('/contratos/adicionar');
  await expect(page.getByRole('heading', { name: 'Novo contrato' })).toBeVisible();
  await page.getByLabel('Objeto do contrato', { exact: true }).fill('Limpeza predial');

  // x-ref-filter: the picker asks for suppliers only; a customer's name finds nothing.
  const picker = page.getByLabel('Fornecedor', { exact: true });
  const option = (name: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name });
  const searched = (text: string) =>
    page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname.endsWith('/companies') && url.searchParams.get('refOf') === 'contracts.supplierId' && url.searchParams.get('q') === text;
    });
  await picker.click();
  const answer = searched(customerName);
  await picker.fill(customerName);
  const rows = (await (await answer).json()) as Json[];
  expect(rows.map((r) => r.id)).not.toContain((customer as Json).id);
  await expect(option(customerName)).toHaveCount(0);
  await pickReference(page, 'Fornecedor', supplierName, supplierName);

  await page.getByLabel('Valor total', { exact: true }).fill('1.200,00');

  // formatMinimum with $data: an end before the start shows the schema's message when the field is left.
  await pickDate(page, 'Início da vigência', '01/03/2026');
  await pickDate(page, 'Fim da vigência', '01/02/2026');
  await page.getByLabel('Fim da vigência', { exact: true }).press('Tab');
  const crossField = page.getByText('Deve ser igual ou posterior ao campo "Início da vigência".');
  await expect(crossField).toBeVisible();
  await shot(page, 'first-screen-form');
  await pickDate(page, 'Fim da vigência', '28/02/2027');
  await page.getByLabel('Fim da vigência', { exact: true }).press('Tab');
  await expect(crossField).toHaveCount(0);

  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(new RegExp(`/contratos/${UUID}$`));
  await expect(page.getByText('Limpeza predial').first()).toBeVisible();
  await expect(page.getByText(supplierName).first()).toBeVisible();
  await shot(page, 'first-screen-record');

  await page.getByRole('link', { name: 'Voltar para Contratos' }).click();
  await expect(page).toHaveURL('/contratos');
  for (const column of ['Objeto do contrato', 'Fornecedor', 'Início da vigência', 'Fim da vigência', 'Valor total']) {
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
  }
  await expect(row(page, 'Limpeza predial')).toContainText(supplierName);
  await expect(row(page, 'Limpeza predial')).toContainText('R$\u00a01.200,00');
  await shot(page, 'first-screen-list');
});
