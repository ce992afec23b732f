import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, R$, apiAs, newPage, ok, runTag, today, type User } from './support.ts';

/**
 * A payable from registration to "Pago" with the README's demo logins only, and without a mouse (issue 17):
 * Financeiro (mandatory two-step verification, by e-mail code) registers R$ 1.357,91 and sends it for approval;
 * Diretoria finds it in the home inbox and approves it on the record page; Tesouraria finds the parcela in the
 * inbox, authorizes it and pays it in the payment queue. Every step is Tab, typing, Enter, Space and arrows.
 */
/** Pages load their code on first visit: on a busy machine a step may take longer than the default 10 s. */
const expect = baseExpect.configure({ timeout: 30_000 });

const FINANCEIRO: User = { email: 'financeiro@demo.com.br', password: 'Financeiro@2026!' };
const DIRETORIA: User = { email: 'diretoria@demo.com.br', password: 'Diretoria@2026!' };
const TESOURARIA: User = { email: 'tesouraria@demo.com.br', password: 'Tesouraria@2026!' };
const tag = runTag();
const DESCRIPTION = `Revisão do ar-condicionado ${tag}`;
const br = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user walks a page. */
async function tabTo(page: Page, target: Locator, { back = false, max = 150 } = {}) {
  await expect(target.first()).toBeVisible();
  const focused = () => target.first().evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false);
  // The way the person would go first, then the other way round (Shift+Tab) when the target is behind.
  for (const reverse of [back, !back]) {
    for (let i = 0; i < max; i++) {
      if (await focused()) return;
      await page.keyboard.press(reverse ? 'Shift+Tab' : 'Tab');
    }
  }
  throw new Error(`Tab não chegou a ${target.toString()}`);
}

/** Types into the focused reference select and picks the first match with Enter. */
async function choose(page: Page, field: Locator, search: string) {
  await tabTo(page, field);
  await page.keyboard.type(search, { delay: 20 });
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()).toBeVisible({ timeout: 15_000 });
  // The options of what was typed, not the list shown before the search answered (Enter would take its first).
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option-active')).toContainText(search, { ignoreCase: true });
  await page.keyboard.press('Enter');
}

