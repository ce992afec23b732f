import { expect, test } from '@playwright/test';
import { COMPRAS, R$, apiAs, loginInNewPage, ok, runTag, shot, today, UUID, type Json, axeSerious as axe, GESTOR } from './support.ts';

// Run with E2E_PORT=3224: the buyer's comparison map (/cotacoes/analises, mapa de cotação) and the requester's
// order analyses (/pedidos/analises, D64), each on records of its own.
const SM = '/api/supply-management/v1';
const PR = '/api/pricing/v1';
const tag = runTag();


test('comparison map: best price per line highlighted; an award above the lowest needs a justification', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const api = await apiAs(baseURL!, COMPRAS);
  const gestor = await apiAs(baseURL!, GESTOR);
  const [org] = await ok(await api.get('/api/identity/v1/organizations?pageSize=1&sort=name'));
  const [cc] = await ok(await api.get(`/api/accounts-payable/v1/cost-centers?filter[type][eq]=A&filter[organizationId][eq]=${String(org.id)}&pageSize=1&sort=code`));
  const suppliers = ((await ok(await api.get(`${PR}/suppliers`))) as Json[]).filter((s) => s.email).slice(4, 6);
  let order: Json = await ok(await api.post(`${SM}/orders`, {
    data: {
      organizationId: org.id, title: `Mapa E2E ${tag}`, requestDate: today(), costCenterId: cc.id, justification: 'Itens para o mapa de cotação (teste de ponta a ponta).',
      items: [{ description: `Resma A4 ${tag}`, quantity: 10, unit: 'RESMA', unitPrice: 3000 }, { description: `Grampeador ${tag}`, quantity: 2, unit: 'UN', unitPrice: 4000 }],
    },
  }), 201);
  for (const [who, action] of [[api, 'submit'], [gestor, 'approve']] as const) {
    order = (await ok(await who.post(`${SM}/orders/${String(order.id)}/${action}`, { headers: { 'if-match': `W/"${String(order.version)}"` }, data: {} }))).record as Json;
  }
  let quote: Json = await ok(await api.post(`${PR}/quotes/from-order-lines`, { data: { lines: [{ orderId: order.id, line: 1 }, { orderId: order.id, line: 2 }], invitedSupplierIds: suppliers.map((s) => s.id), minimumQuotes: 2, title: `Mapa E2E ${tag}` } }), 201);
  // A: cheaper paper, dearer stapler, the lowest complete proposal; B: the reverse. Each line to its best price costs least.
  const prices = [[2800, 4500], [2950, 3900]];
  // Invited by e-mail (a proposal each, waiting); A answers through the API, B's proposal is typed on its page.
  quote = (await ok(await api.post(`${PR}/quotes/${String(quote.id)}/send`, { headers: { 'if-match': `W/"${String(quote.version)}"` }, data: {} }))).record as Json;
  quote = (await ok(await api.post(`${PR}/quotes/${String(quote.id)}/proposals`, {
    headers: { 'if-match': `W/"${String(quote.version)}"` },
    data: { supplierId: suppliers[0].id, channel: 'TELEFONE', items: prices[0].map((unitPrice, n) => ({ quoteLine: n + 1, unitPrice })), paymentTerms: '28 DDL', deliveryDays: 5 },
  }))).record as Json;
  const [requestB] = await ok(await api.get(`${PR}/quote-requests?filter[quoteId][eq]=${String(quote.id)}&filter[supplierId][eq]=${String(suppliers[1].id)}`));
  const nameOf = (i: number) => String(suppliers[i].legalName);

  const page = await loginInNewPage(browser, COMPRAS);
  await page.goto('/cotacoes/orcamentos?mostrar=aguardando');
  await expect(page.getByRole('heading', { level: 1, name: 'Orçamentos dos fornecedores' })).toBeVisible();
  await page.locator(`a[href="/cotacoes/orcamentos/${String(requestB.id)}"]`).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Registrar proposta recebida' }).or(page.getByText('Registrar proposta recebida', { exact: true }))).toBeVisible();
  await page.getByLabel(/^Preço unitário do item 1:/).fill('29,50');
  await page.getByLabel(/^Preço unitário do item 2:/).fill('39,00');
  await page.getByLabel('Condição de pagamento').fill('28 DDL');
  await page.getByLabel('Prazo de entrega (dias)').fill('5');
  expect(await axe(page)).toEqual([]);
  await shot(page, 'procurement-proposal-record');
  await page.getByRole('button', { name: 'Registrar proposta', exact: true }).click();
  await expect(page.getByText('Total com frete e desconto')).toBeVisible();
  await expect(page.getByRole('main').getByText(R$('373,00')).first()).toBeVisible();
  await shot(page, 'procurement-proposal');
  await page.goto('/cotacoes/analises');
  await expect(page.getByRole('heading', { level: 1, name: 'Mapa de cotação' })).toBeVisible();
  await expect(page.getByRole('link', { name: `Abrir mapa ${String(quote.number)}` })).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await shot(page, 'procurement-quotes-to-analyse');
  await page.getByRole('link', { name: `Abrir mapa ${String(quote.number)}` }).click();
  await expect(page).toHaveURL(new RegExp(`/cotacoes/analises\\?cotacao=${UUID}$`));
  const map = page.getByTestId('comparison-map');
  await expect(map).toBeVisible();
  // The best price of each line is marked (for screen readers too); A has the lowest complete proposal.
  const paper = map.getByRole('row').filter({ hasText: `Resma A4 ${tag}` });
  await expect(paper.getByRole('cell').filter({ hasText: 'Melhor preço' })).toHaveText(/28,00/);
  const stapler = map.getByRole('row').filter({ hasText: `Grampeador ${tag}` });
  await expect(stapler.getByRole('cell').filter({ hasText: 'Melhor preço' })).toHaveText(/39,00/);
  await expect(map.getByRole('columnheader').filter({ hasText: nameOf(0) })).toContainText('Menor custo total');
  // Proposed: the lowest award (each line to its best price): no justification asked.
  await expect(page.getByRole('radio', { name: `Item 1 para ${nameOf(0)}` })).toBeChecked();
  await expect(page.getByRole('radio', { name: `Item 2 para ${nameOf(1)}` })).toBeChecked();
  await expect(page.getByText(/acima do menor custo/)).toHaveCount(0);
  expect(await axe(page)).toEqual([]);
  await shot(page, 'procurement-comparison-map');

  // All to A (one supplier, dearer than the split): the justification is required before the award goes.
  await page.getByText('Por fornecedor', { exact: true }).click();
  await page.getByRole('radio', { name: `Adjudicar tudo a ${nameOf(0)}` }).check();
  await expect(page.getByText(/acima do menor custo: a justificativa é obrigatória/)).toBeVisible();
  await page.getByRole('button', { name: 'Adjudicar', exact: true }).click();
  await expect(page.getByText(/Escreva por que esta escolha não é a de menor custo/)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByLabel(/Justificativa da escolha/).fill('Um só fornecedor para as duas entregas: menos frete e conferência.');
  await shot(page, 'procurement-comparison-award');
  await page.getByRole('button', { name: 'Adjudicar', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Adjudicar' }).click();
  await expect(page).toHaveURL(`/cotacoes/${String(quote.id)}`);
  const awarded = await ok(await api.get(`${PR}/quotes/${String(quote.id)}`));
  expect(awarded).toMatchObject({ status: 'APROVADA', awardMode: 'FORNECEDOR', winningSupplierId: suppliers[0].id });
  expect(String(awarded.awardJustification)).toContain('Um só fornecedor');
  await page.context().close();
  await Promise.all([api.dispose(), gestor.dispose()]);
});

test('order analyses: the requester’s orders by status, each count opening the filtered list', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await loginInNewPage(browser, COMPRAS);
  await page.goto('/pedidos/analises?visao=meus');
  await expect(page.getByRole('heading', { level: 1, name: 'Análise de pedidos' })).toBeVisible();
  const byStatus = page.getByTestId('analytics-status');
  await expect(byStatus.getByRole('link').first()).toBeVisible();
  await expect(page.getByTestId('analytics-approvers')).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await shot(page, 'procurement-order-analytics');
  // The "Aguardando aprovação" count opens the list filtered by it (and by the requester).
  const sent = byStatus.getByRole('row').filter({ hasText: 'Aguardando aprovação' });
  const count = Number(await sent.getByRole('cell').nth(1).innerText());
  await sent.getByRole('link').click();
  await expect(page).toHaveURL(/\/pedidos\/lista\?.*filter(\[|%5B)status(\]|%5D)(\[|%5B)in(\]|%5D)=ENVIADO/);
  // Only orders in that status are listed.
  const rows = page.getByRole('main').getByRole('row').filter({ has: page.getByRole('link', { name: /^PED-/ }) });
  await expect(rows.first()).toBeVisible();
  expect(count).toBeGreaterThan(0);
  for (const text of await rows.allInnerTexts()) expect(text).toContain('Aguardando aprovação');
  await page.context().close();
});

test('invitations: the buyer e-mails the chosen suppliers their own link and opens a proposal to record', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const api = await apiAs(baseURL!, COMPRAS);
  const gestor = await apiAs(baseURL!, GESTOR);
  const [org] = await ok(await api.get('/api/identity/v1/organizations?pageSize=1&sort=name'));
  const [cc] = await ok(await api.get(`/api/accounts-payable/v1/cost-centers?filter[type][eq]=A&filter[organizationId][eq]=${String(org.id)}&pageSize=1&sort=code`));
  const suppliers = ((await ok(await api.get(`${PR}/suppliers`))) as Json[]).filter((s) => s.email).slice(6, 8);
  let order: Json = await ok(await api.post(`${SM}/orders`, {
    data: { organizationId: org.id, title: `Convites E2E ${tag}`, requestDate: today(), costCenterId: cc.id, justification: 'Itens para convidar fornecedores (teste de ponta a ponta).', items: [{ description: `Toner ${tag}`, quantity: 3, unit: 'UN', unitPrice: 25000 }] },
  }), 201);
  for (const [who, action] of [[api, 'submit'], [gestor, 'approve']] as const) {
    order = (await ok(await who.post(`${SM}/orders/${String(order.id)}/${action}`, { headers: { 'if-match': `W/"${String(order.version)}"` }, data: {} }))).record as Json;
  }
  const quote: Json = await ok(await api.post(`${PR}/quotes/from-order-lines`, { data: { lines: [{ orderId: order.id, line: 1 }], invitedSupplierIds: suppliers.map((s) => s.id), title: `Convites E2E ${tag}` } }), 201);
  const nameOf = (s: Json) => String(s.tradeName || s.legalName);

  const page = await loginInNewPage(browser, COMPRAS);
  await page.goto('/cotacoes/solicitacao');
  await page.getByRole('link', { name: `Convidar — ${String(quote.number)}` }).click();
  const table = page.getByTestId('invitees');
  await expect(table.getByRole('row').filter({ hasText: nameOf(suppliers[0]) })).toContainText('Ainda não convidado');
  await expect(page.getByRole('button', { name: /Selecione os fornecedores a convidar/ })).toBeDisabled();
  await page.getByRole('checkbox', { name: `Convidar ${nameOf(suppliers[0])}` }).check();
  expect(await axe(page)).toEqual([]);
  await shot(page, 'procurement-invitations');
  await page.getByRole('button', { name: /Enviar convite por e-mail a 1 fornecedor/ }).click();
  const invited = table.getByRole('row').filter({ hasText: nameOf(suppliers[0]) });
  await expect(invited).toContainText('Aguardando resposta');
  await expect(table.getByRole('row').filter({ hasText: nameOf(suppliers[1]) })).toContainText('Ainda não convidado');
  expect((await ok(await api.get(`${PR}/quotes/${String(quote.id)}`))).status).toBe('ENVIADA');
  await invited.getByRole('link', { name: 'Registrar proposta' }).click();
  await expect(page).toHaveURL(new RegExp(`/cotacoes/orcamentos/${UUID}$`));
  await expect(page.getByText('Registrar proposta recebida', { exact: true })).toBeVisible();
  await page.context().close();
  await Promise.all([api.dispose(), gestor.dispose()]);
});
