import { expect, test, type APIRequestContext } from '@playwright/test';
import { APPROVAL_TEXT } from '../../src/i18n/approvals.ts';
import { ADMIN, R$, apiAs, inviteUser, loginInNewPage, ok, row, runTag, shot, today } from './support.ts';

/**
 * Filas de Aprovação (E2E_PORT=3406): payables from R$ 5.000,00 enter the demo queue "Contas a pagar acima de
 * R$ 5.000,00" (1. Gestor financeiro — Fábio Financeiro or the Administrador, ANY; 2. Diretoria — the Diretoria
 * profile, ANY). Fábio is away:
 * a new user covers his stage as substitute this week. A requester (another new user) submits a payable; the
 * substitute approves it for Fábio on /filas-de-aprovacao, the board approves it on the stage page, and the
 * payable is APROVADO. Two more go through the substitute's bulk approval. Users, the substitution and the
 * payables are set up through the API.
 */
const QUEUE = 'Contas a pagar acima de R$ 5.000,00';
const PASSWORD = 'Ipe-Amarelo-2026!';
const tag = runTag();

/** A user in the seeded "Financeiro" group, with a password set through the e-mailed invitation link. */
function newUser(admin: APIRequestContext, baseURL: string, name: string, groupId: string, organizationId: string) {
  const email = `${name.split(' ')[0].toLowerCase()}.${tag.toLowerCase()}@demo.com.br`;
  return inviteUser(admin, baseURL, { name: `${name} ${tag}`, email, password: PASSWORD, groupId, organizationId });
}

