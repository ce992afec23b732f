import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

/**
 * Accessibility (issue 17) of the page no route walk reaches signed in: the sign-in page has no serious or critical
 * axe-core violation (WCAG 2.1 A/AA rules). Every route of the navigation and every add, view and edit screen is
 * analysed by the route walk (route-walk.spec.ts), in the same visit that checks it renders.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

test('the sign-in page has no serious or critical axe violations', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.help}`);
  expect(serious).toEqual([]);
  await context.close();
});
