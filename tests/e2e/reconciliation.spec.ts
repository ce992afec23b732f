import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiAs, axeSerious, login, ok, runTag, shot } from './support.ts';

/**
 * Bank reconciliation (issue 13): a fresh account with one payment already in the system; the OFX of the bank is
 * dropped on the page, previewed, imported; the debit's suggestion (same amount, one day apart, the document in
 * the memo) is confirmed, and the line shows reconciled with the account "conciliado até" its date.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const AP = '/api/accounts-payable/v1';

async function noSeriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious, serious.join('\n')).toEqual([]);
}

test('imports an OFX with a preview, confirms a suggested match and sees the line reconciled', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const api = await apiAs(baseURL!, ADMIN);
  const [org] = await ok(await api.get('/api/identity/v1/organizations?pageSize=1&sort=name'));
  const [itau] = await ok(await api.get(`${AP}/banks?filter[compe][eq]=341`));
  // The account the Itaú OFX names (0341 / 1234 / 567890): no mismatch question.
  const account = await ok(
    await api.post(`${AP}/bank-accounts`, {
      data: { organizationId: org.id, name: `Conciliação E2E ${runTag()}`, type: 'CONTA_CORRENTE', bankId: itau.id, agency: '1234', account: '56789', accountDigit: '0', openingBalance: 1000000, openingBalanceDate: '2026-01-01', active: true },
    }),
    201,
  );
  await ok(await api.post(`${AP}/transactions`, { data: { bankAccountId: account.id, date: '2026-03-08', amount: -120050, description: 'Pagamento fornecedor NF4521', documentNumber: 'NF4521' } }), 201);

  await login(page, ADMIN);
  await page.goto(`/contas-financeiras/${account.id}/conciliacao-de-conta?from=2026-03-01&to=2026-03-31&status=TODOS`);
  await expect(page.getByRole('heading', { level: 1, name: `Conciliação — ${String(account.name)}` })).toBeVisible();
  await expect(page.getByText('Nenhum lançamento neste período.')).toBeVisible();

  await page.locator('input[type="file"]').setInputFiles({
    name: 'itau-marco.ofx',
    mimeType: 'application/x-ofx',
    buffer: readFileSync(new URL('../../server/reconciliation/parsers/fixtures/ofx1-itau-1252.ofx', import.meta.url)),
  });
  const preview = page.getByTestId('import-preview');
  await expect(preview).toContainText('Prévia de itau-marco.ofx');
  await expect(preview).toContainText('OFX 1.x (SGML) (windows-1252)');
  await expect(preview.getByRole('row').filter({ hasText: 'TARIFA BANCÁRIA MENSALIDADE' })).toBeVisible();
  await shot(page, 'reconciliation-preview');
  await preview.getByRole('button', { name: 'Importar 3 lançamento(s)' }).click();
  await expect(page.getByTestId('bank-line')).toHaveCount(3);

  const debit = page.getByTestId('bank-line').filter({ hasText: 'PAG BOLETO FORNECEDOR LTDA' });
  await debit.click();
  const suggestion = page.getByTestId('suggestion').first();
  await expect(suggestion).toContainText('Pagamento fornecedor NF4521');
  await expect(suggestion).toContainText('Por quê: valor exato; 1 dia depois; documento NF4521 no histórico.');
  await expect(suggestion).toContainText('confiança alta');
  await shot(page, 'reconciliation-suggestion');
  await noSeriousViolations(page);
  await suggestion.getByRole('button', { name: 'Confirmar' }).click();
  await expect(debit).toContainText('Conciliado');
  await expect(page.getByRole('button', { name: 'Desfazer conciliação' })).toBeVisible();

  // Keyboard: the list moves with the arrows; Enter on a line without suggestion does nothing.
  await page.getByRole('listbox').focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('option', { selected: true })).toContainText('PIX RECEBIDO');
  await shot(page, 'reconciliation-done');
});

/** An OFX of the Itaú account the tests create (0341 / 1234 / 567890) with these lines (centavos). */
function ofx(lines: { date: string; amount: number; memo: string; ref?: string }[], tag: string): Buffer {
  const trn = lines
    .map((l, i) => `<STMTTRN>\n<TRNTYPE>${l.amount < 0 ? 'DEBIT' : 'CREDIT'}\n<DTPOSTED>${l.date.replaceAll('-', '')}\n<TRNAMT>${(l.amount / 100).toFixed(2)}\n<FITID>${tag}-${i}\n${l.ref ? `<REFNUM>${l.ref}\n` : ''}<MEMO>${l.memo}\n</STMTTRN>`)
    .join('\n');
  return Buffer.from(
    `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n<CURDEF>BRL\n<BANKACCTFROM>\n<BANKID>0341\n<BRANCHID>1234\n<ACCTID>567890\n</BANKACCTFROM>\n<BANKTRANLIST>\n${trn}\n</BANKTRANLIST>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n`,
  );
}

