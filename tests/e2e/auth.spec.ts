import { expect, test } from '@playwright/test';
import { ADMIN, COMPRAS, FINANCEIRO, menu, submitLogin } from './support.ts';
import { totp } from './totp.ts';

// The tests check where each sign-in lands (the home page, an error, the 2FA steps): `submitLogin` only submits.

test('RFC 6238 helper matches the published SHA-1 vector', () => {
  // RFC 6238 appendix B: key "12345678901234567890", T = 59 s → 94287082 (8 digits); 6 digits = 287082.
  expect(totp('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 59_000)).toBe('287082');
});

test('admin logs in, sees the grouped menu and the home shortcuts', async ({ page }) => {
  await submitLogin(page, ADMIN);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: /Olá, Administrador/ })).toBeVisible();
  for (const item of ['Pedidos', 'Contas a Pagar', 'Bancos', 'Usuários', 'Minha Conta']) {
    await expect(menu(page).getByRole('menuitem', { name: item }).first()).toBeVisible();
  }
  await expect(menu(page).getByText('Administração')).toBeVisible();
});

test('a wrong password shows the invalid-credentials message and stays on /login', async ({ page }) => {
  await submitLogin(page, { ...ADMIN, password: 'senha-errada-123' });
  await expect(page.getByText('Login ou senha inválidos. Verifique as credenciais e tente novamente.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('financeiro sets up TOTP from the shown key and reaches the home page', async ({ page }) => {
  await submitLogin(page, FINANCEIRO);
  await expect(page).toHaveURL(/\/auth\/configurar-verificacao-em-duas-etapas\?redirectTo=%2F/);
  await expect(page.getByRole('img', { name: 'QR code para configurar o aplicativo autenticador' })).toBeVisible();
  await expect(page.getByText('Chave', { exact: true })).toBeVisible();
  const key = (await page.getByTestId('totp-key').innerText()).replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('Código de verificação').fill(totp(key));
  await page.getByRole('button', { name: 'Ativar verificação' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: /Olá, Fábio/ })).toBeVisible();
  await expect(menu(page).getByRole('menuitem', { name: 'Contas a Pagar' })).toBeVisible();

  // Next sign-in asks for the code (setup done), with the key from the first step.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, FINANCEIRO);
  await expect(page).toHaveURL(/\/auth\/codigo\?redirectTo=%2F/);
  // The previous step's code was already used once (replay refused): take the next time step.
  await page.getByLabel('Código de verificação').fill(totp(key, Date.now(), 1));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL('/');
});

test('financeiro can sign in with a code sent by e-mail (dev outbox)', async ({ page, request }) => {
  await submitLogin(page, FINANCEIRO);
  await expect(page).toHaveURL(/\/auth\/(configurar-verificacao-em-duas-etapas|codigo)\?redirectTo=%2F/);
  if (page.url().includes('configurar')) await page.getByRole('link', { name: 'Prefiro receber o código por e-mail' }).click();
  else await page.getByText('E-mail', { exact: true }).click();
  const since = Date.now();
  await page.getByRole('button', { name: 'Enviar código por e-mail' }).click();
  await expect(page.getByText('Código enviado para o seu e-mail.')).toBeVisible();
  const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(FINANCEIRO.email)}`);
  const mails = (await res.json()) as Array<{ text: string; createdAt: string }>;
  const mail = mails.find((m) => Date.parse(m.createdAt) >= since - 5_000);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  expect(code).toBeTruthy();
  await page.getByLabel('Código de verificação').fill(`${code!.slice(0, 3)} ${code!.slice(3)}`);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL('/');
});

test('redirectTo round trip: a protected deep link comes back after login', async ({ page }) => {
  await page.goto('/minha-conta/politicas?aba=1');
  await expect(page).toHaveURL('/login?redirectTo=%2Fminha-conta%2Fpoliticas%3Faba%3D1');
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Senha', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('Senha', { exact: true }).press('Enter');
  await expect(page).toHaveURL('/minha-conta/politicas?aba=1');
  await expect(page.getByRole('heading', { name: 'Políticas' })).toBeVisible();
});

test('a trailing slash redirects (/pedidos/ → /pedidos, then its list), and an unknown path shows the 404 page', async ({ page }) => {
  await submitLogin(page, ADMIN);
  await expect(page).toHaveURL('/');
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
  });
  await page.goto('/pedidos/');
  await expect(page).toHaveURL('/pedidos/lista');
  expect(seen).toContain('/pedidos');
  await page.goto('/configuracoes/bancos/');
  await expect(page).toHaveURL('/configuracoes/bancos');
  await expect(page.getByRole('heading', { name: 'Bancos' })).toBeVisible();
  await page.goto('/modulo-que-nao-existe/');
  await expect(page).toHaveURL('/modulo-que-nao-existe');
  await expect(page.getByText('Page Not Found')).toBeVisible();
  await expect(page.getByTestId('not-found-path')).toHaveText('/modulo-que-nao-existe');
});

test('a logged-out visit to a protected path lands on /login?redirectTo', async ({ page }) => {
  await page.goto('/contas-a-pagar');
  await expect(page).toHaveURL('/login?redirectTo=%2Fcontas-a-pagar');
  await page.goto('/');
  await expect(page).toHaveURL('/login?redirectTo=%2F');
});

test('logout shows the two messages and protects the app again', async ({ page }) => {
  await submitLogin(page, ADMIN);
  await expect(page).toHaveURL('/');
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page.getByText('Você foi desconectado da sua conta.')).toBeVisible();
  await expect(page).toHaveURL('/login');
  await page.goto('/minha-conta');
  await expect(page).toHaveURL('/login?redirectTo=%2Fminha-conta');
});

test('compras sees only its purchasing modules (Pedidos to Faturamentos) and Minha Conta', async ({ page }) => {
  await submitLogin(page, COMPRAS);
  await expect(page).toHaveURL('/');
  await expect(menu(page).getByRole('menuitem', { name: 'Minha Conta' })).toBeVisible();
  const items = await menu(page).getByRole('menuitem').allInnerTexts();
  expect(items.map((t) => t.trim())).toEqual(['Pedidos', 'Cotações', 'Ordens de Compra', 'Entregas', 'Faturamentos', 'Minha Conta']);
});

test('the small login window (locationReload=0) hands the session to the opener and closes', async ({ page }) => {
  await page.goto('/auth/recuperar-senha');
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.evaluate(() => window.open('/login?locationReload=0', 'backoffice-login', 'popup,width=480,height=720')),
  ]);
  await popup.getByLabel('E-mail').fill(ADMIN.email);
  await popup.getByLabel('Senha', { exact: true }).fill(ADMIN.password);
  const reloaded = page.waitForEvent('load');
  await popup.getByRole('button', { name: 'Entrar' }).click();
  await popup.waitForEvent('close');
  await reloaded;
  // The session lived only in the popup's sessionStorage; the opener got a copy.
  expect(await page.evaluate(() => sessionStorage.getItem('tokenType'))).toBe('"Authorization"');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Olá, Administrador/ })).toBeVisible();
});
