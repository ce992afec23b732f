import { expect, test } from '@playwright/test';
import { UUID, login, pickReference, shot } from './support.ts';

// Run with E2E_PORT=3403: ledger account list → add (a bad code first: the server's pt-BR error under the
// field) → view → edit; an account token whose secret never comes back; the stages of the seeded queue.
const suffix = String(Date.now()).slice(-2);

test.beforeEach(async ({ page }) => login(page));

test('contas contábeis: list, add with a code off the chart mask first, view with the derived parent, edit', async ({ page }) => {
  await page.goto('/configuracoes/contas-contabeis');
  await expect(page.getByRole('link', { name: '1.1.01.001' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Caixa geral', exact: true })).toBeVisible();
  await shot(page, 'ledger-list');

  await page.getByRole('link', { name: 'Nova conta contábil' }).click();
  await expect(page).toHaveURL('/configuracoes/contas-contabeis/adicionar');
  await expect(page.getByRole('heading', { name: 'Nova conta contábil' })).toBeVisible();
  await pickReference(page, 'Plano de contas', 'padrão', 'Plano de contas padrão');
  await page.getByLabel('Código', { exact: true }).fill('4.2.02.abc');
  await page.getByLabel('Descrição', { exact: true }).fill(`Coworking E2E ${suffix}`);
  await page.getByRole('radio', { name: 'Devedora' }).check();
  await pickReference(page, 'Grupo contábil', 'gerais', 'Despesas gerais e administrativas');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Use números separados por ponto, como 4.2.02.001.')).toBeVisible();

  // Fits the pattern but not the chart's mask (9.9.99.999): only the server knows, and says so under the field.
  await page.getByLabel('Código', { exact: true }).fill(`4.2.2.9${suffix}`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('O nível 3 tem 2 dígitos na máscara 9.9.99.999.').first()).toBeVisible();
  await expect(page).toHaveURL('/configuracoes/contas-contabeis/adicionar');
  await shot(page, 'ledger-form-error');

  await page.getByLabel('Código', { exact: true }).fill(`4.2.02.9${suffix}`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(new RegExp(`/configuracoes/contas-contabeis/${UUID}$`));
  await expect(page.getByText('Conta contábil criada com sucesso.')).toBeVisible();
  // The server filled the parent by the code prefix and the level by the code.
  await expect(page.getByRole('link', { name: 'Despesas administrativas' })).toBeVisible();
  await expect(page.getByText('Despesas gerais e administrativas')).toBeVisible();
  await shot(page, 'ledger-view');

  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL(/\/editar$/);
  await expect(page.getByLabel('Plano de contas', { exact: true })).toBeDisabled();
  await page.getByLabel('Descrição', { exact: true }).fill(`Coworking E2E ${suffix} (salas)`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Alterações salvas.')).toBeVisible();
  await expect(page.getByText(`Coworking E2E ${suffix} (salas)`).first()).toBeVisible();
});

test('tokens de conta: the secret is typed hidden, then only its masked end is ever shown', async ({ page }) => {
  const secret = `sk_live_e2e_${Date.now()}_WXYZ`;
  await page.goto('/bi/tokens-de-conta/lista');
  await page.getByRole('link', { name: 'Novo token de conta' }).click();
  await expect(page.getByRole('heading', { name: 'Novo token de conta' })).toBeVisible();
  await pickReference(page, 'Organização', 'Demo', /Demo Comércio/);
  await pickReference(page, 'Conta financeira', 'Itaú', 'Itaú Matriz');
  await page.getByLabel('Descrição', { exact: true }).fill(`API Itaú E2E ${suffix}`);
  await pickReference(page, 'Tipo de integração', 'API', 'API do banco');
  await pickReference(page, 'Usos permitidos', 'Extrato', 'Extrato e saldo');
  await page.keyboard.press('Escape');
  await page.getByLabel('Segredo', { exact: true }).fill('curto');
  await expect(page.getByLabel('Segredo', { exact: true })).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Deve ter no mínimo 8 caracteres.')).toBeVisible();
  await shot(page, 'token-form');

  await page.getByLabel('Segredo', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(new RegExp(`/bi/tokens-de-conta/${UUID}$`));
  await expect(page.getByText('••••WXYZ')).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);
  await shot(page, 'token-view');

  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByLabel('Segredo', { exact: true })).toHaveValue('');
  await page.getByLabel('Descrição', { exact: true }).fill(`API Itaú E2E ${suffix} (extrato)`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Alterações salvas.')).toBeVisible();
  await expect(page.getByText('••••WXYZ')).toBeVisible();
});

test('filas de aprovação: the seeded queue lists its stages and triggers under it', async ({ page }) => {
  await page.goto('/configuracoes/filas-de-aprovacao');
  await page.getByRole('link', { name: 'Contas a pagar acima de R$ 5.000,00' }).click();
  await expect(page).toHaveURL(new RegExp(`/configuracoes/filas-de-aprovacao/${UUID}$`));
  await expect(page.getByText('Gestor financeiro', { exact: true })).toBeVisible();
  await shot(page, 'approval-view');
  const id = new URL(page.url()).pathname.split('/').pop();
  await page.goto(`/configuracoes/filas-de-aprovacao/${id}/etapas`);
  await expect(page.getByRole('cell', { name: 'Diretoria', exact: true }).first()).toBeVisible();
  // Both stages: any one of their approvers decides (the demo roles, server/seed/demo/80-roles.ts).
  await expect(page.getByRole('cell', { name: 'Qualquer um aprova', exact: true })).toHaveCount(2);
  await shot(page, 'approval-stages');
  await page.goto(`/configuracoes/filas-de-aprovacao/${id}/gatilhos`);
  await expect(page.getByRole('cell', { name: 'R$\u00a05.000,00', exact: true })).toBeVisible();
  await shot(page, 'approval-triggers');
});

test('faturas de empresas e saldos de conta: seeded bills, a closing balance refused in the future then saved', async ({ page }) => {
  await page.goto('/configuracoes/faturas-de-empresas');
  await page.getByRole('link', { name: 'Aluguel da sede' }).click();
  await expect(page.getByText('Contrato de locação 2024/017')).toBeVisible();
  await expect(page.getByText('R$\u00a018.500,00')).toBeVisible();
  await shot(page, 'bill-view');
  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByLabel('Mês do reajuste', { exact: true })).toBeVisible();
  await shot(page, 'bill-form');

  await page.goto('/bi/saldos-de-conta');
  await expect(page).toHaveURL('/bi/saldos-de-conta/lista');
  await page.getByRole('link', { name: 'Novo saldo de conta' }).click();
  // The list (with its own "Organização" filter) stays on screen until the form's code has loaded.
  await expect(page.getByRole('heading', { name: 'Novo saldo de conta' })).toBeVisible();
  await pickReference(page, 'Organização', 'Demo', /Demo Comércio/);
  await pickReference(page, 'Conta financeira', 'Nubank', 'Nubank PJ');
  const date = page.getByLabel('Data do saldo', { exact: true });
  await date.click();
  await date.fill('31/12/2099');
  await date.press('Enter');
  await page.getByLabel('Saldo de fechamento', { exact: true }).pressSequentially('1234567');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Saldo de fechamento é de hoje ou de um dia passado.').first()).toBeVisible();
  const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  await date.click();
  await date.fill(today);
  await date.press('Enter');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(new RegExp(`/bi/saldos-de-conta/${UUID}$`));
  await expect(page.getByText('R$\u00a012.345,67')).toBeVisible();
  await page.goto('/bi/saldos-de-conta/lista');
  await expect(page.getByRole('cell', { name: today, exact: true })).toBeVisible();
  await shot(page, 'balance-list');
});
