import { expect, test } from '@playwright/test';

test('serves the app shell and the API health', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(await health.json()).toEqual({ status: 'ok', db: 'pglite' });
  await page.goto('/');
  await expect(page.locator('#root')).not.toBeEmpty();
});
