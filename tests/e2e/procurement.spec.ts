import { expect, test } from '@playwright/test';
import { cnpjCheckDigits, maskCnpj } from '../../src/engine/formats/cnpj.ts';
import { gtinCheckDigit } from '../../src/engine/formats/gtin.ts';
import { UUID, login, nbsp, pickDate, pickReference, runTag } from './support.ts';

// Run with E2E_PORT=3404: companies by type (/empresas → type → add with an alphanumeric CNPJ and CEP autofill →
// view → edit), a product with a variant, a purchase order whose total the server computes; pt-BR field errors.
const tag = runTag();

test.beforeEach(async ({ page }) => login(page));

test('empresas: choose a type, add a supplier with an alphanumeric CNPJ and CEP autofill, view, edit', async ({ page }) => {
  await page.goto('/empresas');
  await expect(page.getByRole('heading', { name: 'Empresas' })).toBeVisible();
  // The row opens /empresas/{companyTypeId}, which redirects to that type's list.
  await page.getByRole('row').filter({ hasText: 'Fornecedores' }).first().getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/empresas/${UUID}/lista$`));
  await expect(page.getByRole('heading', { name: 'Empresas — Fornecedores' })).toBeVisible();
  const listUrl = page.url();

  await page.getByRole('link', { name: 'Nova empresa' }).click();
  await expect(page).toHaveURL(/\/adicionar$/);
  await expect(page.getByRole('heading', { name: 'Nova empresa' })).toBeVisible();

  const name = `Papelaria E2E ${tag} Ltda`;
  await pickReference(page, 'Organização', 'Demo', /Demo Comércio/);
  await page.getByLabel('Razão social ou nome', { exact: true }).fill(name);
  // Bad input first: a wrong check digit and a state registration with letters.
  await page.getByLabel('CPF/CNPJ', { exact: true }).fill('11.222.333/0001-82');
  await page.getByLabel('Inscrição estadual', { exact: true }).fill('12A');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('CPF ou CNPJ inválido.').first()).toBeVisible();
  await expect(page.getByText('Informe só os números (2 a 14) ou ISENTO.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/adicionar$/);

  // A new (July 2026) alphanumeric CNPJ, typed in lowercase with its mask.
  const base = `E2${tag}0001`.slice(0, 12).padEnd(12, '0');
  const cnpj = base + cnpjCheckDigits(base);
  await page.getByLabel('CPF/CNPJ', { exact: true }).fill(maskCnpj(cnpj).toLowerCase());
  await page.getByLabel('Inscrição estadual', { exact: true }).fill('ISENTO');
  // The CEP fills street, district, city, UF and IBGE code (offline list when ViaCEP is unreachable).
  await page.getByLabel('CEP', { exact: true }).fill('01001-000');
  await expect(page.getByLabel('Logradouro', { exact: true })).toHaveValue('Praça da Sé', { timeout: 15_000 });
  await expect(page.getByLabel('Bairro', { exact: true })).toHaveValue('Sé');
  await expect(page.getByLabel('Cidade', { exact: true })).toHaveValue('São Paulo');
  await expect(page.getByLabel('Código IBGE do município', { exact: true })).toHaveValue('3550308');
  await page.getByLabel('Número', { exact: true }).fill('100');
  await page.getByRole('button', { name: 'Salvar' }).click();

  await expect(page).toHaveURL(new RegExp(`/empresas/${UUID}/${UUID}$`));
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText(maskCnpj(cnpj), { exact: true })).toBeVisible();
  await expect(page.getByText('Praça da Sé')).toBeVisible();
  await expect(page.getByText('São Paulo (SP)')).toBeVisible();

  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL(/\/editar$/);
  await page.getByLabel('Nome fantasia', { exact: true }).fill(`Papelaria ${tag}`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(new RegExp(`/empresas/${UUID}/${UUID}$`));
  await expect(page.getByText(`Papelaria ${tag}`, { exact: true })).toBeVisible();

  // Back in the type's list, the new company is there and searchable by its document.
  await page.goto(`${listUrl}?q=${cnpj}`);
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
});

test('produtos: NCM error first, then a product and a variant under it', async ({ page }) => {
  await page.goto('/produtos');
  await page.getByRole('link', { name: 'Novo produto' }).click();
  await expect(page.getByRole('heading', { name: 'Novo produto' })).toBeVisible();
  const sku = `E2E-${tag}`;
  await page.getByLabel('Código (SKU)', { exact: true }).fill(sku);
  await page.getByLabel('Nome', { exact: true }).fill(`Caneta E2E ${tag}`);
  await pickReference(page, 'Departamento', 'Escrita', 'Escrita e correção');
  await page.getByLabel('NCM', { exact: true }).fill('9608');
  await page.getByLabel('Preço de referência', { exact: true }).pressSequentially('250');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('O NCM tem 8 dígitos.').first()).toBeVisible();

  // A service hides NCM and asks for the LC 116 item instead.
  await page.getByRole('radio', { name: 'Serviço' }).check();
  await expect(page.getByLabel('NCM', { exact: true })).toBeHidden();
  await expect(page.getByLabel('Código do serviço (LC 116)', { exact: true })).toBeVisible();
  await page.getByRole('radio', { name: 'Produto' }).check();
  await page.getByLabel('NCM', { exact: true }).fill('96081000');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(new RegExp(`/produtos/${UUID}$`));
  await expect(page.getByRole('heading', { name: `Caneta E2E ${tag}` })).toBeVisible();
  await expect(page.getByText(nbsp('R$ 2,50'))).toBeVisible();
  const productUrl = page.url();

  // Variants are a nested screen: /produtos/{productId}/variantes.
  await page.goto(`${productUrl}/variantes`);
  await expect(page.getByRole('heading', { name: /Variantes — Caneta E2E/ })).toBeVisible();
  await page.getByRole('link', { name: 'Nova variante' }).click();
  await expect(page).toHaveURL(new RegExp(`/produtos/${UUID}/variantes/adicionar$`));
  await page.getByLabel('Nome', { exact: true }).fill('Azul');
  await page.getByLabel('Código (SKU)', { exact: true }).fill(`${sku}-AZ`);
  const body = `789${String(Date.now()).slice(-9)}`;
  const gtin = body + String(gtinCheckDigit(body));
  await page.getByLabel('GTIN/EAN', { exact: true }).fill(body + String((gtinCheckDigit(body) + 1) % 10));
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('GTIN/EAN inválido (8, 12, 13 ou 14 dígitos com o dígito verificador).').first()).toBeVisible();
  await page.getByLabel('GTIN/EAN', { exact: true }).fill(gtin);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(new RegExp(`/produtos/${UUID}/variantes/${UUID}$`));
  await expect(page.getByRole('heading', { name: 'Azul' })).toBeVisible();
  await expect(page.getByText(gtin)).toBeVisible();

  // The product's page lists its variants.
  await page.goto(productUrl);
  await expect(page.getByRole('row').filter({ hasText: `${sku}-AZ` })).toBeVisible();
});

test('ordens de compra: line items total computed live and by the server; a draft is numbered', async ({ page }) => {
  await page.goto('/ordens-de-compra/adicionar');
  await expect(page.getByRole('heading', { name: 'Nova ordem de compra' })).toBeVisible();
  await pickReference(page, 'Organização', 'Demo', /Demo Comércio/);
  await pickReference(page, 'Fornecedor', 'Papelaria', /Papelaria/);
  await pickReference(page, 'Centro de custos', 'Financeiro', /Financeiro/);
  await pickDate(page, 'Data de emissão', '10/11/2026');
  await page.getByLabel('Condição de pagamento', { exact: true }).fill('28 DDL');

  await page.getByRole('button', { name: /Adicionar linha/ }).click();
  const table = page.getByRole('table');
  const row = table.getByRole('row').nth(1);
  const cellInput = (title: string) => row.locator(`[role="cell"][aria-label="${title}"] input`).first();
  await cellInput('Descrição').fill('Papel A4 75 g');
  await cellInput('Quantidade').fill('12');
  await cellInput('Preço unitário').pressSequentially('2590');
  await expect(row.getByLabel('Total do item')).toHaveText(nbsp('R$ 310,80'));
  await page.getByLabel('Desconto', { exact: true }).pressSequentially('1080');
  await page.getByRole('button', { name: 'Salvar' }).click();

  await expect(page).toHaveURL(new RegExp(`/ordens-de-compra/${UUID}$`));
  await expect(page.getByRole('heading', { name: /^OC-\d{6}$/ })).toBeVisible();
  await expect(page.getByText('Rascunho', { exact: true })).toBeVisible();
  // Items R$ 310,80 − discount R$ 10,80 = R$ 300,00, as the server computed it.
  await expect(page.getByText(nbsp('R$ 300,00'))).toBeVisible();
});
