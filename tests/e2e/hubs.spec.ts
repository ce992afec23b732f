import { expect, test } from '@playwright/test';
import { login } from './support.ts';

/** Hub pages (hubs/*.json, docs/screens.md §9): cards grouped like the menu, reachable by keyboard. */
test('/configuracoes and /configuracoes/configuracoes show their cards and open modules from the keyboard', async ({ page }) => {
  await login(page);
  await page.goto('/configuracoes');
  await expect(page.getByRole('heading', { level: 1, name: 'Configurações' })).toBeVisible();
  await expect(page).toHaveTitle(/^Configurações · /);
  for (const title of ['Cadastros', 'Contabilidade', 'Administração']) await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
  const bancos = page.getByRole('region', { name: 'Cadastros' }).getByRole('link', { name: /^Bancos/ });
  await expect(bancos).toContainText('COMPE e ISPB');
  await page.screenshot({ path: '.tmp/screens/hub-configuracoes.png', fullPage: true });

  // Keyboard: focus the card, Enter opens the module.
  await bancos.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/configuracoes/bancos');
  await expect(page.getByRole('table', { name: 'Bancos' })).toBeVisible();

  await page.goto('/configuracoes');
  await page.getByRole('region', { name: 'Administração' }).getByRole('link', { name: /^Organizações e aplicação/ }).click();
  await expect(page).toHaveURL('/configuracoes/configuracoes');
  await expect(page.getByRole('heading', { level: 1, name: 'Organizações e aplicação' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Configurações' }).getByRole('link', { name: /^Organizações/ })).toHaveAttribute('href', '/configuracoes/organizacoes');
  const region = page.getByRole('region', { name: 'Configurações' });
  await expect(region.getByRole('link', { name: /^Aplicação / })).toHaveAttribute('href', '/configuracoes/aplicacao');
  await expect(region.getByRole('link', { name: /^Aplicações/ })).toHaveAttribute('href', '/configuracoes/aplicacoes');
  await page.screenshot({ path: '.tmp/screens/hub-configuracoes-configuracoes.png', fullPage: true });
  await region.getByRole('link', { name: /^Aplicação / }).click();
  await expect(page).toHaveURL('/configuracoes/aplicacao');
  await expect(page.getByTestId('not-found-path')).toHaveCount(0);
});
