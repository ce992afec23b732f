import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { login, menu } from './support.ts';

/**
 * A tenant's override of the app config (`DATA_DIR/app.config.json`, architecture §4) changes the menu at
 * run time: add a module, replace one (new title and group), remove one — no rebuild, no restart.
 */

// The e2e server's DATA_DIR (playwright.config.ts).
const OVERRIDE = path.resolve(`.tmp/e2e-data-${process.env.E2E_PORT ?? 3210}`, 'app.config.json');

const group = (page: Page, title: string) =>
  menu(page).locator('li.ant-menu-item-group').filter({ has: page.locator('.ant-menu-item-group-title', { hasText: new RegExp(`^${title}$`) }) });

test.afterEach(async () => {
  await rm(OVERRIDE, { force: true });
});

test('a tenant override adds, replaces, regroups and removes modules at run time', async ({ page }) => {
  await login(page);
  await expect(group(page, 'Cadastros').getByRole('menuitem', { name: 'Bancos' })).toBeVisible();
  await expect(group(page, 'Compras').getByRole('menuitem', { name: 'Entregas' })).toBeVisible();

  await writeFile(
    OVERRIDE,
    JSON.stringify({
      appParams: {
        composables: {
          useModuleNavigation: {
            modules: [
              // Replace: new title, moved to another group.
              { key: 'banks', title: 'Instituições Financeiras', group: 'financeiro' },
              // Add: a shortcut the tenant wants under Financeiro.
              {
                key: 'cost-centers-finance',
                title: 'Centros de Resultado',
                path: '/configuracoes/centros-de-custos',
                resourceName: 'cost-centers',
                group: 'financeiro',
                icon: 'ApartmentOutlined',
                order: 5,
              },
              // Remove.
              { key: 'receipts', remove: true },
            ],
          },
        },
      },
    }),
  );
  // Served as is on the next load of the app config: a reload, no rebuild.
  const served = await (await page.request.get(`/app.config.json?t=${Date.now()}`)).json();
  expect(served.appParams.composables.useModuleNavigation.modules.some((m: { key: string }) => m.key === 'cost-centers-finance')).toBe(true);
  await page.reload();

  const financeiro = group(page, 'Financeiro');
  await expect(financeiro.getByRole('menuitem', { name: 'Instituições Financeiras' })).toBeVisible();
  await expect(financeiro.getByRole('menuitem', { name: 'Centros de Resultado' })).toBeVisible();
  await expect(menu(page).getByRole('menuitem', { name: 'Bancos', exact: true })).toHaveCount(0);
  await expect(menu(page).getByRole('menuitem', { name: 'Entregas' })).toHaveCount(0);

  // The added module opens its screen.
  await financeiro.getByRole('menuitem', { name: 'Centros de Resultado' }).click();
  await expect(page).toHaveURL('/configuracoes/centros-de-custos');
  await expect(page.getByRole('heading', { name: 'Centros de Custos' })).toBeVisible();

  // Without the override, the default menu is back.
  await rm(OVERRIDE, { force: true });
  await page.reload();
  await expect(group(page, 'Cadastros').getByRole('menuitem', { name: 'Bancos' })).toBeVisible();
  await expect(menu(page).getByRole('menuitem', { name: 'Centros de Resultado' })).toHaveCount(0);
});

const groupsOverride = (title: string) => JSON.stringify({ appParams: { composables: { useModuleNavigation: { groups: [{ key: 'compras', title }] } } } });

test('a broken override never takes the app down, the SystemOwner is told which file and line, open tabs follow a fix', async ({ page }) => {
  // The open tab asks for the app config once a minute (src/engine/config/config-watcher.ts): the last step waits for it.
  test.setTimeout(150_000);
  await writeFile(OVERRIDE, groupsOverride('Suprimentos'));
  await login(page);
  // Renaming one group keeps the others (merge by key).
  await expect(group(page, 'Suprimentos').getByRole('menuitem', { name: 'Pedidos' })).toBeVisible();
  await expect(group(page, 'Financeiro')).toBeVisible();

  await writeFile(OVERRIDE, '{\n  "appParams": \n}\n');
  await page.reload();
  // The last good override still applies; the SystemOwner sees the file, line and column.
  await expect(group(page, 'Suprimentos').getByRole('menuitem', { name: 'Pedidos' })).toBeVisible();
  const banner = page.getByRole('alert').filter({ hasText: 'tem erros e não foi aplicada' });
  await expect(banner).toContainText('app.config.json:3:1: /: JSON inválido');
  await expect(banner).toContainText('última versão válida');

  // A module pointing at a page that does not exist: the same (the menu never opens a 404), with check:metadata's message (D68).
  await writeFile(OVERRIDE, JSON.stringify({ appParams: { composables: { useModuleNavigation: { modules: [{ key: 'contratos', title: 'Contratos', path: '/contrato', group: 'compras' }] } } } }));
  await page.reload();
  await expect(group(page, 'Suprimentos').getByRole('menuitem', { name: 'Pedidos' })).toBeVisible();
  await expect(banner).toContainText('/appParams/composables/useModuleNavigation/modules/0/path: "/contrato" não é a lista de nenhuma tela');
  await expect(menu(page).getByRole('menuitem', { name: 'Contratos' })).toHaveCount(0);

  // Fixed and changed: the open tab picks the new menu up without a reload, and the banner goes away.
  await writeFile(OVERRIDE, groupsOverride('Compras e Contratos'));
  await expect(group(page, 'Compras e Contratos').getByRole('menuitem', { name: 'Pedidos' })).toBeVisible({ timeout: 75_000 });
  await expect(banner).toHaveCount(0, { timeout: 75_000 });
});
