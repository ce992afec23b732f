import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, R$, apiAs, inviteUser, loginInNewPage, ok, pickDate, pickReference, row, runTag, shot, today } from './support.ts';

/**
 * The payables workflow end to end (E2E_PORT=3407): the administrator registers a payable of R$ 1.234,56 in
 * 3 parcelas from a boleto line (a valid one, check digits computed here), sends it for approval; a two-stage
 * queue set up for it is approved by two people on the approval screens; a treasurer — another user — sees the
 * parcelas in the payment queue (the administrator may not authorize what he registered), authorizes them in
 * one batch and pays them from an account of its own; the account's statement shows the three movements and the
 * balance lower by exactly R$ 1.234,56. Users, the queue and its stages are set up through the API.
 */
const PASSWORD = 'Jacaranda-Roxo-2026!';
const tag = runTag();
const DESCRIPTION = `Manutenção do elevador ${tag}`;
const QUEUE = `Alçada E2E ${tag}`;
const br = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Mod 10 of a linha digitável field: weights 2,1,2,1… from the right, products above 9 add their digits. */
function mod10(digits: string): number {
  let sum = 0;
  [...digits].toReversed().forEach((d, i) => {
    const p = Number(d) * (i % 2 === 0 ? 2 : 1);
    sum += p > 9 ? p - 9 : p;
  });
  return (10 - (sum % 10)) % 10;
}