test('a payable from R$ 5.000,00 goes through both stages of the demo queue, approved by two people on the queue screens', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const admin = await apiAs(baseURL!, ADMIN);
  const [financeiro] = await ok(await admin.get('/api/identity/v1/user-groups?filter[name][eq]=Financeiro'));
  const [org] = await ok(await admin.get('/api/identity/v1/organizations?pageSize=1&sort=name'));
  const requester = await newUser(admin, baseURL!, 'Rita Solicitante', String(financeiro.id), String(org.id));
  const substitute = await newUser(admin, baseURL!, 'Gustavo Substituto', String(financeiro.id), String(org.id));

  // Fábio (stage 1) is away this week: Gustavo covers the stage.
  const [queue] = await ok(await admin.get(`/api/approvals/v1/approvals?q=${encodeURIComponent(QUEUE)}`));
  const stages = await ok(await admin.get(`/api/approvals/v1/approval-stages?filter[approvalId][eq]=${queue.id}&sort=order`));
  const [first, second] = stages;
  expect([first.name, second.name]).toEqual(['Gestor financeiro', 'Diretoria']);
  await ok(await admin.patch(`/api/approvals/v1/approval-stages/${first.id}`, {
    data: { substituteUserId: substitute.id, substituteFrom: today(), substituteUntil: today(7) },
    headers: { 'if-match': `W/"${first.version}"` },
  }));

  // Rita registers three payables and sends them for approval (the payables workflow routes them).
  const rita = await apiAs(baseURL!, { email: requester.email, password: PASSWORD });
  const [supplier] = await ok(await admin.get('/api/companies/v1/companies?pageSize=1&sort=legalName'));
  const [costCenter] = await ok(await admin.get('/api/accounts-payable/v1/cost-centers?filter[type][eq]=A&pageSize=1&sort=code'));
  const [category] = await ok(await admin.get('/api/accounts-payable/v1/expense-categories?filter[type][eq]=A&pageSize=1&sort=code'));
  const submitPayable = async (description: string, amount: number) => {
    const p = await ok(
      await rita.post('/api/accounts-payable/v1/payables', {
        data: {
          organizationId: org.id, supplierId: supplier.id, documentType: 'NFSE', documentNumber: `AP-${tag}`, issueDate: today(), competence: today().slice(0, 7),
          description, amount, installmentCount: 1, firstDueDate: today(20), costCenterId: costCenter.id, categoryId: category.id, paymentMethod: 'BOLETO',
        },
      }),
      201,
    );
    const sent = await ok(await rita.post(`/api/accounts-payable/v1/payables/${p.id}/submit`, { data: {}, headers: { 'if-match': `W/"${p.version}"` } }));
    expect(sent.approvalQueue).toBe(QUEUE);
    return String(p.id);
  };
  const main = `Consultoria tributária ${tag}`;
  const payableId = await submitPayable(main, 750_000);
  const bulkA = `Manutenção predial ${tag}`;
  const bulkB = `Licenças anuais ${tag}`;
  await submitPayable(bulkA, 520_000);
  await submitPayable(bulkB, 610_050);

  // Stage 1: the substitute, on "Minhas pendências".
  const gustavo = await loginInNewPage(browser, { email: substitute.email, password: PASSWORD });
  await gustavo.getByRole('menuitem', { name: 'Filas de Aprovação' }).first().click();
  await expect(gustavo).toHaveURL('/filas-de-aprovacao');
  await expect(gustavo.getByRole('heading', { name: 'Filas de Aprovação', level: 1 })).toBeVisible();
  const mine = row(gustavo, main);
  await expect(mine).toContainText(R$('7.500,00'));
  await expect(mine).toContainText('Gestor financeiro');
  await expect(mine).toContainText(`Rita Solicitante ${tag}`);
  const queues = gustavo.getByRole('region', { name: 'Filas' });
  await expect(queues.getByRole('link', { name: QUEUE })).toBeVisible();
  await expect(queues).toContainText('Você aprova');
  await shot(gustavo, 'approvals-queues');
  await mine.getByRole('button', { name: `Aprovar: ${main}` }).click();
  const dialog = gustavo.getByRole('dialog', { name: 'Aprovar solicitação' });
  // Deciding for the approver who is away (the stage has two; the substitute names whom they stand in for).
  await dialog.getByLabel(APPROVAL_TEXT.actingFor).click();
  await gustavo.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Fábio Financeiro' }).click();
  await expect(dialog).toContainText('Fábio Financeiro');
  await dialog.getByLabel('Comentário (opcional)').fill('Aprovado na ausência do Fábio.');
  await shot(gustavo, 'approvals-decision-modal');
  await dialog.getByRole('button', { name: 'Confirmar aprovação' }).click();
  await expect(gustavo.getByText('Solicitação aprovada.')).toBeVisible();
  await expect(row(gustavo, main)).toHaveCount(0);

  // Bulk: the other two, from the stage page, with a confirmation that shows the total.
  await queues.getByRole('link', { name: /1\. Gestor financeiro/ }).click();
  await expect(gustavo).toHaveURL(`/filas-de-aprovacao/${queue.id}/etapas/${first.id}`);
  await expect(gustavo.getByRole('heading', { name: 'Etapa 1 — Gestor financeiro' })).toBeVisible();
  await row(gustavo, bulkA).getByRole('checkbox').check();
  await row(gustavo, bulkB).getByRole('checkbox').check();
  await gustavo.getByRole('button', { name: 'Aprovar selecionadas (2)' }).click();
  const bulk = gustavo.getByRole('dialog', { name: 'Aprovar 2 solicitações?' });
  await expect(bulk).toContainText(`Total: ${R$('11.300,50')}`);
  await shot(gustavo, 'approvals-bulk');
  await bulk.getByRole('button', { name: 'Confirmar aprovação' }).click();
  await expect(gustavo.getByText('2 solicitações aprovadas.')).toBeVisible();
  await expect(row(gustavo, bulkA)).toHaveCount(0);
  await gustavo.context().close();

  // Stage 2: the board (the Diretoria profile of the demo logins), on the stage page.
  const board = await loginInNewPage(browser, { email: 'diretoria@demo.com.br', password: 'Diretoria@2026!' });
  await board.goto('/filas-de-aprovacao');
  const card = board.getByRole('region', { name: 'Filas' }).locator('.ant-card').filter({ has: board.getByRole('link', { name: QUEUE }) });
  await card.getByRole('link', { name: /2\. Diretoria/ }).click();
  await expect(board).toHaveURL(`/filas-de-aprovacao/${queue.id}/etapas/${second.id}`);
  const item = row(board, main);
  await expect(item).toContainText(R$('7.500,00'));
  await item.getByRole('button', { name: 'Ver histórico' }).click();
  const history = board.getByRole('region', { name: 'Histórico de decisões' });
  await expect(history).toContainText(`Gustavo Substituto ${tag}`);
  await expect(history).toContainText('em nome de Fábio Financeiro');
  await expect(history).toContainText('Aprovado na ausência do Fábio.');
  await shot(board, 'approvals-stage');

  // Rejecting needs a reason; Esc leaves without deciding.
  await item.getByRole('button', { name: `Reprovar: ${main}` }).click();
  const reject = board.getByRole('dialog', { name: 'Reprovar solicitação' });
  await reject.getByRole('button', { name: 'Confirmar reprovação' }).click();
  await expect(reject).toContainText('Informe o motivo da reprovação.');
  await board.keyboard.press('Escape');
  await expect(reject).toBeHidden();

  await item.getByRole('button', { name: `Aprovar: ${main}` }).click();
  await board.getByRole('dialog', { name: 'Aprovar solicitação' }).getByRole('button', { name: 'Confirmar aprovação' }).click();
  await expect(board.getByText('Solicitação aprovada.')).toBeVisible();
  await expect(row(board, main)).toHaveCount(0);

  // The payable moved on; the queue shows it among the approved.
  const payable = await ok(await admin.get(`/api/accounts-payable/v1/payables/${payableId}`));
  expect(payable.status).toBe('APROVADO');
  await board.goto(`/filas-de-aprovacao/${queue.id}`);
  await board.locator('label.ant-segmented-item').filter({ hasText: 'Aprovadas' }).click();
  await expect(row(board, main)).toContainText('Aprovado');
  await shot(board, 'approvals-queue');
  await board.getByRole('link', { name: main }).click();
  await expect(board).toHaveURL(new RegExp(`${payableId}$`));
  await board.context().close();
  for (const c of [admin, rita]) await c.dispose();
});

test('an unknown queue or stage is the 404 page', async ({ browser, baseURL }) => {
  const admin = await apiAs(baseURL!, ADMIN);
  const [queue] = await ok(await admin.get(`/api/approvals/v1/approvals?q=${encodeURIComponent(QUEUE)}`));
  await admin.dispose();
  const page = await loginInNewPage(browser, ADMIN);
  for (const path of ['/filas-de-aprovacao/00000000-0000-4000-8000-000000000000', `/filas-de-aprovacao/${queue.id}/etapas/00000000-0000-4000-8000-000000000000`]) {
    await page.goto(path);
    await expect(page.getByText('Page Not Found')).toBeVisible();
    await expect(page.getByTestId('not-found-path')).toHaveText(path);
  }
  await page.context().close();
});
