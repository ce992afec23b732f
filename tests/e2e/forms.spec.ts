import { expect, test, type Page } from '@playwright/test';
import { UUID, accessToken, login, pickDate, pickReference, runTag } from './support.ts';

// Run with E2E_PORT=3240 (its own server and data dir): list → add (a bad value first) → view → edit → delete.
const tag = runTag();

async function deleteFromView(page: Page, listUrl: string) {
  await page.getByRole('button', { name: 'Excluir' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page).toHaveURL(listUrl);
  await expect(page.getByText('Registro excluído.')).toBeVisible();
}

test.beforeEach(async ({ page }) => login(page));

test('bancos: add with a bad ISPB first, view, edit, delete', async ({ page }) => {
  const name = `BANCO E2E ${tag}`;
  await page.goto('/configuracoes/bancos');
  await page.getByRole('link', { name: 'Novo banco' }).click();
  await expect(page).toHaveURL('/configuracoes/bancos/adicionar');
  await expect(page.getByRole('heading', { name: 'Novo banco' })).toBeVisible();

  await page.getByLabel('ISPB', { exact: true }).fill('1234');
  await page.getByLabel('Nome reduzido', { exact: true }).fill(name);
  await page.getByLabel('Nome extenso', { exact: true }).fill(`${name} S.A.`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Informe os 8 dígitos do ISPB.')).toBeVisible();
  await expect(page.getByText('Corrija o campo destacado para salvar.')).toBeVisible();
  await expect(page).toHaveURL('/configuracoes/bancos/adicionar');

  const ispb = String(Date.now()).slice(-8);
  await page.getByLabel('ISPB', { exact: true }).fill(ispb);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(new RegExp(`/configuracoes/bancos/${UUID}$`));
  await expect(page.getByText('Banco criado com sucesso.')).toBeVisible();
  await expect(page.getByText(ispb)).toBeVisible();

  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL(/\/editar$/);
  await expect(page.getByLabel('Nome reduzido', { exact: true })).toHaveValue(name);
  await page.getByLabel('Nome reduzido', { exact: true }).fill(`${name} ALTERADO`);
  await page.keyboard.press('Control+s');
  await expect(page).toHaveURL(new RegExp(`/configuracoes/bancos/${UUID}$`));
  await expect(page.getByText('Alterações salvas.')).toBeVisible();
  await expect(page.getByText(`${name} ALTERADO`).first()).toBeVisible();

  await deleteFromView(page, '/configuracoes/bancos');
});

test('centros de custos: bad code first, the rule hides the budget of a synthetic one, edit, delete', async ({ page }) => {
  await page.goto('/configuracoes/centros-de-custos');
  await page.getByRole('link', { name: 'Novo centro de custos' }).click();
  await expect(page).toHaveURL('/configuracoes/centros-de-custos/adicionar');
  await expect(page.getByRole('heading', { name: 'Novo centro de custos' })).toBeVisible();

  await pickReference(page, 'Organização', 'Demo', /Demo Comércio/);
  await page.getByLabel('Código', { exact: true }).fill('abc');
  await page.getByLabel('Nome', { exact: true }).fill(`Centro E2E ${tag}`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Use números separados por ponto, como 01.02.')).toBeVisible();

  // Sintético hides the monthly budget (screen rule); Analítico shows it again.
  await page.getByRole('radio', { name: 'Sintético' }).check();
  await expect(page.getByLabel('Orçamento mensal', { exact: true })).toBeHidden();
  await page.getByRole('radio', { name: 'Analítico' }).check();
  await expect(page.getByLabel('Orçamento mensal', { exact: true })).toBeVisible();

  const code = `9${String(Date.now()).slice(-3)}.01`;
  await page.getByLabel('Código', { exact: true }).fill(code);
  await page.getByLabel('Orçamento mensal', { exact: true }).pressSequentially('1500000');
  await expect(page.getByLabel('Orçamento mensal', { exact: true })).toHaveValue('R$\u00a015.000,00');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(new RegExp(`/configuracoes/centros-de-custos/${UUID}$`));
  await expect(page.getByText('Centro de custos criado com sucesso.')).toBeVisible();
  await expect(page.getByText('R$\u00a015.000,00')).toBeVisible();

  await page.getByRole('link', { name: 'Editar' }).click();
  // Organização is x-immutable: locked on edit.
  await expect(page.getByLabel('Organização', { exact: true })).toBeDisabled();
  await page.getByLabel('Nome', { exact: true }).fill(`Centro E2E ${tag} alterado`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Alterações salvas.')).toBeVisible();
  await expect(page.getByText(`Centro E2E ${tag} alterado`).first()).toBeVisible();

  await deleteFromView(page, '/configuracoes/centros-de-custos');
});

test('contas financeiras: bad agency first, money and date, edit, delete; leaving with changes asks first', async ({ page }) => {
  // A bank to point at (the catalogue may be empty on a fresh database).
  const token = await accessToken(page);
  const bankName = `BANCO CONTA ${tag}`;
  const bank = await page.request.post('/api/accounts-payable/v1/banks', {
    headers: { authorization: `Bearer ${token}` },
    data: { ispb: String(Date.now() + 7).slice(-8), name: bankName, fullName: `${bankName} S.A.`, participatesCompe: true, active: true },
  });
  expect(bank.status()).toBe(201);

  await page.goto('/contas-financeiras/lista');
  await page.getByRole('link', { name: 'Nova conta financeira' }).click();
  await expect(page).toHaveURL('/contas-financeiras/adicionar');
  // The list (with its own "Organização" filter) stays on screen until the form's code has loaded.
  await expect(page.getByRole('heading', { name: 'Nova conta financeira' })).toBeVisible();

  await pickReference(page, 'Organização', 'Demo', /Demo Comércio/);
  await page.getByLabel('Apelido', { exact: true }).fill(`Conta E2E ${tag}`);
  await pickReference(page, 'Banco', 'CONTA', bankName);
  await page.getByLabel('Agência', { exact: true }).fill('12');
  await page.getByLabel('Conta', { exact: true }).fill('123456');
  await page.getByLabel('Dígito da conta', { exact: true }).fill('7');
  await page.getByLabel('Saldo de abertura', { exact: true }).pressSequentially('123456');
  await expect(page.getByLabel('Saldo de abertura', { exact: true })).toHaveValue('R$\u00a01.234,56');
  await pickDate(page, 'Data do saldo de abertura', '15/01/2026');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Informe os 4 dígitos da agência.')).toBeVisible();

  await page.getByLabel('Agência', { exact: true }).fill('0001');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(new RegExp(`/contas-financeiras/${UUID}$`));
  await expect(page.getByText('Conta financeira criada com sucesso.')).toBeVisible();
  await expect(page.getByText('R$\u00a01.234,56')).toBeVisible();
  await expect(page.getByText('15/01/2026')).toBeVisible();

  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByLabel('Saldo de abertura', { exact: true })).toHaveValue('R$\u00a01.234,56');
  await page.getByLabel('Apelido', { exact: true }).fill(`Conta E2E ${tag} alterada`);
  // Unsaved changes: leaving asks 'Descartar alterações?'; staying keeps the typed value.
  await page.getByRole('link', { name: 'Contas Financeiras' }).first().click();
  await expect(page.getByText('Descartar alterações?')).toBeVisible();
  await page.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(page.getByLabel('Apelido', { exact: true })).toHaveValue(`Conta E2E ${tag} alterada`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Alterações salvas.')).toBeVisible();
  await expect(page.getByText(`Conta E2E ${tag} alterada`).first()).toBeVisible();

  await deleteFromView(page, '/contas-financeiras/lista');
});

test('a stale save (409) keeps what was typed and can overwrite the other version', async ({ page }) => {
  const token = await accessToken(page);
  const headers = { authorization: `Bearer ${token}` };
  const created = await page.request.post('/api/identity/v1/organizations', { headers, data: { name: `Filial E2E ${tag}`, active: true } });
  expect(created.status()).toBe(201);
  const org = await created.json();

  await page.goto(`/configuracoes/organizacoes/${org.id}/editar`);
  await page.getByLabel('Nome', { exact: true }).fill(`Filial E2E ${tag} (minha)`);
  // Someone else saves first.
  const theirs = await page.request.patch(`/api/identity/v1/organizations/${org.id}`, { headers: { ...headers, 'if-match': `W/"${org.version}"` }, data: { name: `Filial E2E ${tag} (outra pessoa)` } });
  expect(theirs.status()).toBe(200);

  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Este registro foi alterado por outra pessoa enquanto você editava.')).toBeVisible();
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(`Filial E2E ${tag} (minha)`);
  await page.getByRole('button', { name: 'Salvar por cima' }).click();
  await expect(page).toHaveURL(`/configuracoes/organizacoes/${org.id}`);
  await expect(page.getByText(`Filial E2E ${tag} (minha)`).first()).toBeVisible();
});
