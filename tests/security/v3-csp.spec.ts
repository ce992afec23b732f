import { expect, test, type Page } from '@playwright/test';
import { login, runTag } from '../e2e/support.ts';

// The built client under the real Content-Security-Policy (ASVS V3.4.3): no violation on the login page, a
// list, a form (validation included: it runs precompiled, without eval) and a dialog.
const tag = runTag();

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

/** Records every CSP violation and CSP console error of the page, from its first script on. */
async function watchCsp(page: Page): Promise<() => Promise<Violation[]>> {
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|unsafe-eval|Refused to/i.test(m.text())) consoleErrors.push(m.text());
  });
  await page.addInitScript(() => {
    const list: Violation[] = [];
    (window as unknown as { __csp: Violation[] }).__csp = list;
    document.addEventListener('securitypolicyviolation', (e) => list.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample }));
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp ?? [])),
    ...consoleErrors.map((text) => ({ directive: 'console', blocked: '', sample: text })),
  ];
}

test('V3.4.3 the login, a list, a form with its validation and a dialog run under the strict CSP with no violation', async ({ page }) => {
  const violations = await watchCsp(page);
  const response = await page.goto('/login');
  const csp = response!.headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  expect(csp).toMatch(/style-src-elem 'self' 'nonce-[A-Za-z0-9+/=]{20,}';/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/unsafe-eval/);
  // Inline: only style attributes (set by script); never scripts nor <style> elements without the nonce.
  expect(csp.match(/unsafe-inline/g)).toHaveLength(1);
  expect(csp).toContain("style-src-attr 'unsafe-inline'");
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  expect(await violations()).toEqual([]);

  await login(page);
  await page.goto('/configuracoes/bancos');
  await expect(page.getByRole('link', { name: 'Novo banco' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(await violations()).toEqual([]);

  // A form: field validation on blur and on save, with the server's pt-BR messages, precompiled (no eval).
  await page.getByRole('link', { name: 'Novo banco' }).click();
  await expect(page).toHaveURL('/configuracoes/bancos/adicionar');
  await page.getByLabel('ISPB', { exact: true }).fill('1234');
  await page.getByLabel('Nome reduzido', { exact: true }).click();
  await expect(page.getByText('Informe os 8 dígitos do ISPB.')).toBeVisible();
  await page.getByLabel('Nome reduzido', { exact: true }).fill(`BANCO CSP ${tag}`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Corrija os 2 campos destacados para salvar.')).toBeVisible();
  await expect(page.getByText('Campo obrigatório.').first()).toBeVisible();
  expect(await violations()).toEqual([]);

  // Save for real, then a confirmation dialog (antd modal: its own styles and scroll lock).
  await page.getByLabel('ISPB', { exact: true }).fill(String(Date.now()).slice(-8));
  await page.getByLabel('Nome extenso', { exact: true }).fill(`BANCO CSP ${tag} S.A.`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Banco criado com sucesso.')).toBeVisible();
  await page.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Registro excluído.')).toBeVisible();
  expect(await violations()).toEqual([]);

  // A form with a reference select and a date picker (popups with their own styles).
  await page.goto('/contas-a-pagar/lancamentos/adicionar');
  await page.getByLabel('Data de emissão', { exact: true }).click();
  await expect(page.locator('.ant-picker-dropdown').first()).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await violations()).toEqual([]);
});
