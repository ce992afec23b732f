import { expect, test } from '@playwright/test';
import { login, menu } from './support.ts';

const USER_CALL = '**/api/identity/v1/users/me';

/**
 * The route guard refreshes token, user and permissions on every navigation. A call of that refresh that is lost —
 * the network fails, or the page is left while it waits (a link, a typed address, a reload aborts it) — used to be
 * taken for a refused session: the guard logged out on the server, ending the session this page and the next one
 * were using (they landed on /login). A lost call is not a refusal (route-guard.ts `isTransientFailure`).
 */
test('a session refresh lost on the way (network failure, page left) keeps the user signed in', async ({ page }) => {
  await login(page);

  // The user call of the next navigation's refresh fails on the network: the page opens with the session as it is.
  await page.route(USER_CALL, (route) => route.abort('failed'));
  await menu(page).getByRole('menuitem', { name: 'Contas a Pagar' }).click();
  await expect(page).toHaveURL('/contas-a-pagar/lancamentos');
  await expect(page.getByRole('table').locator('tbody a.bo-row-link').first()).toBeVisible();
  await page.unroute(USER_CALL);

  // The next refresh stores its new token, then waits on the user call; the address bar leaves that page.
  let userAsked!: () => void;
  const asked = new Promise<void>((resolve) => (userAsked = resolve));
  await page.route(USER_CALL, () => userAsked());
  await menu(page).getByRole('menuitem', { name: 'Contas a Receber' }).click();
  await asked;
  await page.unroute(USER_CALL);
  await page.goto('/configuracoes/bancos');
  await expect(page).toHaveURL('/configuracoes/bancos');
  await expect(page.getByRole('link', { name: 'Novo banco' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
});
