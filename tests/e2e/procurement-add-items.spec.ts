import { expect, test } from '@playwright/test';
import { COMPRAS, apiAs, loginInNewPage, ok, runTag, shot, today, UUID, type Json, axeSerious as axe, GESTOR } from './support.ts';

// Run with E2E_PORT=3225: /cotacoes/adicionar-itens (D72) — queued order lines appended to an open quote;
// /ordens-de-compra/adicionar-itens (D77) — queued awarded lines appended to a draft purchase order.
const SM = '/api/supply-management/v1';
const PR = '/api/pricing/v1';
const tag = runTag();


test('adds queued order lines to an open quote and goes back to it', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const api = await apiAs(baseURL!, COMPRAS);
  const gestor = await apiAs(baseURL!, GESTOR);
  const [org] = await ok(await api.get('/api/identity/v1/organizations?pageSize=1&sort=name'));
  const [cc] = await ok(await api.get(`/api/accounts-payable/v1/cost-centers?filter[type][eq]=A&filter[organizationId][eq]=${String(org.id)}&pageSize=1&sort=code`));
  const approved = async (title: string, items: Json[]) => {
    let order: Json = await ok(await api.post(`${SM}/orders`, {
      data: { organizationId: org.id, title, requestDate: today(), costCenterId: cc.id, justification: 'Itens para acrescentar à cotação (teste de ponta a ponta).', items },
    }), 201);
    for (const [who, action] of [[api, 'submit'], [gestor, 'approve']] as const) {
      order = (await ok(await who.post(`${SM}/orders/${String(order.id)}/${action}`, { headers: { 'if-match': `W/"${String(order.version)}"` }, data: {} }))).record as Json;
    }
    return order;
  };
  const first = await approved(`Cotação base ${tag}`, [{ description: `Toner ${tag}`, quantity: 2, unit: 'UN', unitPrice: 30000 }]);
  const second = await approved(`Itens extras ${tag}`, [
    { description: `Pasta suspensa ${tag}`, quantity: 50, unit: 'UN', unitPrice: 350 },
    { description: `Etiqueta ${tag}`, quantity: 10, unit: 'PCT', unitPrice: 1200 },
  ]);
  const suppliers = ((await ok(await api.get(`${PR}/suppliers`))) as Json[]).filter((s) => s.email).slice(0, 1);
  const quote: Json = await ok(await api.post(`${PR}/quotes/from-order-lines`, { data: { lines: [{ orderId: first.id, line: 1 }], invitedSupplierIds: suppliers.map((s) => s.id), title: `Cotação base ${tag}` } }), 201);

  const page = await loginInNewPage(browser, COMPRAS);
  await page.goto('/cotacoes/fila');
  await expect(page.getByRole('heading', { level: 1, name: 'Fila de cotação' })).toBeVisible();
  await page.getByRole('link', { name: 'Adicionar a uma cotação aberta' }).click();
  await expect(page).toHaveURL(/\/cotacoes\/adicionar-itens$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Adicionar itens à cotação' })).toBeVisible();
  const pick = page.getByRole('link', { name: `Adicionar itens — ${String(quote.number)}` });
  await expect(pick).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await shot(page, 'procurement-add-items-pick');
  await pick.click();
  await expect(page).toHaveURL(new RegExp(`/cotacoes/adicionar-itens\\?cotacao=${UUID}$`));
  await expect(page.getByText('1 item(ns) na cotação')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filtrar por pedido, descrição ou departamento' }).fill(tag);
  const button = page.getByRole('button', { name: /Selecione os itens|Adicionar à cotação/ });
  await expect(button).toBeDisabled();
  await page.getByRole('checkbox', { name: `${String(second.number)} item 1: Pasta suspensa ${tag}` }).check();
  await page.getByRole('checkbox', { name: `${String(second.number)} item 2: Etiqueta ${tag}` }).check();
  await expect(page.getByTestId('add-items-selection')).toHaveText(/2 item\(ns\) selecionado\(s\) · R\$\s295,00 estimados/);
  expect(await axe(page)).toEqual([]);
  await shot(page, 'procurement-add-items');
  await page.getByRole('button', { name: 'Adicionar à cotação (2)' }).click();
  await expect(page).toHaveURL(new RegExp(`/cotacoes/${String(quote.id)}$`));
  await expect(page.getByText(`2 item(ns) adicionado(s) à cotação ${String(quote.number)}.`)).toBeVisible();
  const after = await ok(await api.get(`${PR}/quotes/${String(quote.id)}`));
  expect((after.items as Json[]).map((i) => [i.orderId, i.orderLine])).toEqual([[first.id, 1], [second.id, 1], [second.id, 2]]);
  expect(after.estimatedTotal).toBe(60000 + 17500 + 12000);
  expect((await ok(await api.get(`${SM}/orders/${String(second.id)}`))).status).toBe('EM_COTACAO');
  // The lines left the queue: the page shows no line of this run any more.
  await page.goto(`/cotacoes/adicionar-itens?cotacao=${String(quote.id)}`);
  await expect(page.getByText('3 item(ns) na cotação')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filtrar por pedido, descrição ou departamento' }).fill(tag);
  await expect(page.getByText('Nenhum item da fila corresponde ao filtro.')).toBeVisible();
});

test('sends an approved purchase order to the supplier from /ordens-de-compra/solicitacao', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const api = await apiAs(baseURL!, COMPRAS);
  const gestor = await apiAs(baseURL!, GESTOR);
  const act = async (who: typeof api, url: string, record: Json, action: string, data: Json = {}) =>
    (await ok(await who.post(`${url}/${String(record.id)}/${action}`, { headers: { 'if-match': `W/"${String(record.version)}"` }, data }))).record as Json;
  const [org] = await ok(await api.get('/api/identity/v1/organizations?pageSize=1&sort=name'));
  const [cc] = await ok(await api.get(`/api/accounts-payable/v1/cost-centers?filter[type][eq]=A&filter[organizationId][eq]=${String(org.id)}&pageSize=1&sort=code`));
  const [category] = await ok(await api.get('/api/accounts-payable/v1/expense-categories?filter[type][eq]=A&pageSize=1&sort=code'));
  let order: Json = await ok(await api.post(`${SM}/orders`, {
    data: { organizationId: org.id, title: `Envio OC ${tag}`, requestDate: today(), costCenterId: cc.id, justification: 'Ordem de compra a enviar (teste de ponta a ponta).', items: [{ description: `Cadeira ${tag}`, quantity: 2, unit: 'UN', unitPrice: 45000, categoryId: category.id }] },
  }), 201);
  order = await act(api, `${SM}/orders`, order, 'submit');
  order = await act(gestor, `${SM}/orders`, order, 'approve');
  const [supplier] = ((await ok(await api.get(`${PR}/suppliers`))) as Json[]).filter((s) => s.email);
  let quote: Json = await ok(await api.post(`${PR}/quotes/from-order-lines`, { data: { lines: [{ orderId: order.id, line: 1 }], invitedSupplierIds: [supplier.id], minimumQuotes: 1 } }), 201);
  quote = await act(api, `${PR}/quotes`, quote, 'proposals', { supplierId: supplier.id, channel: 'TELEFONE', items: [{ quoteLine: 1, unitPrice: 44000 }], paymentTerms: '28 DDL', deliveryDays: 5 });
  quote = await act(api, `${PR}/quotes`, quote, 'award', { mode: 'FORNECEDOR', supplierId: supplier.id });
  const [request] = await ok(await api.get(`${PR}/quote-requests?filter[quoteId][eq]=${String(quote.id)}`));
  let po: Json = await ok(await api.post(`${PR}/quote-requests/${String(request.id)}/purchase-order`, { data: { categoryId: category.id } }), 201);
  po = await act(api, `${PR}/purchase-orders`, po, 'submit');
  po = await act(gestor, `${PR}/purchase-orders`, po, 'approve');
  expect(po.status).toBe('APROVADA');

  const page = await loginInNewPage(browser, COMPRAS);
  await page.goto('/ordens-de-compra/solicitacao');
  await expect(page.getByRole('heading', { level: 1, name: 'Envio de ordens de compra' })).toBeVisible();
  const email = page.getByRole('textbox', { name: `E-mail de envio da ${String(po.number)}` });
  await expect(email).toBeVisible();
  await email.fill(`compras-${tag.toLowerCase()}@fornecedor.com.br`);
  expect(await axe(page)).toEqual([]);
  await shot(page, 'procurement-po-send');
  await page.getByRole('button', { name: `Enviar ${String(po.number)} ao fornecedor` }).click();
  await expect(page.getByText(`Ordem de compra ${String(po.number)} enviada para compras-${tag.toLowerCase()}@fornecedor.com.br.`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: `E-mail de envio da ${String(po.number)}` })).toHaveCount(0);
  const sent = await ok(await api.get(`${PR}/purchase-orders/${String(po.id)}`));
  expect(sent).toMatchObject({ status: 'ENVIADA', sentTo: `compras-${tag.toLowerCase()}@fornecedor.com.br` });
  expect(sent.pdfFileId).toMatch(new RegExp(`^${UUID}$`));
  await page.getByText('Enviadas', { exact: true }).click();
  await expect(page).toHaveURL(/mostrar=enviadas/);
  await expect(page.getByRole('button', { name: `Enviar ${String(po.number)} ao fornecedor` })).toHaveText(/Reenviar/);
});

