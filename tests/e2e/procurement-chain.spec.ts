import { expect, test, type Page } from '@playwright/test';
import { COMPRAS, apiAs, loginInNewPage, ok, pickReference, runTag, shot, today, UUID, type Json, axeSerious as axe, GESTOR } from './support.ts';

// Run with E2E_PORT=3218: the procure-to-pay chain on the record pages, each step a button the server allows
// (serverAction) with its dialog — order sent → approved by the manager → quote created from its lines
// (suppliers invited) → sent → [two proposals and the award through the API: their pages are not built yet]
// → purchase order from the award → sent for approval → approved → partial receipt confirmed → the rest
// received and confirmed → invoice from the purchase order → three-way match → approved → the payable.
const tag = runTag();
const SM = '/api/supply-management/v1';
const PR = '/api/pricing/v1';

const dialog = (page: Page) => page.getByRole('dialog');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Clicks a record-page action, answers its dialog (a comment when asked) and waits for the dialog to close. */
async function act(page: Page, name: string, okLabel: string = name, comment?: string) {
  await header(page, name).click();
  await expect(dialog(page)).toBeVisible();
  if (comment) await dialog(page).getByRole('textbox').last().fill(comment);
  await dialog(page).getByRole('button', { name: okLabel, exact: true }).click();
  await expect(dialog(page)).toHaveCount(0);
}

/** A header button of the record page (its accessible name starts with the icon's, "check Aprovar"). */
const header = (page: Page, name: string) => page.getByRole('main').getByRole('button', { name: new RegExp(`^([a-z-]+ )?${escape(name)}$`) });

const status = (page: Page, text: string) => expect(page.getByRole('main').getByText(text, { exact: true }).first()).toBeVisible();

