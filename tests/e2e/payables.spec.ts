import { expect, test, type Page } from '@playwright/test';
import { R$, UUID, login, pickDate, pickReference, runTag, shot } from './support.ts';

// Run with E2E_PORT=3405 (its own server and data dir): contas a pagar list → add R$ 1.234,56 in 3 parcelas
// (a discount above the amount first) → view with its parcelas → edit the plan → edit one parcela.
const tag = runTag();

/** The rows of the record page's "Parcelas" list as text, one string per row. */
async function parcelRows(page: Page): Promise<string[]> {
  const section = page.locator('.ant-card', { hasText: 'Parcelas' }).last();
  return (await section.locator('tbody tr, [role="row"]:not(:first-child)').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

test.beforeEach(async ({ page }) => login(page));

test('contas a pagar: list, add R$ 1.234,56 in 3 parcelas, view, edit the plan and one parcela', async ({ page }) => {
  await page.goto('/contas-a-pagar');
  await expect(page).toHaveURL('/contas-a-pagar/lancamentos');
  await expect(page.getByRole('heading', { name: 'Contas a Pagar — Lançamentos' })).toBeVisible();
  // A year of demo data: the first page is full.
  await expect(page.getByText(/Compra de mercadorias para revenda/).first()).toBeVisible();
  await shot(page, 'payables-list');

  await page.getByRole('link', { name: 'Novo lançamento a pagar' }).click();
  await expect(page).toHaveURL('/contas-a-pagar/lancamentos/adicionar');
  await expect(page.getByRole('heading', { name: 'Novo lançamento a pagar' })).toBeVisible();
  await pickReference(page, 'Organização', 'Demo', /Demo Comércio/);
  await pickReference(page, 'Fornecedor', 'Empreendimentos Imob', /Horizonte Empreendimentos/);
  await page.getByLabel('Número do documento', { exact: true }).fill(`E2E-${tag}`);
  await pickDate(page, 'Data de emissão', '02/03/2026');
  await pickDate(page, 'Competência', '03/2026');
  await page.getByLabel('Descrição', { exact: true }).fill(`Compra E2E ${tag}`);
  await page.getByLabel('Valor original', { exact: true }).pressSequentially('123456');
  await expect(page.getByLabel('Valor original', { exact: true })).toHaveValue(R$('1.234,56'));
  await page.getByLabel('Desconto', { exact: true }).pressSequentially('200000');
  await page.getByLabel('Número de parcelas', { exact: true }).fill('3');
  await pickDate(page, 'Primeiro vencimento', '10/04/2026');
  await pickReference(page, 'Categoria de despesa', 'mercadorias', /Compra de mercadorias/);
  await pickReference(page, 'Centro de custos', 'Compras', /Compras e suprimentos/);
  await shot(page, 'payables-add');

  // The server's rule (total ≥ R$ 0,01) comes back under the field, in pt-BR; nothing is created.
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('O total a pagar (valor + juros + multa − desconto) deve ser de pelo menos R$ 0,01.').first()).toBeVisible();
  await expect(page).toHaveURL('/contas-a-pagar/lancamentos/adicionar');
  await page.getByLabel('Desconto', { exact: true }).fill('0');
  await page.getByRole('button', { name: 'Salvar' }).click();

  await expect(page).toHaveURL(new RegExp(`/contas-a-pagar/lancamentos/${UUID}$`));
  await expect(page.getByText('Lançamento a pagar criado com sucesso.')).toBeVisible();
  await expect(page.getByText('Rascunho').first()).toBeVisible();
  await expect.poll(() => parcelRows(page)).toEqual([
    expect.stringMatching(/^1 10\/04\/2026 R\$ 411,52 .*Rascunho$/),
    expect.stringMatching(/^2 10\/05\/2026 R\$ 411,52 .*Rascunho$/),
    expect.stringMatching(/^3 10\/06\/2026 R\$ 411,52 .*Rascunho$/),
  ]);
  await shot(page, 'payables-view');
  const payableUrl = page.url();

  // Edit the plan: 4 parcelas of R$ 308,64.
  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL(/\/editar$/);
  await expect(page.getByLabel('Valor original', { exact: true })).toHaveValue(R$('1.234,56'));
  await page.getByLabel('Número de parcelas', { exact: true }).fill('4');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Alterações salvas.')).toBeVisible();
  await expect(page).toHaveURL(payableUrl);
  await expect.poll(() => parcelRows(page)).toEqual([
    expect.stringMatching(/^1 10\/04\/2026 R\$ 308,64 /),
    expect.stringMatching(/^2 10\/05\/2026 R\$ 308,64 /),
    expect.stringMatching(/^3 10\/06\/2026 R\$ 308,64 /),
    expect.stringMatching(/^4 10\/07\/2026 R\$ 308,64 /),
  ]);

  // Edit one parcela: R$ 500,00 on the first; the other three share the rest, remainder on the last.
  const payableId = new URL(payableUrl).pathname.split('/').at(-1)!;
  await page.goto(`/contas-a-pagar/parcelamentos?filter[payableId][eq]=${payableId}`);
  await expect(page.getByText(`1/4 — Compra E2E ${tag}`)).toBeVisible();
  await shot(page, 'payable-installments-list');
  // Parcelas come from their lançamento: the list offers no "Nova parcela".
  await expect(page.getByRole('link', { name: 'Nova parcela a pagar' })).toHaveCount(0);
  await page.getByText(`1/4 — Compra E2E ${tag}`).click();
  await expect(page).toHaveURL(new RegExp(`/contas-a-pagar/parcelamentos/${UUID}$`));
  await shot(page, 'payable-installment-view');
  await page.getByRole('link', { name: 'Editar' }).click();
  await page.getByLabel('Valor', { exact: true }).fill('500,00');
  await expect(page.getByLabel('Valor', { exact: true })).toHaveValue(R$('500,00'));
  await shot(page, 'payable-installment-edit');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Alterações salvas.')).toBeVisible();

  await page.goto(payableUrl);
  await expect.poll(() => parcelRows(page)).toEqual([
    expect.stringMatching(/^1 10\/04\/2026 R\$ 500,00 /),
    expect.stringMatching(/^2 10\/05\/2026 R\$ 244,85 /),
    expect.stringMatching(/^3 10\/06\/2026 R\$ 244,85 /),
    expect.stringMatching(/^4 10\/07\/2026 R\$ 244,86 /),
  ]);
  await expect(page.getByText(R$('1.234,56')).first()).toBeVisible();
});

test('contas a receber: seeded lançamentos open with their parcelas; the module path redirects', async ({ page }) => {
  await page.goto('/contas-a-receber');
  await expect(page).toHaveURL('/contas-a-receber/lancamentos');
  const first = page.locator('tbody a.bo-row-link').first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  await shot(page, 'receivables-list');
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/contas-a-receber/lancamentos/${UUID}$`));
  await expect(page.getByText('Total a receber')).toBeVisible();
  await expect.poll(async () => (await parcelRows(page)).length).toBeGreaterThan(0);
  await shot(page, 'receivables-view');
  await page.goto('/contas-a-receber/parcelamentos');
  await expect(page.locator('tbody a.bo-row-link').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'Nova parcela a receber' })).toHaveCount(0);
});
