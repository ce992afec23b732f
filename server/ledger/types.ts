/** One line of a journal entry: exactly one of `debit` / `credit` positive (integer centavos). */
export interface LineInput {
  ledgerAccountId: string;
  debit: number;
  credit: number;
  costCenterId?: string | null;
  departmentId?: string | null;
  projectId?: string | null;
  bankAccountId?: string | null;
  partyId?: string | null;
  categoryId?: string | null;
  dfcClass?: string | null;
  dfcLine?: string | null;
  memo?: string | null;
}

export type EntryKind = 'APROPRIACAO' | 'AJUSTE' | 'BAIXA' | 'ESTORNO' | 'MOVIMENTO' | 'ABERTURA';

/** A journal entry to post: balanced lines, dated, pointing at the document that caused it. */
export interface EntryInput {
  /** Fixed id (the history's estornos point at entries of the same batch); generated when absent. */
  id?: string;
  organizationId: string;
  date: string;
  kind: EntryKind;
  description: string;
  documentResource: string;
  documentId: string;
  bankTransactionId?: string | null;
  reversalOfId?: string | null;
  lines: LineInput[];
}

/** Signed amount of a line: debit positive, credit negative. */
export const signed = (l: Pick<LineInput, 'debit' | 'credit'>) => l.debit - l.credit;

/** A line of `amount` centavos on the debit side when positive, on the credit side when negative (none when zero). */
export function sidedLine(amount: number, base: Omit<LineInput, 'debit' | 'credit'>): LineInput[] {
  if (!amount) return [];
  return [{ ...base, debit: amount > 0 ? amount : 0, credit: amount < 0 ? -amount : 0 }];
}

/** The same lines with debit and credit swapped (a reversing entry). */
export const mirrored = (lines: readonly LineInput[]): LineInput[] => lines.map((l) => ({ ...l, debit: l.credit, credit: l.debit }));

/** Whether the lines balance (Σ debit = Σ credit > 0) with integer, one-sided amounts. */
export function balanced(lines: readonly LineInput[]): boolean {
  let d = 0;
  let c = 0;
  for (const l of lines) {
    if (!Number.isSafeInteger(l.debit) || !Number.isSafeInteger(l.credit) || l.debit < 0 || l.credit < 0 || (l.debit > 0) === (l.credit > 0)) return false;
    d += l.debit;
    c += l.credit;
  }
  return d === c && d > 0;
}