test('accepts the high-confidence suggestions in one action, reconciles two bank lines with one movement, undoes the group, splits a line', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const api = await apiAs(baseURL!, ADMIN);
  const tag = runTag();
  const [org] = await ok(await api.get('/api/identity/v1/organizations?pageSize=1&sort=name'));
  const [itau] = await ok(await api.get(`${AP}/banks?filter[compe][eq]=341`));
  const account = await ok(
    await api.post(`${AP}/bank-accounts`, {
      data: { organizationId: org.id, name: `Conciliação em lote ${tag}`, type: 'CONTA_CORRENTE', bankId: itau.id, agency: '1234', account: '56789', accountDigit: '0', openingBalance: 1000000, openingBalanceDate: '2026-01-01', active: true },
    }),
    201,
  );
  const doc = `NF${tag}`;
  await ok(await api.post(`${AP}/transactions`, { data: { bankAccountId: account.id, date: '2026-03-10', amount: -50000, description: `Pagamento ${doc}`, documentNumber: doc } }), 201);
  await ok(await api.post(`${AP}/transactions`, { data: { bankAccountId: account.id, date: '2026-03-12', amount: -60000, description: 'Pagamento dividido pelo banco' } }), 201);
  await ok(await api.post(`${AP}/transactions`, { data: { bankAccountId: account.id, date: '2026-03-12', amount: -30000, description: 'Pagamento com tarifa' } }), 201);
  const file = ofx(
    [
      { date: '2026-03-10', amount: -50000, memo: `PAG ${doc} PRIMEIRO`, ref: doc },
      { date: '2026-03-11', amount: -50000, memo: `PAG ${doc} SEGUNDO`, ref: doc },
      { date: '2026-03-12', amount: -35000, memo: 'PAG PARCIAL A' },
      { date: '2026-03-12', amount: -25000, memo: 'PAG PARCIAL B' },
    ],
    `E2E${tag}`,
  );
  await ok(await api.post(`${AP}/bank-accounts/${account.id}/statement-imports`, { multipart: { file: { name: 'lote.ofx', mimeType: 'application/x-ofx', buffer: file } } }), 201);

  await login(page, ADMIN);
  await page.goto(`/contas-financeiras/${account.id}/conciliacao-de-conta?from=2026-03-01&to=2026-03-31&status=PENDENTE`);
  await expect(page.getByTestId('bank-line')).toHaveCount(4);

  // Bulk accept: both NF lines point to the same movement with high confidence; the second is skipped and said.
  await page.getByRole('button', { name: 'Aceitar sugestões de alta confiança (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Aceitar sugestões de alta confiança' });
  await expect(dialog.getByTestId('bulk-preview')).toContainText('Conciliar 1 lançamento do extrato de 01/03/2026 a 31/03/2026');
  await expect(dialog).toContainText('total -R$\u00a0500,00');
  await expect(dialog).toContainText(`PAG ${doc} SEGUNDO`);
  await expect(dialog).toContainText(`já foi usada pelo lançamento de 10/03/2026 (PAG ${doc} PRIMEIRO`);
  await shot(page, 'reconciliation-bulk-confirm');
  expect(await axeSerious(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Conciliar 1 lançamento' }).click();
  const result = page.getByTestId('bulk-result');
  await expect(result).toContainText('1 lançamento conciliado pelas sugestões de alta confiança (-R$\u00a0500,00).');
  await expect(result).toContainText(`PAG ${doc} SEGUNDO`);
  await expect(page.getByTestId('bank-line')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Aceitar sugestões de alta confiança (0)' })).toBeDisabled();

  // N:1: mark the two partial debits (a click on the box, Espaço on the list) and tick the one movement.
  const bar = page.getByTestId('group-bar');
  await page.getByTestId('bank-line').filter({ hasText: 'PAG PARCIAL A' }).getByTestId('mark-line').click();
  await page.getByTestId('bank-line').filter({ hasText: 'PAG PARCIAL B' }).click();
  await page.getByRole('listbox').focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('option', { checked: true })).toHaveCount(2);
  await expect(bar).toContainText('2 lançamentos marcados: -R$\u00a0600,00 · 0 movimentações selecionadas');
  await expect(bar.getByRole('button', { name: 'Conciliar selecionadas' })).toBeDisabled();
  await page.getByRole('checkbox', { name: /^Selecionar Pagamento dividido pelo banco de 12\/03\/2026/ }).check();
  await expect(bar).toContainText('1 movimentação selecionada: -R$\u00a0600,00');
  await shot(page, 'reconciliation-many-to-one');
  expect(await axeSerious(page)).toEqual([]);
  await bar.getByRole('button', { name: 'Conciliar selecionadas' }).click();
  await expect(page.getByTestId('bank-line')).toHaveCount(1);
  await expect(page.getByTestId('bank-line')).toContainText(`PAG ${doc} SEGUNDO`);

  // Undoing one line of the group undoes both (the confirmation says so).
  await page.getByText('Conciliados', { exact: true }).click();
  await expect(page).toHaveURL(/status=CONCILIADO/);
  await expect(page.getByTestId('bank-line')).toHaveCount(3);
  await page.getByTestId('bank-line').filter({ hasText: 'PAG PARCIAL A' }).click();
  await expect(page.getByText('Conciliado junto com 1 outro lançamento do extrato (soma -R$\u00a0600,00).')).toBeVisible();
  await page.getByRole('button', { name: 'Desfazer conciliação' }).click();
  await expect(page.getByText('Desfazer a conciliação do grupo (2 lançamentos)?')).toBeVisible();
  await shot(page, 'reconciliation-undo-group');
  await page.getByRole('button', { name: 'Desfazer', exact: true }).click();
  await expect(page.getByTestId('bank-line')).toHaveCount(1);
  await expect(page.getByTestId('bank-line')).toContainText(`PAG ${doc} PRIMEIRO`);

  // Split: PAG PARCIAL A (-R$ 350,00) is a payment of R$ 300,00 already in the system plus R$ 50,00 to book.
  await page.getByText('Pendentes', { exact: true }).click();
  await expect(page).toHaveURL(/status=PENDENTE/);
  await expect(page.getByTestId('bank-line')).toHaveCount(3);
  await page.getByTestId('bank-line').filter({ hasText: 'PAG PARCIAL A' }).getByTestId('mark-line').click();
  await page.getByRole('checkbox', { name: /^Selecionar Pagamento com tarifa de 12\/03\/2026/ }).check();
  await bar.getByRole('button', { name: 'Conciliar e lançar a diferença (-R$\u00a050,00)' }).click();
  await expect(page.getByText('Lançar a diferença de -R$\u00a050,00?')).toBeVisible();
  await shot(page, 'reconciliation-split');
  await page.getByRole('button', { name: 'Conciliar e lançar', exact: true }).click();
  await expect(page.getByTestId('bank-line')).toHaveCount(2);
  await expect(page.locator('.ant-table-row', { hasText: 'PAG PARCIAL A' })).toContainText('-R$\u00a050,00');
});
