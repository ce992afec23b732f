import { expect, test, type Page } from '@playwright/test';
import { COMPRAS, GESTOR, R$, UUID, apiAs, axeSerious as axe, loginInNewPage, ok, pickReference, row, runTag, shot, today, type Json, type User } from './support.ts';

// Run with E2E_PORT=3800: procure-to-pay through the UI (issue 11, "Quality bar"), each step by the README's demo
// login whose role does it — compras@ asks, quotes, buys, receives and checks; gestor@ approves the order, the
// purchase order and the invoice; compras@ confirms the payable as its requester; diretoria@ approves it (below
// R$ 5.000,00, directly); tesouraria@ authorizes and pays it. Nobody approves what they registered. A second
// test: an invoice billed above the purchase order's price is held for approval until gestor@ decides.
const tag = runTag();
const PR = '/api/pricing/v1';
const DIRETORIA: User = { email: 'diretoria@demo.com.br', password: 'Diretoria@2026!' };
const TESOURARIA: User = { email: 'tesouraria@demo.com.br', password: 'Tesouraria@2026!' };
// A demo catalogue product (server/seed/demo/procurement/catalog-data.ts), read only.
const PRODUCT = 'Café torrado e moído 500 g — Pilão';

const dialog = (page: Page) => page.getByRole('dialog');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A header button of the record page (its accessible name starts with the icon's, "check Aprovar"). */
const header = (page: Page, name: string) => page.getByRole('main').getByRole('button', { name: new RegExp(`^([a-z-]+ )?${escape(name)}$`) });
const status = (page: Page, text: string) => expect(page.getByRole('main').getByText(text, { exact: true }).first()).toBeVisible();
const path = (page: Page) => new URL(page.url()).pathname;

/** Clicks a record-page action, answers its dialog (a comment when asked) and waits for the dialog to close. */
async function act(page: Page, name: string, okLabel: string = name, comment?: string) {
  await header(page, name).click();
  await expect(dialog(page)).toBeVisible();
  if (comment) await dialog(page).getByRole('textbox').last().fill(comment);
  await dialog(page).getByRole('button', { name: okLabel, exact: true }).click();
  await expect(dialog(page)).toHaveCount(0);
}

/** Pages seen for the first time in this file: each gets one axe pass. */
const seen = new Set<string>();
async function axeOnce(page: Page, key: string) {
  if (seen.has(key)) return;
  seen.add(key);
  expect(await axe(page), key).toEqual([]);
}

// The catalogue's products carry no expense category, so neither does the purchase order: gestor@ gives the
// payable's category in the "Aprovar e lançar" dialog (the cost center comes pre-filled from the order).
test('procure-to-pay through the UI: catalogue → order → quote → two proposals → award → PO → receipts → invoice → payable → Pago', async ({ browser, baseURL }) => {
  // Five people, some twenty pages, each built on first visit by a fresh server on a shared 2-core machine: the
  // chain is one story that cannot be split without handing state between tests. A ceiling, not a wait (~380 steps,
  // each waiting for its data): ten minutes, since a slower 2-core machine ran past six.
  test.setTimeout(10 * 60_000);
  const api = await apiAs(baseURL!, COMPRAS);
  // This test owns compras' cart (the catalogue spec too: both run in the serial "shared-state" project).
  expect((await api.delete('/api/cart/v1/cart')).status()).toBe(204);
  // Reads only: the cost center to pick and two suppliers with an e-mail to invite (none used by the other specs).
  const [org] = await ok(await api.get('/api/identity/v1/organizations?pageSize=1&sort=name'));
  const [cc] = await ok(await api.get(`/api/accounts-payable/v1/cost-centers?filter[type][eq]=A&filter[organizationId][eq]=${String(org.id)}&pageSize=1&sort=code`));
  const [category] = await ok(await api.get('/api/accounts-payable/v1/expense-categories?filter[type][eq]=A&filter[active][eq]=true&pageSize=1&sort=code'));
  const suppliers = ((await ok(await api.get(`${PR}/suppliers`))) as Json[]).filter((s) => s.email).slice(8, 10);
  expect(suppliers).toHaveLength(2);
  const nameOf = (s: Json) => String(s.legalName);

  // 1. Compras: catalogue → product → cart → order submitted for approval.
  const buyer = await loginInNewPage(browser, COMPRAS);
  await buyer.goto('/pedidos/catalogo');
  await expect(buyer.getByTestId('catalog-product').first()).toBeVisible({ timeout: 30_000 });
  await buyer.getByLabel('Buscar no catálogo').fill('cafe torrado pilao');
  await buyer.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(buyer).toHaveURL(/\/pedidos\/catalogo\/busca\?q=/);
  await buyer.getByRole('link', { name: PRODUCT }).first().click();
  await expect(buyer).toHaveURL(new RegExp(`/pedidos/produto/${UUID}$`));
  await expect(buyer.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible();
  await buyer.getByLabel(/^Quantidade/).fill('3');
  await pickReference(buyer, 'Centro de custos', String(cc.code), String(cc.code));
  await buyer.getByLabel('Necessário até').fill(today(10));
  await axeOnce(buyer, 'product');
  await buyer.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expect(buyer.getByTestId('cart-badge')).toContainText('Carrinho: 1 item(ns)');
  await buyer.getByTestId('cart-badge').click();
  await expect(buyer).toHaveURL('/pedidos/solicitacao');
  await expect(buyer.getByTestId('cart-lines').getByRole('row').filter({ hasText: PRODUCT })).toBeVisible();
  await buyer.getByLabel('Justificativa').fill(`Café da copa do escritório ${tag} (procure-to-pay de ponta a ponta).`);
  await axeOnce(buyer, 'cart');
  await buyer.getByRole('button', { name: 'Enviar para aprovação' }).click();
  await expect(buyer).toHaveURL(new RegExp(`/pedidos/${UUID}$`));
  const orderUrl = path(buyer);
  await status(buyer, 'Aguardando aprovação');
  await expect(header(buyer, 'Aprovar')).toHaveCount(0);
  await axeOnce(buyer, 'order');

  // 2. Gestor approves the order on its record page.
  const manager = await loginInNewPage(browser, GESTOR);
  await manager.goto(orderUrl);
  await act(manager, 'Aprovar', 'Aprovar', `De acordo ${tag}.`);
  await status(manager, 'Aprovado');

  // 3. Compras: the quote from the order's lines, two suppliers invited, sent.
  await buyer.reload();
  await status(buyer, 'Aprovado');
  await header(buyer, 'Criar cotação').click();
  // The option's whole label: before the search answers, the unfiltered list shows look-alikes ("Escritório Almeida"
  // for "Escritório Andrade").
  for (const s of suppliers) await pickReference(buyer, 'Fornecedores convidados', nameOf(s).slice(0, 12), new RegExp(`^${escape(String(s.tradeName || s.legalName))}$`));
  // The dropdown stays open over the buttons after a multiple choice: a click on the title closes it.
  await dialog(buyer).getByText(/aguardando cotação serão copiados/).click();
  await expect(buyer.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await dialog(buyer).getByRole('button', { name: 'Criar cotação', exact: true }).click();
  await expect(buyer).toHaveURL(new RegExp(`/cotacoes/${UUID}$`));
  const quoteUrl = path(buyer);
  const quoteId = quoteUrl.split('/').pop()!;
  await act(buyer, 'Enviar aos fornecedores', 'Enviar convites');
  await status(buyer, 'Aguardando orçamentos');
  await axeOnce(buyer, 'quote');
  const quoteNumber = (await buyer.getByRole('heading', { level: 1 }).innerText()).match(/COT-\d+/)?.[0] ?? '';
  expect(quoteNumber).toMatch(/^COT-\d+$/);

  // 4. Two proposals, typed on their pages (the supplier's answers by phone): A is the lowest.
  const requests = await ok(await api.get(`${PR}/quote-requests?filter[quoteId][eq]=${quoteId}`));
  const prices = [['9,00', '28 DDL'], ['10,50', '28 DDL']];
  for (const [i, s] of suppliers.entries()) {
    const request = requests.find((r) => r.supplierId === s.id)!;
    await buyer.goto('/cotacoes/orcamentos?mostrar=aguardando');
    await expect(buyer.getByRole('heading', { level: 1, name: 'Orçamentos dos fornecedores' })).toBeVisible();
    await axeOnce(buyer, 'proposals');
    await buyer.locator(`a[href="/cotacoes/orcamentos/${String(request.id)}"]`).click();
    await expect(buyer.getByText('Registrar proposta recebida', { exact: true })).toBeVisible();
    await buyer.getByLabel(/^Preço unitário do item 1:/).fill(prices[i][0]);
    await buyer.getByLabel('Condição de pagamento').fill(prices[i][1]);
    await buyer.getByLabel('Prazo de entrega (dias)').fill('3');
    await axeOnce(buyer, 'proposal');
    await buyer.getByRole('button', { name: 'Registrar proposta', exact: true }).click();
    await expect(buyer.getByText('Total com frete e desconto')).toBeVisible();
  }

  // 5. The award on the comparison map: the lowest is proposed; two proposals where three are asked: a justification.
  await buyer.goto('/cotacoes/analises');
  await expect(buyer.getByRole('heading', { level: 1, name: 'Mapa de cotação' })).toBeVisible();
  await buyer.getByRole('link', { name: `Abrir mapa ${quoteNumber}` }).click();
  await expect(buyer).toHaveURL(`/cotacoes/analises?cotacao=${quoteId}`);
  const map = buyer.getByTestId('comparison-map');
  await expect(map.getByRole('row').filter({ hasText: PRODUCT }).getByRole('cell').filter({ hasText: 'Melhor preço' })).toHaveText(/9,00/);
  // One line: the award is by supplier, the lowest proposed.
  await expect(buyer.getByRole('radio', { name: `Adjudicar tudo a ${nameOf(suppliers[0])}` })).toBeChecked();
  await buyer.getByLabel(/Justificativa da escolha/).fill(`Dois orçamentos no prazo ${tag}; o menor preço venceu.`);
  await axeOnce(buyer, 'map');
  await shot(buyer, 'p2p-comparison-map');
  await buyer.getByRole('button', { name: 'Adjudicar', exact: true }).click();
  await dialog(buyer).getByRole('button', { name: 'Adjudicar' }).click();
  await expect(buyer).toHaveURL(quoteUrl);
  await status(buyer, 'Aprovada');

  // 6. The purchase order from the award, sent for approval; gestor approves it.
  await act(buyer, 'Gerar ordem de compra');
  await expect(buyer).toHaveURL(new RegExp(`/ordens-de-compra/${UUID}$`));
  const poUrl = path(buyer);
  await status(buyer, 'Rascunho');
  await expect(buyer.getByRole('main').getByText(nameOf(suppliers[0])).first()).toBeVisible();
  await axeOnce(buyer, 'purchase-order');
  await act(buyer, 'Enviar para aprovação');
  await status(buyer, 'Aguardando aprovação');
  await expect(header(buyer, 'Aprovar')).toHaveCount(0);
  await manager.goto(poUrl);
  await act(manager, 'Aprovar');
  await status(manager, 'Aprovada');
  await buyer.reload();
  await status(buyer, 'Aprovada');
  await shot(buyer, 'p2p-purchase-order');

  // 7. A partial receipt (1 of 3 typed at the dock) confirmed; then the rest, confirmed.
  await act(buyer, 'Registrar entrega');
  await expect(buyer).toHaveURL(new RegExp(`/receipts/${UUID}/editar$`));
  const received = buyer.getByLabel('Quantidade recebida, linha 1');
  await expect(received).toHaveValue('3');
  await received.fill('1');
  await axeOnce(buyer, 'receipt-form');
  await buyer.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(buyer).toHaveURL(new RegExp(`/receipts/${UUID}$`));
  await act(buyer, 'Confirmar entrega');
  await status(buyer, 'Conferido');
  await axeOnce(buyer, 'receipt');
  await shot(buyer, 'p2p-receipt-partial');
  await buyer.goto(poUrl);
  await status(buyer, 'Parcialmente recebida');
  await act(buyer, 'Registrar entrega');
  await expect(buyer).toHaveURL(new RegExp(`/receipts/${UUID}/editar$`));
  await expect(buyer.getByLabel('Quantidade recebida, linha 1')).toHaveValue('2');
  await buyer.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(buyer).toHaveURL(new RegExp(`/receipts/${UUID}$`));
  await act(buyer, 'Confirmar entrega');
  await status(buyer, 'Conferido');
  await buyer.goto(poUrl);
  await status(buyer, 'Recebida');

  // 8. The invoice from the purchase order; three-way match within tolerance; gestor approves it → the payable.
  const invoiceNumber = `${Date.now()}`.slice(-7);
  await header(buyer, 'Lançar nota').click();
  await dialog(buyer).getByRole('combobox', { name: 'Tipo de documento' }).click();
  // antd keeps a hidden a11y listbox too: the visible dropdown item is the one to click.
  await buyer.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Fatura$/ }).click();
  await dialog(buyer).getByLabel('Número da nota').fill(invoiceNumber);
  await dialog(buyer).getByRole('button', { name: 'Lançar nota', exact: true }).click();
  await expect(buyer).toHaveURL(new RegExp(`/invoices/${UUID}$`));
  const invoiceUrl = path(buyer);
  await status(buyer, 'Em conferência');
  await act(buyer, 'Conferir (três vias)', 'Conferir');
  await status(buyer, 'Conferido');
  await expect(header(buyer, 'Aprovar e lançar')).toHaveCount(0);
  await axeOnce(buyer, 'invoice');
  await manager.goto(invoiceUrl);
  await header(manager, 'Aprovar e lançar').click();
  const approve = dialog(manager);
  await expect(approve).toContainText(`${String(cc.code)} — ${String(cc.name)}`);
  // Without a category the dialog stays open and says why.
  await approve.getByRole('button', { name: 'Aprovar e lançar', exact: true }).click();
  await expect(approve.getByText('Escolha a categoria de despesa: a ordem de compra não tem uma.')).toBeVisible();
  await approve.getByRole('combobox', { name: 'Categoria de despesa da conta a pagar' }).fill(String(category.code));
  await manager.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${escape(`${String(category.code)} — ${String(category.name)}`)}$`) }).click();
  await axeOnce(manager, 'invoice-approve-dialog');
  await approve.getByRole('button', { name: 'Aprovar e lançar', exact: true }).click();
  await expect(dialog(manager)).toHaveCount(0);
  await status(manager, 'Lançado em contas a pagar');
  await shot(manager, 'p2p-invoice-posted');
  // The payable, linked both ways. (Neither compras@ nor gestor@ may read payables: the invoice page shows no
  // link to them, so the link is checked here and the finance users find it in their own lists below.)
  const payableId = String((await ok(await api.get(`${PR}/invoices/${invoiceUrl.split('/').pop()!}`))).payableId);
  expect(payableId).toMatch(new RegExp(`^${UUID}$`));
  const payableUrl = `/contas-a-pagar/lancamentos/${payableId}`;
  await manager.context().close();

  // 9. Compras, the requester (the buyer of the purchase order), confirms it in the Fila do Solicitante.
  const description = `NF ${invoiceNumber}`;
  await buyer.goto('/fila-do-solicitante/lancamentos');
  await buyer.getByPlaceholder('Buscar por descrição, documento ou fornecedor').fill(invoiceNumber);
  await buyer.getByPlaceholder('Buscar por descrição, documento ou fornecedor').press('Enter');
  const mine = row(buyer, description);
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(R$('27,00'));
  await mine.getByRole('button', { name: 'Confirmar' }).click();
  await dialog(buyer).getByRole('button', { name: 'Confirmar', exact: true }).click();
  await expect(buyer.getByText('Lançamento confirmado e enviado para aprovação.')).toBeVisible();
  await buyer.context().close();

  // 10. Diretoria approves it on the record page (below R$ 5.000,00: no queue).
  const director = await loginInNewPage(browser, DIRETORIA);
  await director.getByTestId('inbox-finance.toApprove').click();
  await expect(director).toHaveURL(/\/contas-a-pagar\/lancamentos\?filter/);
  await director.getByPlaceholder(/Buscar por/).fill(invoiceNumber);
  await director.getByPlaceholder(/Buscar por/).press('Enter');
  await director.getByRole('link', { name: new RegExp(escape(description)) }).click();
  await expect(director).toHaveURL(payableUrl);
  await expect(director.getByRole('heading', { level: 1, name: new RegExp(escape(description)) })).toBeVisible();
  await director.getByRole('button', { name: 'Aprovar' }).click();
  await dialog(director).getByRole('button', { name: 'Aprovar' }).click();
  await expect(director.getByText('Lançamento aprovado.')).toBeVisible();
  await axeOnce(director, 'payable');
  await director.context().close();

  // 11. Tesouraria authorizes the parcela and pays it from the Itaú account.
  const treasurer = await loginInNewPage(browser, TESOURARIA);
  await treasurer.goto('/fila-de-pagamentos/parcelamentos/fila');
  const search = treasurer.getByPlaceholder('Buscar por descrição, documento ou fornecedor');
  await search.fill(invoiceNumber);
  await search.press('Enter');
  const parcel = treasurer.getByRole('checkbox', { name: new RegExp(`^Selecionar 1/1 — ${escape(description)}`) });
  await parcel.check();
  await expect(treasurer.getByTestId('selection-total')).toHaveText(`1 selecionado · ${R$('27,00')}`);
  await treasurer.getByRole('button', { name: 'Autorizar selecionados' }).click();
  await dialog(treasurer).getByRole('button', { name: 'Autorizar' }).click();
  await expect(treasurer.getByText(`1 parcela autorizada (${R$('27,00')}).`)).toBeVisible();
  await treasurer.getByText('Autorizados', { exact: true }).click();
  await expect(treasurer).toHaveURL(/\/fila-de-pagamentos\/parcelamentos\/autorizados/);
  await search.fill(invoiceNumber);
  await search.press('Enter');
  await parcel.check();
  await treasurer.getByRole('button', { name: 'Pagar selecionados' }).click();
  const pay = dialog(treasurer);
  await expect(pay).toContainText(`Pagar 1 parcela (${R$('27,00')})`);
  await pay.getByLabel('Conta financeira').click();
  await treasurer.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Itaú' }).first().click();
  await pay.getByRole('button', { name: `Pagar ${R$('27,00')}` }).click();
  await expect(treasurer.getByText(`1 parcela paga (${R$('27,00')}); movimentação registrada na conta.`)).toBeVisible();
  await treasurer.goto(payableUrl);
  await expect(treasurer.getByRole('main').getByText('Pago', { exact: true }).first()).toBeVisible();
  await treasurer.context().close();
  await api.dispose();
});

test('an invoice billed above the purchase order’s price is held with its difference until gestor@ approves it', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const api = await apiAs(baseURL!, COMPRAS);
  const gestor = await apiAs(baseURL!, GESTOR);
  const [org] = await ok(await api.get('/api/identity/v1/organizations?pageSize=1&sort=name'));
  const [cc] = await ok(await api.get(`/api/accounts-payable/v1/cost-centers?filter[type][eq]=A&filter[organizationId][eq]=${String(org.id)}&pageSize=1&sort=code`));
  const [category] = await ok(await api.get('/api/accounts-payable/v1/expense-categories?filter[type][eq]=A&pageSize=1&sort=code'));
  const [supplier] = ((await ok(await api.get(`${PR}/suppliers`))) as Json[]).filter((s) => s.email).slice(10, 11);
  // The purchase order, its approval and its receipt through the API (the chain above does them on the pages):
  // this test is about the match screen. 4 toners at R$ 100,00, received in full.
  const item = `Toner ${tag}`;
  let po: Json = await ok(await api.post(`${PR}/purchase-orders`, {
    data: {
      organizationId: org.id, supplierId: supplier.id, costCenterId: cc.id, categoryId: category.id, issueDate: today(), paymentTerms: '28 DDL', paymentMethod: 'BOLETO', freightType: 'CIF',
      items: [{ description: item, quantity: 4, unit: 'UN', unitPrice: 10000 }],
    },
  }), 201);
  for (const [who, action] of [[api, 'submit'], [gestor, 'approve']] as const) {
    po = (await ok(await who.post(`${PR}/purchase-orders/${String(po.id)}/${action}`, { headers: { 'if-match': `W/"${String(po.version)}"` }, data: {} }))).record as Json;
  }
  const receipt = await ok(await api.post(`${PR}/purchase-orders/${String(po.id)}/receipts`, { data: {} }), 201);
  await ok(await api.post(`${PR}/receipts/${String(receipt.id)}/confirm`, { headers: { 'if-match': `W/"${String(receipt.version)}"` }, data: {} }));
  // The supplier billed R$ 108,00 a unit (8 % above; the tolerance is 1 %): the invoice as typed from the paper
  // bill, through the API too (its line prices are what this test needs, not the typing).
  const number = `${Date.now()}`.slice(-7);
  const invoice = await ok(await api.post(`${PR}/invoices`, {
    data: {
      organizationId: org.id, supplierId: supplier.id, documentType: 'FATURA', number, issueDate: today(), entryDate: today(), paymentTerms: '28 DDL',
      productsAmount: 43200, servicesAmount: 0, purchaseOrderIds: [po.id],
      items: [{ description: item, quantity: 4, unit: 'UN', unitPrice: 10800, purchaseOrderId: po.id, purchaseOrderLine: 1 }],
    },
  }), 201);

  // Compras checks it: held, the line and its difference shown, no payable, no approval for the one who typed it.
  const buyer = await loginInNewPage(browser, COMPRAS);
  await buyer.goto(`/invoices/${String(invoice.id)}`);
  await status(buyer, 'Em conferência');
  await act(buyer, 'Conferir (três vias)', 'Conferir');
  await status(buyer, 'Com divergência');
  const mismatches = buyer.getByRole('table', { name: 'Divergências da conferência' });
  const priceLine = mismatches.getByRole('row').filter({ hasText: item });
  await expect(priceLine).toContainText('Preço unitário');
  // The difference in R$ over the line: 4 × R$ 8,00.
  await expect(priceLine.getByRole('cell').last()).toHaveText(R$('32,00'));
  // Expected and invoiced in R$ on a price line (the unit price), and no footer total that would count it twice.
  await expect(priceLine.getByRole('cell').nth(-4)).toHaveText(R$('100,00'));
  await expect(priceLine.getByRole('cell').nth(-3)).toHaveText(R$('108,00'));
  await expect(mismatches.locator('tfoot')).toHaveCount(0);
  await expect(header(buyer, 'Aprovar e lançar')).toHaveCount(0);
  expect(await axe(buyer)).toEqual([]);
  await shot(buyer, 'p2p-invoice-mismatch');
  expect((await ok(await api.get(`${PR}/invoices/${String(invoice.id)}`))).payableId ?? null).toBeNull();

  // Gestor decides in the purchasing approval queue ("Notas com divergência"): approved, the payable generated.
  const manager = await loginInNewPage(browser, GESTOR);
  await manager.goto('/filas-de-aprovacao');
  const pending = row(manager, `NF ${number}`);
  await expect(pending).toBeVisible();
  await axeOnce(manager, 'approval-queues');
  await pending.getByRole('button', { name: new RegExp(`^Aprovar: NF ${number}`) }).click();
  const confirm = manager.getByRole('dialog', { name: 'Aprovar solicitação' });
  await confirm.getByRole('textbox').last().fill(`Reajuste do fornecedor aceito ${tag}.`);
  await confirm.getByRole('button', { name: 'Confirmar aprovação' }).click();
  await expect(manager.getByText('Solicitação aprovada.')).toBeVisible();
  await manager.goto(`/invoices/${String(invoice.id)}`);
  await status(manager, 'Lançado em contas a pagar');
  expect((await ok(await api.get(`${PR}/invoices/${String(invoice.id)}`))).payableId).toEqual(expect.stringMatching(new RegExp(`^${UUID}$`)));
  await shot(manager, 'p2p-invoice-mismatch-approved');
  await Promise.all([buyer.context().close(), manager.context().close(), api.dispose(), gestor.dispose()]);
});