test('procure-to-pay on the record pages: every step is an allowed action with its dialog', async ({ browser, baseURL }) => {
  test.setTimeout(720_000);
  const api = await apiAs(baseURL!, COMPRAS);
  const [org] = await ok(await api.get('/api/identity/v1/organizations?pageSize=1&sort=name'));
  const [cc] = await ok(await api.get(`/api/accounts-payable/v1/cost-centers?filter[type][eq]=A&filter[organizationId][eq]=${String(org.id)}&pageSize=1&sort=code`));
  const products = await ok(await api.get('/api/cart/v1/products?filter[type][eq]=PRODUTO&filter[active][eq]=true&pageSize=2&sort=sku'));
  const suppliers = ((await ok(await api.get(`${PR}/suppliers`))) as Json[]).filter((s) => s.email).slice(0, 2);
  expect(suppliers).toHaveLength(2);
  // The expense category classifies the payable the invoice generates (from the order line to the purchase order).
  const [category] = await ok(await api.get('/api/accounts-payable/v1/expense-categories?filter[type][eq]=A&pageSize=1&sort=code'));
  const order = await ok(await api.post(`${SM}/orders`, {
    data: {
      organizationId: org.id, title: `Reposição E2E ${tag}`, requestDate: today(), costCenterId: cc.id, justification: 'Reposição do estoque do escritório (teste de ponta a ponta).',
      items: products.map((p: Json, i: number) => ({ productId: p.id, description: p.name, quantity: i ? 10 : 4, unit: p.unit, unitPrice: 1000, categoryId: category.id })),
    },
  }), 201);

  // Compras sends the order; the manager (gestor) approves it. The buyer sees no "Aprovar" (no scope).
  const buyer = await loginInNewPage(browser, COMPRAS);
  await buyer.goto(`/pedidos/${String(order.id)}`);
  await expect(buyer.getByRole('heading', { name: new RegExp(String(order.number)) })).toBeVisible();
  await expect(header(buyer, 'Enviar para aprovação')).toBeVisible();
  await expect(header(buyer, 'Aprovar')).toHaveCount(0);
  await shot(buyer, 'procurement-order-draft');
  await act(buyer, 'Enviar para aprovação');
  await status(buyer, 'Aguardando aprovação');
  await expect(header(buyer, 'Devolver ao rascunho')).toBeVisible();

  const manager = await loginInNewPage(browser, GESTOR);
  await manager.goto(`/pedidos/${String(order.id)}`);
  await expect(header(manager, 'Reprovar')).toBeVisible();
  // Reject needs a motive: the dialog stays open until typed.
  await header(manager, 'Reprovar').click();
  await dialog(manager).getByRole('button', { name: 'Reprovar', exact: true }).click();
  await expect(dialog(manager).getByText('Informe o motivo.')).toBeVisible();
  await dialog(manager).getByRole('button', { name: 'Voltar' }).click();
  await act(manager, 'Aprovar', 'Aprovar', 'De acordo.');
  await status(manager, 'Aprovado');

  // The buyer creates the quote from the order's lines, inviting two suppliers, and sends it.
  await buyer.reload();
  await header(buyer, 'Criar cotação').click();
  for (const s of suppliers) await pickReference(buyer, 'Fornecedores convidados', String(s.legalName).slice(0, 12), new RegExp(escape(String(s.tradeName || s.legalName).slice(0, 12))));
  // The dropdown stays open over the buttons after a multiple choice: a click on the title closes it.
  await dialog(buyer).getByText(/aguardando cotação serão copiados/).click();
  await expect(buyer.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await shot(buyer, 'procurement-create-quote');
  await dialog(buyer).getByRole('button', { name: 'Criar cotação', exact: true }).click();
  await expect(buyer).toHaveURL(new RegExp(`/cotacoes/${UUID}$`));
  const quoteId = buyer.url().split('/').pop()!;
  await act(buyer, 'Enviar aos fornecedores', 'Enviar convites');
  await status(buyer, 'Aguardando orçamentos');

  // Two proposals and the award (their pages come later): through the API, as the buyer.
  let quote: Json = await ok(await api.get(`${PR}/quotes/${quoteId}`));
  const invited = quote.invitedSupplierIds as string[];
  expect(invited).toHaveLength(2);
  for (const [i, supplierId] of invited.entries()) {
    const res = await ok(await api.post(`${PR}/quotes/${quoteId}/proposals`, {
      headers: { 'if-match': `W/"${String(quote.version)}"` },
      data: { supplierId, channel: 'TELEFONE', items: [{ quoteLine: 1, unitPrice: 900 + i * 100 }, { quoteLine: 2, unitPrice: 950 + i * 100 }], paymentTerms: '28 DDL', deliveryDays: 3 },
    }));
    quote = res.record as Json;
  }
  const map = await ok(await api.get(`${PR}/quotes/${quoteId}/comparison`));
  const lowest = (map['map'] as unknown as Json).lowestSupplierId as string;
  quote = (await ok(await api.post(`${PR}/quotes/${quoteId}/award`, { headers: { 'if-match': `W/"${String(quote.version)}"` }, data: { mode: 'FORNECEDOR', supplierId: lowest, justification: 'Dois orçamentos recebidos no prazo; o menor preço venceu.' } }))).record as Json;
  expect(quote.status).toBe('APROVADA');

  // The purchase order of the award, in one step from the quote page; sent for approval; approved by the manager.
  await buyer.reload();
  await status(buyer, 'Aprovada');
  await act(buyer, 'Gerar ordem de compra');
  await expect(buyer).toHaveURL(new RegExp(`/ordens-de-compra/${UUID}$`));
  const poUrl = new URL(buyer.url()).pathname;
  await status(buyer, 'Rascunho');
  await act(buyer, 'Enviar para aprovação');
  await status(buyer, 'Aguardando aprovação');
  await expect(header(buyer, 'Aprovar')).toHaveCount(0);
  await manager.goto(poUrl);
  await act(manager, 'Aprovar');
  await status(manager, 'Aprovada');

  // A partial receipt (4 of the first line, through the API as typed at the dock) confirmed on its page; then the rest.
  await buyer.reload();
  await expect(header(buyer, 'Registrar entrega')).toBeVisible();
  await expect(header(buyer, 'Lançar nota')).toHaveCount(0);
  const poId = poUrl.split('/').pop()!;
  const partial = await ok(await api.post(`${PR}/purchase-orders/${poId}/receipts`, { data: { items: [{ purchaseOrderLine: 1, quantity: 2 }] } }), 201);
  await buyer.goto(`/receipts/${String(partial.id)}`);
  await act(buyer, 'Confirmar entrega');
  await status(buyer, 'Conferido');
  await buyer.goto(poUrl);
  await status(buyer, 'Parcialmente recebida');
  await shot(buyer, 'procurement-po-partly-received');
  await act(buyer, 'Registrar entrega');
  await expect(buyer).toHaveURL(new RegExp(`/receipts/${UUID}/editar$`));
  await buyer.goto(new URL(buyer.url()).pathname.replace(/\/editar$/, ''));
  await act(buyer, 'Confirmar entrega');
  await status(buyer, 'Conferido');
  await buyer.goto(poUrl);
  await status(buyer, 'Recebida');

  // The invoice from the purchase order: number typed, lines and duplicatas from the order; matched (three-way).
  await header(buyer, 'Lançar nota').click();
  await dialog(buyer).getByRole('combobox', { name: 'Tipo de documento' }).click();
  // antd keeps a hidden a11y listbox too: the visible dropdown item is the one to click.
  await buyer.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Fatura$/ }).click();
  await dialog(buyer).getByLabel('Número da nota').fill(String(Date.now()).slice(-8));
  await dialog(buyer).getByRole('button', { name: 'Lançar nota', exact: true }).click();
  await expect(buyer).toHaveURL(new RegExp(`/invoices/${UUID}$`));
  const invoiceUrl = new URL(buyer.url()).pathname;
  await status(buyer, 'Em conferência');
  await act(buyer, 'Conferir (três vias)', 'Conferir');
  await status(buyer, 'Conferido');
  await expect(header(buyer, 'Aprovar e lançar')).toHaveCount(0);

  // The manager approves it: the payable is generated and linked.
  await manager.goto(invoiceUrl);
  await act(manager, 'Aprovar e lançar');
  await status(manager, 'Lançado em contas a pagar');
  const invoice = await ok(await api.get(`${PR}/invoices/${invoiceUrl.split('/').pop()!}`));
  expect(invoice.payableId).toEqual(expect.stringMatching(new RegExp(`^${UUID}$`)));
  await shot(manager, 'procurement-invoice-posted');
  await buyer.context().close();
  await manager.context().close();
  await api.dispose();
});