/** DV geral of the 43 barcode digits: mod 11, weights 2..9 from the right; 0, 10 and 11 become 1. */
function mod11(digits: string): number {
  let sum = 0;
  [...digits].toReversed().forEach((d, i) => (sum += Number(d) * (2 + (i % 8))));
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/**
 * A boleto bancário (Itaú, 341) for `cents` due on `due`: fator de vencimento counted from 29/05/2022 (the
 * FEBRABAN reset of 22/02/2025 = 1000), the DV geral, and the three field check digits (domain.md §3.4).
 */
function boletoLine(cents: number, due: string): string {
  const fator = String(Math.round((Date.parse(due) - Date.parse('2022-05-29')) / 86_400_000)).padStart(4, '0');
  const value = String(cents).padStart(10, '0');
  const free = `175${String(Date.now()).slice(-8)}12345678901234`.slice(0, 25);
  const head = `3419`;
  const dv = mod11(`${head}${fator}${value}${free}`);
  const f1 = `${head}${free.slice(0, 5)}`;
  const f2 = free.slice(5, 15);
  const f3 = free.slice(15, 25);
  return `${f1}${mod10(f1)}${f2}${mod10(f2)}${f3}${mod10(f3)}${dv}${fator}${value}`;
}

/** A user of the seeded "Financeiro" profile, password set through the e-mailed invitation link. */
function newUser(admin: APIRequestContext, baseURL: string, name: string, groupId: string, organizationId: string) {
  const email = `${name.split(' ')[0].toLowerCase()}.fluxo.${tag.toLowerCase()}@demo.com.br`;
  return inviteUser(admin, baseURL, { name: `${name} ${tag}`, email, password: PASSWORD, groupId, organizationId });
}

test('a payable of R$ 1.234,56 in 3 parcelas from a boleto: two-stage approval, authorized and paid by another user, on the statement', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const admin = await apiAs(baseURL!, ADMIN);
  const [financeiro] = await ok(await admin.get('/api/identity/v1/user-groups?filter[name][eq]=Financeiro'));
  const [org] = await ok(await admin.get('/api/identity/v1/organizations?pageSize=1&sort=name'));
  const ana = await newUser(admin, baseURL!, 'Ana Gestora', String(financeiro.id), String(org.id));
  const bruno = await newUser(admin, baseURL!, 'Bruno Diretor', String(financeiro.id), String(org.id));
  const teresa = await newUser(admin, baseURL!, 'Teresa Tesoureira', String(financeiro.id), String(org.id));

  // A two-stage queue for exactly this amount: the manager (Ana), then the board (Bruno).
  const queue = await ok(await admin.post('/api/approvals/v1/approvals', { data: { name: QUEUE, priority: 1, allowSelfApproval: false, onReject: 'DEVOLVER', active: true } }), 201);
  for (const [order, name, user] of [[1, 'Gestão', ana], [2, 'Diretoria', bruno]] as const) {
    await ok(await admin.post('/api/approvals/v1/approval-stages', { data: { approvalId: queue.id, order, name, rule: 'ANY', approverUserIds: [user.id], approverGroupIds: [], active: true } }), 201);
  }
  await ok(await admin.post('/api/approvals/v1/approval-triggers', { data: { approvalId: queue.id, name: 'Exatamente R$ 1.234,56', resourceName: 'payables', minAmount: 123456, maxAmount: 123456, active: true } }), 201);

  // An account of its own: other files pay from and import into the demo accounts at the same time.
  const account = await ok(
    await admin.post('/api/accounts-payable/v1/bank-accounts', {
      data: { organizationId: org.id, name: `Itaú fluxo ${tag}`, type: 'CAIXA', openingBalance: 500000, openingBalanceDate: today(-10), active: true },
    }),
    201,
  );
  const before = await ok(await admin.get(`/api/accounts-payable/v1/bank-accounts/${account.id}/statement`));

  // 1. The administrator registers it from the boleto line: amount and due date come from the line.
  const due = today(15);
  const line = boletoLine(123456, due);
  const page = await loginInNewPage(browser, ADMIN);
  await page.goto('/contas-a-pagar/lancamentos/adicionar');
  await pickReference(page, 'Organização', 'Demo', /Demo Comércio/);
  await pickReference(page, 'Fornecedor', 'Empreendimentos Imob', /Horizonte Empreendimentos/);
  await page.getByLabel('Tipo de documento', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Boleto$/ }).click();
  await page.getByLabel('Número do documento', { exact: true }).fill(`BOL-${tag}`);
  await pickDate(page, 'Data de emissão', br(today()));
  await pickDate(page, 'Competência', `${today().slice(5, 7)}/${today().slice(0, 4)}`);
  await page.getByLabel('Descrição', { exact: true }).fill(DESCRIPTION);
  await page.getByLabel('Número de parcelas', { exact: true }).fill('3');
  await pickReference(page, 'Categoria de despesa', 'manutenção', /Manutenção e reparos/);
  await pickReference(page, 'Centro de custos', 'Administração geral', /Administração geral/);
  await page.getByLabel('Linha digitável do boleto', { exact: true }).fill(line);
  await expect(page.getByRole('status').filter({ hasText: `Valor ${R$('1.234,56')} · vencimento ${br(due)}` })).toBeVisible();
  await page.getByRole('button', { name: 'Preencher valor e vencimento' }).click();
  await expect(page.getByLabel('Valor original', { exact: true })).toHaveValue(R$('1.234,56'));
  await expect(page.getByLabel('Primeiro vencimento', { exact: true })).toHaveValue(br(due));
  await shot(page, 'flow-1-register');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Lançamento a pagar criado com sucesso.')).toBeVisible();
  await expect(page).toHaveURL(/\/contas-a-pagar\/lancamentos\/[0-9a-f-]{36}$/);
  const payableUrl = page.url();
  const payableId = payableUrl.split('/').at(-1)!;

  // Sent for approval from the record page: it enters the queue set up above.
  await page.getByRole('button', { name: 'Enviar para aprovação' }).click();
  const send = page.getByRole('dialog', { name: 'Enviar este lançamento para aprovação?' });
  await send.getByLabel('Comentário (opcional)').fill('Boleto conferido com o contrato.');
  await send.getByRole('button', { name: 'Enviar para aprovação' }).click();
  await expect(page.getByText(`Lançamento enviado para a fila de aprovação "${QUEUE}".`)).toBeVisible();
  await expect(page.getByText('Aberto').first()).toBeVisible();
  // Waiting in the queue: no direct approval — the button says why it cannot (the server's allowed actions).
  const approve = page.getByRole('button', { name: /Aprovar$/ });
  await expect(approve).toBeDisabled();
  await expect(approve).toHaveAccessibleDescription(new RegExp(`aguarda a fila de aprovação "${QUEUE}"`));
  await shot(page, 'flow-2-sent');

  // 2. Two stages, each approved by its approver on the approval screens.
  for (const [person, stage] of [[ana, 'Gestão'], [bruno, 'Diretoria']] as const) {
    const p = await loginInNewPage(browser, { email: person.email, password: PASSWORD });
    await p.goto('/filas-de-aprovacao');
    const item = row(p, DESCRIPTION);
    await expect(item).toContainText(R$('1.234,56'));
    await expect(item).toContainText(stage);
    await item.getByRole('button', { name: `Aprovar: ${DESCRIPTION}` }).click();
    await p.getByRole('dialog', { name: 'Aprovar solicitação' }).getByRole('button', { name: 'Confirmar aprovação' }).click();
    await expect(p.getByText('Solicitação aprovada.')).toBeVisible();
    await p.context().close();
  }
  await page.reload();
  await expect(page.getByText('Aprovado').first()).toBeVisible();
  await expect(page.getByText(bruno.name).first()).toBeVisible();

  // The administrator registered it: in the payment queue he may not authorize it.
  await page.goto(`/fila-de-pagamentos/parcelamentos/fila?q=${encodeURIComponent(DESCRIPTION)}`);
  await expect(row(page, DESCRIPTION)).toHaveCount(3);
  await expect(row(page, DESCRIPTION).first().getByText('Você não pode autorizar')).toBeVisible();
  await expect(row(page, DESCRIPTION).first().getByRole('checkbox')).toBeDisabled();
  await page.context().close();

  // 3. Teresa authorizes the three parcelas in one batch, then pays them from the account made for this test.
  const t = await loginInNewPage(browser, { email: teresa.email, password: PASSWORD });
  await t.getByRole('menuitem', { name: 'Fila de Pagamentos' }).click();
  await expect(t).toHaveURL('/fila-de-pagamentos/lancamentos/fila');
  await t.getByRole('tab', { name: 'Parcelamentos' }).click();
  // A search typed while the tab's navigation is still pending would apply to the tab being left.
  await expect(t).toHaveURL('/fila-de-pagamentos/parcelamentos/fila');
  await t.getByPlaceholder('Buscar por descrição, documento ou fornecedor').fill(DESCRIPTION);
  await t.getByPlaceholder('Buscar por descrição, documento ou fornecedor').press('Enter');
  const parcels = row(t, DESCRIPTION);
  await expect(parcels).toHaveCount(3);
  for (const n of [1, 2, 3]) await row(t, `${n}/3 — ${DESCRIPTION}`).getByRole('checkbox').check();
  await expect(t.getByTestId('selection-total')).toHaveText(`3 selecionados · ${R$('1.234,56')}`);
  await shot(t, 'flow-3-authorize');
  await t.getByRole('button', { name: 'Autorizar selecionados' }).click();
  const confirm = t.getByRole('dialog', { name: `Autorizar 3 parcelas no total de ${R$('1.234,56')}?` });
  await confirm.getByRole('button', { name: 'Autorizar' }).click();
  await expect(t.getByText(`3 parcelas autorizadas (${R$('1.234,56')}).`)).toBeVisible();
  await expect(parcels).toHaveCount(0);

  await t.getByText('Autorizados', { exact: true }).click();
  await expect(t).toHaveURL(/\/fila-de-pagamentos\/parcelamentos\/autorizados/);
  await expect(parcels).toHaveCount(3);
  await expect(parcels.first()).toContainText(teresa.name);
  await t.getByRole('checkbox', { name: 'Select all' }).check();
  await expect(t.getByTestId('selection-total')).toHaveText(`3 selecionados · ${R$('1.234,56')}`);
  await t.getByRole('button', { name: 'Pagar selecionados' }).click();
  const pay = t.getByRole('dialog');
  await expect(pay).toContainText(`Pagar 3 parcelas (${R$('1.234,56')})`);
  await pay.getByLabel('Conta financeira').click();
  await pay.getByLabel('Conta financeira').fill(String(account.name));
  await t.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: String(account.name) }).click();
  await expect(pay.getByTestId('pay-total')).toHaveText(R$('1.234,56'));
  await shot(t, 'flow-4-pay', { fullPage: false });
  await pay.getByRole('button', { name: `Pagar ${R$('1.234,56')}` }).click();
  await expect(t.getByText(`3 parcelas pagas (${R$('1.234,56')}); movimentação registrada na conta.`)).toBeVisible();
  await expect(parcels).toHaveCount(0);

  // 4. The statement of that account: three payments today, the balance down by R$ 1.234,56.
  await t.goto(`/contas-financeiras/${account.id}/extrato-de-movimentacoes`);
  await expect(t.getByRole('heading', { name: `Extrato de movimentações — ${String(account.name)}` })).toBeVisible();
  // Today only (the month's list is long and virtual): the balance before today, the three debits, the closing.
  await t.goto(`/contas-financeiras/${account.id}/extrato-de-movimentacoes?from=${today()}&to=${today()}`);
  const lines = t.locator('.ant-table').getByText(new RegExp(`^Pagamento: [123]/3 — ${DESCRIPTION}$`));
  await expect(lines).toHaveCount(3);
  const closing = Number(before.closingBalance) - 123456;
  const brl = (c: number) => `${c < 0 ? '-' : ''}R$\u00a0${Math.trunc(Math.abs(c) / 100).toLocaleString('pt-BR')},${String(Math.abs(c) % 100).padStart(2, '0')}`;
  await expect(t.getByTestId('statement-closing')).toHaveText(brl(closing));
  await shot(t, 'flow-5-statement');
  await t.goto(payableUrl);
  await expect(t.getByText('Pago').first()).toBeVisible();
  await t.context().close();

  const payable = await ok(await admin.get(`/api/accounts-payable/v1/payables/${payableId}`));
  expect(payable).toMatchObject({ status: 'PAGO', paidAmount: 123456, netAmount: 123456, approvedBy: bruno.id, boletoLine: line });
  await admin.dispose();
});