test('adds a queued awarded line of another quote to a draft purchase order of the same supplier (D77)', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const api = await apiAs(baseURL!, COMPRAS);
  const gestor = await apiAs(baseURL!, GESTOR);
  const act = async (who: typeof api, url: string, record: Json, action: string, data: Json = {}) =>
    (await ok(await who.post(`${url}/${String(record.id)}/${action}`, { headers: { 'if-match': `W/"${String(record.version)}"` }, data }))).record as Json;
  const [org] = await ok(await api.get('/api/identity/v1/organizations?pageSize=1&sort=name'));
  const [cc] = await ok(await api.get(`/api/accounts-payable/v1/cost-centers?filter[type][eq]=A&filter[organizationId][eq]=${String(org.id)}&pageSize=1&sort=code`));
  const [category] = await ok(await api.get('/api/accounts-payable/v1/expense-categories?filter[type][eq]=A&pageSize=1&sort=code'));
  const [supplier] = ((await ok(await api.get(`${PR}/suppliers`))) as Json[]).filter((s) => s.email);
  /** An approved order of these lines, quoted to one supplier and awarded to it. */
  const awardedQuote = async (title: string, items: Json[], prices: number[]) => {
    let order: Json = await ok(await api.post(`${SM}/orders`, {
      data: { organizationId: org.id, title, requestDate: today(), costCenterId: cc.id, justification: 'Itens para a ordem de compra (teste de ponta a ponta).', items: items.map((i) => ({ ...i, categoryId: category.id })) },
    }), 201);
    order = await act(api, `${SM}/orders`, order, 'submit');
    order = await act(gestor, `${SM}/orders`, order, 'approve');
    let quote: Json = await ok(await api.post(`${PR}/quotes/from-order-lines`, { data: { lines: items.map((_, i) => ({ orderId: order.id, line: i + 1 })), invitedSupplierIds: [supplier.id], minimumQuotes: 1, title } }), 201);
    quote = await act(api, `${PR}/quotes`, quote, 'proposals', { supplierId: supplier.id, channel: 'TELEFONE', items: prices.map((unitPrice, i) => ({ quoteLine: i + 1, unitPrice })), paymentTerms: '28 DDL', deliveryDays: 5 });
    return act(api, `${PR}/quotes`, quote, 'award', { mode: 'FORNECEDOR', supplierId: supplier.id });
  };
  const first = await awardedQuote(`OC base ${tag}`, [{ description: `Cadeira ${tag}`, quantity: 2, unit: 'UN', unitPrice: 45000 }], [44000]);
  const [request] = await ok(await api.get(`${PR}/quote-requests?filter[quoteId][eq]=${String(first.id)}`));
  const po: Json = await ok(await api.post(`${PR}/quote-requests/${String(request.id)}/purchase-order`, { data: { categoryId: category.id } }), 201);
  expect(po.status).toBe('RASCUNHO');
  const second = await awardedQuote(`Itens extras OC ${tag}`, [
    { description: `Mesa ${tag}`, quantity: 1, unit: 'UN', unitPrice: 90000 },
    { description: `Gaveteiro ${tag}`, quantity: 3, unit: 'UN', unitPrice: 30000 },
  ], [85000, 28000]);

  const page = await loginInNewPage(browser, COMPRAS);
  // From the queue: the link to the draft purchase orders.
  await page.goto('/ordens-de-compra/fila');
  await expect(page.getByRole('heading', { level: 1, name: 'Fila de ordens de compra' })).toBeVisible();
  await page.getByRole('link', { name: 'Adicionar a uma ordem de compra em rascunho' }).click();
  await expect(page).toHaveURL(/\/ordens-de-compra\/adicionar-itens$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Adicionar itens à ordem de compra' })).toBeVisible();
  await expect(page.getByRole('link', { name: `Adicionar itens — ${String(po.number)}` })).toBeVisible();
  // From the draft's own page: "Adicionar itens".
  await page.goto(`/ordens-de-compra/${String(po.id)}`);
  await page.getByRole('button', { name: 'Adicionar itens' }).click();
  await expect(page).toHaveURL(new RegExp(`/ordens-de-compra/adicionar-itens\\?ordem=${String(po.id)}$`));
  await expect(page.getByText('1 item(ns) na ordem de compra')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filtrar por cotação ou descrição' }).fill(tag);
  const button = page.getByRole('button', { name: /Selecione os itens|Adicionar à ordem de compra/ });
  await expect(button).toBeDisabled();
  await page.getByRole('checkbox', { name: `${String(second.number)} item 1: Mesa ${tag}` }).check();
  await expect(page.getByTestId('po-add-items-selection')).toHaveText(/1 item\(ns\) selecionado\(s\) · R\$\s850,00/);
  expect(await axe(page)).toEqual([]);
  await shot(page, 'procurement-po-add-items');
  await page.getByRole('button', { name: 'Adicionar à ordem de compra (1)' }).click();
  await expect(page).toHaveURL(new RegExp(`/ordens-de-compra/${String(po.id)}$`));
  await expect(page.getByText(`1 item(ns) adicionado(s) à ordem de compra ${String(po.number)}.`)).toBeVisible();
  await expect(page.getByText(`Mesa ${tag}`)).toBeVisible();
  const after = await ok(await api.get(`${PR}/purchase-orders/${String(po.id)}`));
  expect((after.items as Json[]).map((i) => [i.quoteId, i.quoteLine, i.unitPrice, i.total])).toEqual([[first.id, 1, 44000, 88000], [second.id, 1, 85000, 85000]]);
  expect(after.itemsTotal).toBe(88000 + 85000);
  // The added line left the queue; the other line of that quote is still there.
  await page.goto(`/ordens-de-compra/adicionar-itens?ordem=${String(po.id)}`);
  await expect(page.getByText('2 item(ns) na ordem de compra')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filtrar por cotação ou descrição' }).fill(tag);
  await expect(page.getByRole('checkbox', { name: `${String(second.number)} item 2: Gaveteiro ${tag}` })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `${String(second.number)} item 1: Mesa ${tag}` })).toHaveCount(0);
});