test("the buyer's queues: approved lines picked into a quote; the winning proposal becomes a purchase order", async ({ browser, baseURL }) => {
  test.setTimeout(360_000);
  const api = await apiAs(baseURL!, COMPRAS);
  const gestor = await apiAs(baseURL!, GESTOR);
  const [org] = await ok(await api.get('/api/identity/v1/organizations?pageSize=1&sort=name'));
  const [cc] = await ok(await api.get(`/api/accounts-payable/v1/cost-centers?filter[type][eq]=A&filter[organizationId][eq]=${String(org.id)}&pageSize=1&sort=code`));
  const [product] = await ok(await api.get('/api/cart/v1/products?filter[type][eq]=PRODUTO&filter[active][eq]=true&pageSize=1&sort=-sku'));
  const suppliers = ((await ok(await api.get(`${PR}/suppliers`))) as Json[]).filter((s) => s.email).slice(2, 4);
  let order: Json = await ok(await api.post(`${SM}/orders`, {
    data: {
      organizationId: org.id, title: `Fila E2E ${tag}`, requestDate: today(), costCenterId: cc.id, justification: 'Itens para a fila de cotação (teste de ponta a ponta).',
      items: [{ productId: product.id, description: `Item da fila ${tag}`, quantity: 3, unit: product.unit, unitPrice: 2500 }],
    },
  }), 201);
  const step = async (who: typeof api, action: string, body: Json = {}) => {
    order = (await ok(await who.post(`${SM}/orders/${String(order.id)}/${action}`, { headers: { 'if-match': `W/"${String(order.version)}"` }, data: body }))).record as Json;
  };
  await step(api, 'submit');
  await step(gestor, 'approve');

  const buyer = await loginInNewPage(browser, COMPRAS);
  await buyer.goto('/cotacoes/fila');
  await expect(buyer.getByRole('heading', { name: 'Fila de cotação' })).toBeVisible();
  const pick = buyer.getByRole('checkbox', { name: `${String(order.number)} item 1: Item da fila ${tag}` });
  await expect(pick).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Selecione os itens a cotar.' })).toBeDisabled();
  await pick.check();
  await expect(buyer.getByTestId('quotation-selection')).toHaveText(/1 item\(ns\) selecionado\(s\) · R\$\s75,00 estimados/);
  await shot(buyer, 'procurement-quotation-queue');
  expect(await axe(buyer)).toEqual([]);
  // Grouping by preferred supplier keeps the page working (and clears the selection).
  await buyer.getByText('Fornecedor preferido').click();
  await expect(buyer).toHaveURL(/agrupar=fornecedor/);
  await buyer.getByRole('checkbox', { name: `${String(order.number)} item 1: Item da fila ${tag}` }).check();
  await buyer.getByRole('button', { name: 'Criar cotação com 1 item(ns)' }).click();
  // No supplier chosen: the dialog says so and stays open.
  await dialog(buyer).getByRole('button', { name: 'Criar cotação', exact: true }).click();
  await expect(dialog(buyer).getByText('Convide pelo menos um fornecedor.')).toBeVisible();
  for (const s of suppliers) await pickReference(buyer, 'Fornecedores convidados', String(s.legalName).slice(0, 12), new RegExp(escape(String(s.tradeName || s.legalName).slice(0, 12))));
  // The dropdown stays open over the buttons after a multiple choice: a click on the title closes it.
  await dialog(buyer).getByText(/aguardando cotação serão copiados/).click();
  await expect(buyer.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await dialog(buyer).getByRole('button', { name: 'Criar cotação', exact: true }).click();
  await expect(buyer).toHaveURL(new RegExp(`/cotacoes/${UUID}$`));
  const quoteId = buyer.url().split('/').pop()!;

  // A proposal per supplier and the award (through the API), then the purchase-order queue.
  let quote: Json = await ok(await api.get(`${PR}/quotes/${quoteId}`));
  for (const [i, supplierId] of (quote.invitedSupplierIds as string[]).entries()) {
    quote = (await ok(await api.post(`${PR}/quotes/${quoteId}/proposals`, {
      headers: { 'if-match': `W/"${String(quote.version)}"` },
      data: { supplierId, channel: 'EMAIL', items: [{ quoteLine: 1, unitPrice: 2300 + i * 200 }], paymentTerms: '30/60 DDL', deliveryDays: 7 },
    }))).record as Json;
  }
  const lowest = ((await ok(await api.get(`${PR}/quotes/${quoteId}/comparison`)))['map'] as unknown as Json).lowestSupplierId as string;
  quote = (await ok(await api.post(`${PR}/quotes/${quoteId}/award`, { headers: { 'if-match': `W/"${String(quote.version)}"` }, data: { mode: 'FORNECEDOR', supplierId: lowest, justification: 'Dois orçamentos recebidos no prazo; o menor preço venceu.' } }))).record as Json;

  await buyer.goto('/ordens-de-compra/fila');
  await expect(buyer.getByRole('heading', { name: 'Fila de ordens de compra' })).toBeVisible();
  const card = buyer.locator('.ant-card').filter({ hasText: String(quote.number) });
  await expect(card.getByText('Condição: 30/60 DDL · Entrega em 7 dia(s)')).toBeVisible();
  await shot(buyer, 'procurement-po-queue');
  expect(await axe(buyer)).toEqual([]);
  await card.getByRole('link', { name: 'Ver proposta' }).click();
  await expect(buyer).toHaveURL(new RegExp(`/ordens-de-compra/proposta/${UUID}$`));
  await expect(buyer.getByRole('cell', { name: `Item da fila ${tag}` })).toBeVisible();
  await buyer.getByLabel('Observações').fill(`Entregar na recepção ${tag}`);
  await shot(buyer, 'procurement-proposal');
  expect(await axe(buyer)).toEqual([]);
  await buyer.getByRole('button', { name: 'Gerar ordem de compra' }).click();
  await expect(buyer).toHaveURL(new RegExp(`/ordens-de-compra/${UUID}$`));
  await status(buyer, 'Rascunho');
  await expect(buyer.getByText(`Entregar na recepção ${tag}`)).toBeVisible();
  // The proposal left the queue: its page now says so.
  await buyer.goBack();
  await expect(buyer.getByText('Esta proposta não está aguardando ordem de compra (já tem uma, ou a cotação não foi adjudicada).')).toBeVisible();
  await buyer.context().close();
  await Promise.all([api.dispose(), gestor.dispose()]);
});
