import type { FileAccount } from './parsers/index.ts';

/**
 * Does a file's account (OFX BANKID/BRANCHID/ACCTID, CNAB bank/agency/account) belong to the bank account?
 * Compared part by part, digits without leading zeros, the check digit optional on either side (`98765-X` in the
 * file and 98765 + X in the registry match; so does `98765`). A part missing on either side is not a mismatch.
 */

export interface RegisteredAccount {
  bankCode: string | null;
  agency: string | null;
  agencyDigit: string | null;
  account: string | null;
  accountDigit: string | null;
}

const clean = (s: string | null | undefined) => (s ?? '').replace(/[^0-9A-Za-z]/g, '').toUpperCase().replace(/^0+(?=.)/, '');

function sameNumber(file: string | null, base: string | null, digit: string | null): boolean {
  const f = clean(file);
  const b = clean(base);
  if (!f || !b) return true;
  return f === b || f === clean(`${b}${digit ?? ''}`);
}

export function accountMatches(file: FileAccount | null, registered: RegisteredAccount): boolean {
  if (!file) return true;
  if (file.bankCode && registered.bankCode && clean(file.bankCode) !== clean(registered.bankCode)) return false;
  return sameNumber(file.agency, registered.agency, registered.agencyDigit) && sameNumber(file.account, registered.account, registered.accountDigit);
}

export function describeFileAccount(a: FileAccount | null): string {
  if (!a) return 'sem conta no arquivo';
  return [a.bankCode && `banco ${clean(a.bankCode).padStart(3, '0')}`, a.agency && `agência ${a.agency}`, a.account && `conta ${a.account}`].filter(Boolean).join(', ') || 'sem conta no arquivo';
}

export function describeRegistered(a: RegisteredAccount): string {
  const dv = (base: string | null, d: string | null) => (base ? `${base}${d ? `-${d}` : ''}` : null);
  const agency = dv(a.agency, a.agencyDigit);
  const account = dv(a.account, a.accountDigit);
  return [a.bankCode && `banco ${a.bankCode}`, agency && `agência ${agency}`, account && `conta ${account}`].filter(Boolean).join(', ') || 'sem dados bancários';
}
