/**
 * Suggestions for a bank line, pure (decision D48). Evidence and points: the amount exact (required), the date
 * (a movement within ±3 days, a parcela due from 30 days before to 5 after), a document / nosso número / PIX id in
 * the memo or the line's document, the counterpart's CPF/CNPJ in the memo. Also 1:N: the movements of one
 * payment batch whose sum is the line (a debit paying several parcelas). Each suggestion says why, in pt-BR.
 */

export interface BankLine {
  id: string;
  date: string;
  amount: number;
  memo: string;
  documentNumber: string | null;
  counterpartDocument: string | null;
}

export interface Candidate {
  kind: 'transaction' | 'payable-installment' | 'receivable-installment';
  id: string;
  date: string;
  /** Signed as the bank sees it: payments and payable parcelas negative. */
  amount: number;
  label: string;
  documents: string[];
  partyDocument: string | null;
  batchId?: string | null;
  version?: number;
}

export interface Suggestion {
  kind: Candidate['kind'] | 'batch';
  ids: string[];
  score: number;
  confidence: 'alta' | 'média' | 'baixa';
  label: string;
  reasons: string[];
  amount: number;
  date: string;
  /** A parcela's version (the match sends it back, as every settlement does). */
  version?: number;
}

const DAY = 86_400_000;
const days = (a: string, b: string) => Math.round((Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / DAY);
const squash = (s: string) => s.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

function documentHit(line: BankLine, docs: readonly string[]): string | null {
  const memo = squash(`${line.memo} ${line.documentNumber ?? ''}`);
  const lineDoc = squash(line.documentNumber ?? '').replace(/^0+/, '');
  for (const d of docs) {
    const doc = squash(d).replace(/^0+/, '');
    if (doc.length < 3) continue;
    if (doc === lineDoc || memo.includes(doc)) return d;
  }
  return null;
}

function score(line: BankLine, c: { date: string; documents: string[]; partyDocument: string | null; kind: Candidate['kind'] | 'batch' }) {
  const reasons = ['valor exato'];
  let points = 50;
  const gap = days(line.date, c.date);
  const window = c.kind === 'transaction' || c.kind === 'batch' ? [-3, 3] : [-5, 30];
  if (gap >= window[0] && gap <= window[1]) {
    points += Math.max(5, 20 - Math.abs(gap) * (c.kind === 'transaction' || c.kind === 'batch' ? 5 : 1));
    reasons.push(gap === 0 ? 'mesma data' : `${Math.abs(gap)} dia${Math.abs(gap) === 1 ? '' : 's'} ${gap > 0 ? 'depois' : 'antes'}`);
  } else return null;
  const doc = documentHit(line, c.documents);
  if (doc) {
    points += 25;
    reasons.push(`documento ${doc} no histórico`);
  }
  if (c.partyDocument && line.counterpartDocument && squash(c.partyDocument) === line.counterpartDocument) {
    points += 20;
    reasons.push('CPF/CNPJ da contraparte no histórico');
  }
  return { points, reasons };
}

const confidence = (points: number): Suggestion['confidence'] => (points >= 80 ? 'alta' : points >= 65 ? 'média' : 'baixa');

export function suggest(line: BankLine, candidates: readonly Candidate[], max = 5): Suggestion[] {
  const out: Suggestion[] = [];
  for (const c of candidates) {
    if (c.amount !== line.amount) continue;
    const s = score(line, c);
    if (s) out.push({ kind: c.kind, ids: [c.id], score: s.points, confidence: confidence(s.points), label: c.label, reasons: s.reasons, amount: c.amount, date: c.date, ...(c.version === undefined ? {} : { version: c.version }) });
  }
  // 1:N — the movements of one payment batch adding up to the line.
  const batches = new Map<string, Candidate[]>();
  for (const c of candidates) if (c.kind === 'transaction' && c.batchId) batches.set(c.batchId, [...(batches.get(c.batchId) ?? []), c]);
  for (const group of batches.values()) {
    if (group.length < 2) continue;
    const total = group.reduce((s, c) => s + c.amount, 0);
    if (total !== line.amount) continue;
    const s = score(line, { kind: 'batch', date: group[0].date, documents: group.flatMap((g) => g.documents), partyDocument: null });
    if (!s) continue;
    s.reasons[0] = `soma exata de ${group.length} movimentações do mesmo lote`;
    out.push({ kind: 'batch', ids: group.map((g) => g.id), score: s.points, confidence: confidence(s.points), label: `Lote: ${group.map((g) => g.label).join('; ')}`.slice(0, 300), reasons: s.reasons, amount: total, date: group[0].date });
  }
  // Movements already in the system come before parcelas still to be settled, then by points.
  const rank = (s: Suggestion) => s.score + (s.kind === 'transaction' || s.kind === 'batch' ? 5 : 0);
  return out.sort((a, b) => rank(b) - rank(a) || a.date.localeCompare(b.date)).slice(0, max);
}
