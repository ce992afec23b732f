import { formatDate } from '../../../src/i18n/format.ts';
import { badRequest, type FieldErrors } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { ResourceHooks, WriteContext } from '../../resources/index.ts';

/** Today in Brazil (a closing balance belongs to a day of São Paulo, not of UTC). */
export const todayInBrazil = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);

interface BankAccountRow {
  organization_id: string;
  type: string;
  opening_balance_date: string | null;
}

async function bankAccountOf(ctx: WriteContext): Promise<BankAccountRow | undefined> {
  const { rows } = await ctx.q.query<BankAccountRow>('SELECT organization_id, type, opening_balance_date FROM bank_accounts WHERE id = $1::uuid', [
    ctx.record.bankAccountId,
  ]);
  return rows[0];
}

const done = (errors: FieldErrors) => {
  if (Object.keys(errors).length) throw badRequest(errors);
};

/**
 * Account balances: the account is of the record's organization; a closing balance is of a day that has
 * begun (today or before, in Brazil) and not before the account's opening balance. Fills `competence`.
 */
async function accountBalanceRules(ctx: WriteContext): Promise<void> {
  const { record, action } = ctx;
  if (action === 'delete') return;
  const errors: FieldErrors = {};
  const account = await bankAccountOf(ctx);
  const date = String(record.date);
  if (account && account.organization_id !== record.organizationId) errors.bankAccountId = ['Esta conta financeira é de outra organização.'];
  if (date > todayInBrazil()) errors.date = ['Saldo de fechamento é de hoje ou de um dia passado.'];
  else if (account?.opening_balance_date && date < account.opening_balance_date) {
    errors.date = [`A conta começa em ${formatDate(account.opening_balance_date)} (data do saldo de abertura).`];
  }
  record.competence = date.slice(0, 7);
  done(errors);
}

/**
 * Bank accounts: the ledger account newly chosen is analytic and active (it receives the postings); a
 * negative-balance limit is set only on an account that may go negative — when the permission is turned
 * off, a limit left from before is cleared.
 */
async function bankAccountRules({ q, record, stored, action }: WriteContext): Promise<void> {
  if (action === 'delete') return;
  const errors: FieldErrors = {};
  const ledgerId = record.ledgerAccountId;
  if (typeof ledgerId === 'string' && ledgerId !== stored?.ledgerAccountId) {
    const { rows } = await q.query<{ type: string; active: boolean; code: string }>('SELECT type, active, code FROM ledger_accounts WHERE id = $1::uuid', [ledgerId]);
    const account = rows[0];
    if (account && account.type !== 'A') errors.ledgerAccountId = [`A conta ${account.code} é sintética: escolha uma conta analítica, que recebe lançamentos.`];
    else if (account && !account.active) errors.ledgerAccountId = [`A conta ${account.code} está inativa.`];
  }
  if (record.allowNegativeBalance !== true && record.overdraftLimit != null) {
    if (record.overdraftLimit !== stored?.overdraftLimit) errors.overdraftLimit = ['Marque “Permite saldo negativo” para informar um limite.'];
    else record.overdraftLimit = null;
  }
  done(errors);
}

/** What the API shows of a secret: its last 4 characters only when it is long enough not to give it away. */
export const secretHint = (secret: string) => (secret.length >= 16 ? `••••${secret.slice(-4)}` : '••••••••');

/**
 * Account tokens. The secret (`writeOnly`) is sealed with AES-256-GCM before it is stored; the API never
 * selects it, and only `secretHint` shows. A PUT or PATCH without `secret` keeps the stored one. An active
 * token has a secret; revoking erases it for good and freezes the record. Cash boxes have no bank API.
 */
function accountTokenRules(box: SecretBox) {
  return async (ctx: WriteContext): Promise<void> => {
    const { q, record, stored, action } = ctx;
    if (action === 'delete') return;
    if (stored?.status === 'REVOGADO') {
      throw badRequest({ status: ['Este token foi revogado e não muda mais: cadastre um novo.'] });
    }
    const errors: FieldErrors = {};
    const account = await bankAccountOf(ctx);
    if (account && account.organization_id !== record.organizationId) errors.bankAccountId = ['Esta conta financeira é de outra organização.'];
    else if (account?.type === 'CAIXA') errors.bankAccountId = ['Um caixa não tem integração bancária: escolha uma conta em banco.'];
    const plain = typeof record.secret === 'string' && record.secret !== '' ? record.secret : undefined;
    const hasSecret = plain !== undefined || typeof stored?.secretHint === 'string';
    if (record.status === 'ATIVO' && !hasSecret) errors.secret = ['Informe o segredo para ativar o token.'];
    if (record.status === 'REVOGADO' && !stored) errors.status = ['Um token novo não começa revogado.'];
    done(errors);
    if (record.status === 'REVOGADO') {
      // The engine writes only changed fields and never reads the secret back, so erase it explicitly.
      await q.query('UPDATE account_tokens SET secret = NULL WHERE id = $1::uuid', [stored!.id]);
      delete record.secret;
    } else if (plain !== undefined) {
      record.secret = box.seal(plain);
      record.secretHint = secretHint(plain);
    }
  };
}

export const bankAccountHooks: ResourceHooks = { beforeWrite: bankAccountRules };
export const accountBalanceHooks: ResourceHooks = { beforeWrite: accountBalanceRules };
export const accountTokenHooks = (box: SecretBox): ResourceHooks => ({ beforeWrite: accountTokenRules(box) });
