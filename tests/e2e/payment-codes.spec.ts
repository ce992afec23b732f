import { expect, test } from '@playwright/test';
import { crc16 } from '../../src/engine/formats/pix-code.ts';
import { R$, UUID, login, pickDate, pickReference, runTag } from './support.ts';

// Run with E2E_PORT=3377 (its own server and data dir): a PIX copia e cola pasted into a new conta a pagar
// fills the amount, the PIX key and the supplier (found by the merchant name), and the lançamento saves.
const tag = runTag();
/** A random (EVP) key no company has: the supplier must be found by the name. */
const EVP = '7d9f0335-8dcc-4054-9bf9-0dbd61440096';

const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** A static BR Code of R$ `amount` to `name`, with its CRC16 (domain.md §3.5). */
function pixCode(key: string, amount: string, name: string, city: string): string {
  const body = tlv('00', '01') + tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('01', key)) + tlv('52', '0000') + tlv('53', '986')
    + tlv('54', amount) + tlv('58', 'BR') + tlv('59', name) + tlv('60', city) + tlv('62', tlv('05', `E2E${tag}`)) + '6304';
  return body + crc16(body);
}

test('contas a pagar: a pasted PIX copia e cola fills amount, key and supplier; a bad CRC is refused inline', async ({ page }) => {
  await login(page);
  await page.goto('/contas-a-pagar/lancamentos/adicionar');
  await expect(page.getByRole('heading', { name: 'Novo lançamento a pagar' })).toBeVisible();
  // The organization first: each one has its own "Conecta Telecom S.A.", the payee is the one of the lançamento's.
  await pickReference(page, 'Organização', 'Demo', /Demo Comércio/);
  await page.getByLabel('Forma de pagamento', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^PIX$/ }).click();

  const pix = page.getByLabel('PIX copia e cola', { exact: true });
  const code = pixCode(EVP, '789.10', 'CONECTA TELECOM', 'SAO PAULO');
  // One digit of the amount changed: the CRC no longer holds.
  await pix.fill(code.replace('789.10', '789.19'));
  await expect(page.getByText('Código PIX inválido: o dígito verificador (CRC) não confere. Copie o código de novo, inteiro.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Preencher valor e favorecido' })).toHaveCount(0);

  // Pasted as it comes out of a PDF: wrapped, with a trailing line break.
  await pix.fill(`${code.slice(0, 60)}\n${code.slice(60)}\n`);
  await expect(pix).toHaveValue(code);
  const read = page.getByRole('status').filter({ hasText: 'Recebedor: CONECTA TELECOM (SAO PAULO)' });
  await expect(read).toContainText(`Chave: ${EVP}`);
  await expect(read).toContainText(`Valor: ${R$('789,10')}`);
  await page.getByRole('button', { name: 'Preencher valor e favorecido' }).click();
  await expect(page.getByText('Favorecido preenchido: Conecta Telecom S.A.')).toBeVisible();
  await expect(page.getByLabel('Valor original', { exact: true })).toHaveValue(R$('789,10'));
  await expect(page.getByLabel('Chave PIX do fornecedor', { exact: true })).toHaveValue(EVP);
  const supplier = page.locator('.bo-field', { has: page.getByText('Fornecedor', { exact: true }) });
  await expect(supplier).toContainText('Conecta Telecom S.A.');
  await page.getByLabel('Descrição', { exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/pix-form.png', fullPage: true });

  // The rest of the lançamento, and the server accepts the code.
  await pickDate(page, 'Data de emissão', '02/03/2026');
  await pickDate(page, 'Competência', '03/2026');
  await page.getByLabel('Descrição', { exact: true }).fill(`Internet PIX ${tag}`);
  await page.getByLabel('Número de parcelas', { exact: true }).fill('1');
  await pickDate(page, 'Primeiro vencimento', '10/04/2026');
  await pickReference(page, 'Categoria de despesa', 'mercadorias', /Compra de mercadorias/);
  await pickReference(page, 'Centro de custos', 'Compras', /Compras e suprimentos/);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(new RegExp(`/contas-a-pagar/lancamentos/${UUID}$`));
  await expect(page.getByText('Lançamento a pagar criado com sucesso.')).toBeVisible();
  await expect(page.getByText('Conecta Telecom S.A.').first()).toBeVisible();
});
