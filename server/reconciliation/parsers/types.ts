/**
 * What every bank-file parser returns (docs/reconciliation.md). Pure data: amounts in signed integer centavos
 * (+ credit, − debit), dates `AAAA-MM-DD` (the bank's local date, never shifted to UTC).
 */

export type StatementFormat = 'OFX1' | 'OFX2' | 'CNAB240' | 'CNAB400' | 'CSV';

/** The account the file says it belongs to (digits only; null where the format or the bank leaves it out). */
export interface FileAccount {
  bankCode: string | null;
  agency: string | null;
  account: string | null;
}

export interface ParsedLine {
  /** 1-based position of the line in the file's statement (CNAB: the file's line number). */
  seq: number;
  date: string;
  amount: number;
  memo: string;
  document: string | null;
  /** OFX FITID (trimmed; null when absent or empty, as Banco do Brasil emits). */
  fitid: string | null;
  /** OFX TRNTYPE, CNAB 240 natureza/categoria or the CSV's type column. */
  kind: string | null;
  /** A CPF (11) or CNPJ (14 digits) of the counterpart when the file names one. */
  counterpart: string | null;
}

/** One title of a CNAB retorno de cobrança. */
export interface ParsedSettlement {
  line: number;
  occurrence: string;
  /** The occurrence settles the title (liquidação). */
  liquidated: boolean;
  nossoNumero: string;
  seuNumero: string;
  dueDate: string | null;
  titleAmount: number;
  paidAmount: number;
  interest: number;
  discount: number;
  fee: number;
  netCredit: number;
  date: string | null;
  creditDate: string | null;
  payerDocument: string | null;
  payerName: string;
}

export interface ParsedStatement {
  format: StatementFormat;
  account: FileAccount | null;
  period: { from: string; to: string } | null;
  /** The bank's balance at a date (OFX LEDGERBAL, CNAB 240 trailer of the statement lote). */
  balance: { amount: number; date: string } | null;
  lines: ParsedLine[];
  settlements: ParsedSettlement[];
  /** What was read with a note (an extra record type skipped, a charset header that lied…), pt-BR. */
  warnings: string[];
  charset: string;
}

/** A file that cannot be read without doubt: the whole file is refused; the message names the line or element. */
export class StatementParseError extends Error {
  constructor(
    message: string,
    /** `field`: the CSV mapping field the error is about (`csvMapping` itself when the mapping is missing). */
    readonly where: { line?: number; element?: string; field?: string } = {},
  ) {
    super(message);
    this.name = 'StatementParseError';
  }
}