/** Signs in with the keyboard; a second factor by e-mail code when the account asks for it. */
async function keyboardLogin(page: Page, user: User) {
  await page.goto('/login');
  await tabTo(page, page.getByLabel('E-mail'));
  await page.keyboard.type(user.email);
  await tabTo(page, page.getByLabel('Senha', { exact: true }));
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
  if (/\/auth\/(configurar|codigo)/.test(page.url())) {
    if (page.url().includes('configurar')) {
      await tabTo(page, page.getByRole('link', { name: 'Prefiro receber o código por e-mail' }));
      await page.keyboard.press('Enter');
    } else {
      // The method switch is a radio group: Tab reaches the chosen option, an arrow key picks the next one.
      await tabTo(page, page.locator('.ant-segmented-item', { hasText: 'Aplicativo' }));
      await page.keyboard.press('ArrowRight');
    }
    const since = Date.now();
    await tabTo(page, page.getByRole('button', { name: 'Enviar código por e-mail' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Código enviado para o seu e-mail.')).toBeVisible();
    // The e-mail itself, as the person would read it (dev outbox).
    const mails = await ok(await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(user.email)}`));
    const mail = (mails as unknown as { text: string; createdAt: string }[]).find((m) => Date.parse(m.createdAt) >= since - 5_000);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    expect(code).toBeTruthy();
    await tabTo(page, page.getByLabel('Código de verificação'));
    await page.keyboard.type(code!);
    await page.keyboard.press('Enter');
  }
  await expect(page).toHaveURL('/');
}

/** Opens a link of the page with Tab and Enter. */
async function follow(page: Page, link: Locator) {
  await tabTo(page, link);
  await page.keyboard.press('Enter');
}

/** Confirms the page's open dialog with its button `name` (Tab to it, Enter). */
async function confirmDialog(page: Page, name: string | RegExp) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

test('a payable goes from registration to "Pago" with the README\'s demo logins, by keyboard only', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const admin = await apiAs(baseURL!, ADMIN);
  const [supplier] = await ok(await admin.get('/api/companies/v1/companies?pageSize=1&sort=legalName&filter[active][eq]=true'));
  const [category] = await ok(await admin.get('/api/accounts-payable/v1/expense-categories?filter[type][eq]=A&pageSize=1&sort=code'));
  const [costCenter] = await ok(await admin.get('/api/accounts-payable/v1/cost-centers?filter[type][eq]=A&pageSize=1&sort=code'));

  // 1. Financeiro registers it and sends it for approval.
  const fin = await newPage(browser);
  await keyboardLogin(fin, FINANCEIRO);
  await follow(fin, fin.getByRole('main').getByRole('link', { name: /Contas a Pagar/ }));
  await expect(fin).toHaveURL('/contas-a-pagar/lancamentos');
  await follow(fin, fin.getByRole('link', { name: 'Novo lançamento a pagar' }));
  await expect(fin).toHaveURL('/contas-a-pagar/lancamentos/adicionar');
  await expect(fin.getByRole('heading', { level: 1, name: 'Novo lançamento a pagar' })).toBeVisible();
  await choose(fin, fin.getByLabel('Organização', { exact: true }), 'Demo Comércio');
  await choose(fin, fin.getByLabel('Fornecedor', { exact: true }), String(supplier.legalName).slice(0, 12));
  await tabTo(fin, fin.getByLabel('Data de emissão', { exact: true }));
  await fin.keyboard.type(br(today()));
  await fin.keyboard.press('Enter');
  await tabTo(fin, fin.getByLabel('Competência', { exact: true }));
  await fin.keyboard.type(`${today().slice(5, 7)}/${today().slice(0, 4)}`);
  await fin.keyboard.press('Enter');
  await tabTo(fin, fin.getByLabel('Valor original', { exact: true }));
  await fin.keyboard.type('135791');
  await tabTo(fin, fin.getByLabel('Primeiro vencimento', { exact: true }));
  await fin.keyboard.type(br(today(10)));
  await fin.keyboard.press('Enter');
  await choose(fin, fin.getByLabel('Categoria de despesa', { exact: true }), String(category.name).slice(0, 12));
  await choose(fin, fin.getByLabel('Centro de custos', { exact: true }), String(costCenter.name).slice(0, 12));
  await tabTo(fin, fin.getByLabel('Descrição', { exact: true }), { back: true });
  await fin.keyboard.type(DESCRIPTION);
  // Enter in a field saves the form.
  await fin.keyboard.press('Enter');
  await expect(fin).toHaveURL(/\/contas-a-pagar\/lancamentos\/[0-9a-f-]{36}$/);
  const payableId = fin.url().split('/').at(-1)!;
  await expect(fin.getByRole('heading', { level: 1, name: DESCRIPTION })).toBeVisible();
  await tabTo(fin, fin.getByRole('button', { name: 'Enviar para aprovação' }));
  await fin.keyboard.press('Enter');
  await confirmDialog(fin, 'Enviar para aprovação');
  await expect(fin.getByText('Lançamento enviado para aprovação.')).toBeVisible();
  // Who registered it may not approve it: no "Aprovar" for Financeiro (the allowed actions say why).
  await expect(fin.getByTestId('blocked-finance.payables.approve')).toBeVisible();
  await fin.context().close();

  // 2. Diretoria finds it in the inbox and approves it.
  const dir = await newPage(browser);
  await keyboardLogin(dir, DIRETORIA);
  await follow(dir, dir.getByTestId('inbox-finance.toApprove'));
  await expect(dir).toHaveURL(/\/contas-a-pagar\/lancamentos\?filter/);
  await tabTo(dir, dir.getByPlaceholder(/Buscar por/));
  await dir.keyboard.type(DESCRIPTION);
  await dir.keyboard.press('Enter');
  await follow(dir, dir.getByRole('link', { name: DESCRIPTION }));
  await expect(dir).toHaveURL(`/contas-a-pagar/lancamentos/${payableId}`);
  await tabTo(dir, dir.getByRole('button', { name: 'Aprovar' }));
  await dir.keyboard.press('Enter');
  await confirmDialog(dir, 'Aprovar');
  await expect(dir.getByText('Lançamento aprovado.')).toBeVisible();
  await dir.context().close();

  // 3. Tesouraria authorizes and pays it in the payment queue.
  const tes = await newPage(browser);
  await keyboardLogin(tes, TESOURARIA);
  await follow(tes, tes.getByTestId('inbox-finance.toAuthorize'));
  await expect(tes).toHaveURL('/fila-de-pagamentos/parcelamentos/fila');
  const search = tes.getByPlaceholder('Buscar por descrição, documento ou fornecedor');
  await tabTo(tes, search);
  await tes.keyboard.type(DESCRIPTION);
  await tes.keyboard.press('Enter');
  const parcel = tes.getByRole('checkbox', { name: `Selecionar 1/1 — ${DESCRIPTION}` });
  await tabTo(tes, parcel);
  await tes.keyboard.press('Space');
  await expect(tes.getByTestId('selection-total')).toHaveText(`1 selecionado · ${R$("1.357,91")}`);
  await tabTo(tes, tes.getByRole('button', { name: 'Autorizar selecionados' }));
  await tes.keyboard.press('Enter');
  await confirmDialog(tes, 'Autorizar');
  await expect(tes.getByText(`1 parcela autorizada (${R$('1.357,91')}).`)).toBeVisible();

  await tes.goto('/');
  await follow(tes, tes.getByTestId('inbox-finance.toPay'));
  await expect(tes).toHaveURL('/fila-de-pagamentos/parcelamentos/autorizados');
  await tabTo(tes, search);
  await tes.keyboard.type(DESCRIPTION);
  await tes.keyboard.press('Enter');
  await tabTo(tes, parcel);
  await tes.keyboard.press('Space');
  await tabTo(tes, tes.getByRole('button', { name: 'Pagar selecionados' }));
  await tes.keyboard.press('Enter');
  const pay = tes.getByRole('dialog');
  await expect(pay).toContainText(`Pagar 1 parcela (${R$('1.357,91')})`);
  await choose(tes, pay.getByLabel('Conta financeira'), 'Itaú');
  await tabTo(tes, pay.getByRole('button', { name: `Pagar ${R$('1.357,91')}` }));
  await tes.keyboard.press('Enter');
  await expect(tes.getByText(`1 parcela paga (${R$('1.357,91')}); movimentação registrada na conta.`)).toBeVisible();
  await tes.goto(`/contas-a-pagar/lancamentos/${payableId}`);
  await expect(tes.getByText('Pago', { exact: true }).first()).toBeVisible();
  await tes.context().close();

  const payable = await ok(await admin.get(`/api/accounts-payable/v1/payables/${payableId}`));
  expect(payable).toMatchObject({ status: 'PAGO', paidAmount: 135791 });
  await admin.dispose();
});
