import type { Queryable } from '../db/index.ts';
import type { Principal } from '../lib/principal.ts';
import { syncManualMovement } from '../ledger/finance.ts';
import { insertRows } from '../finance/rows.ts';
import type { Touched } from '../finance/workflow/common.ts';
import { settleBatchIn } from '../finance/workflow/settle.ts';
import { RECEIVABLE_SIDE } from '../finance/workflow/sides.ts';
import type { Engine } from '../resources/index.ts';
import { RECONCILIATION_MESSAGES as M } from './messages.ts';
import type { ParsedSettlement } from './parsers/index.ts';

/**
 * CNAB retorno de cobrança → receipts. Each liquidated title finds its receivable parcela by nosso número (the
 * parcela's `nossoNumero`), else by seu número (`documento/parcela`, `documento-parcela`, or the document alone for
 * a single parcela), within the account's organization. Exactly one open parcela whose amount + the file's
 * interest − discount equals the paid value is received through `settleBatchIn` (the receipts screen's action:
 * permission, batch, bank movement, ledger posting); the bank fee becomes a manual debit posted to the ledger.
 * Among several found (nosso números are reused), the one still open is taken; a parcela already received is counted, not received again (re-importing a retorno is harmless); anything else
 * is listed as unmatched with the reason.
 */

interface Candidate {
  id: string;
  version: number;
  status: string;
  amount: number;
  label: string;
  nossoNumero: string | null;
  documentNumber: string | null;
  number: number;
  count: number;
}

export interface SettlementPlan {
  settle: { title: ParsedSettlement; installment: Candidate; date: string }[];
  already: number;
  unmatched: string[];
}

const norm = (s: string | null | undefined) => (s ?? '').replace(/[^0-9A-Za-z]/g, '').toUpperCase().replace(/^0+(?=.)/, '');
const normSeu = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, '').toUpperCase();

const STATUS_LABEL: Record<string, string> = { RECEBIDO: 'Recebido', CANCELADO: 'Cancelado', ABERTO: 'Aberto' };

export async function planSettlements(q: Queryable, _engine: Engine, organizationId: string, titles: readonly ParsedSettlement[]): Promise<SettlementPlan> {
  const plan: SettlementPlan = { settle: [], already: 0, unmatched: [] };
  const liquidated = titles.filter((t) => t.liquidated);
  if (!liquidated.length) return plan;
  const nossos = [...new Set(liquidated.map((t) => norm(t.nossoNumero)).filter((n) => n && n !== '0'))];
  const docs = [...new Set(liquidated.map((t) => normSeu(t.seuNumero).replace(/[/-]\d+$/, '')).filter(Boolean))];
  const { rows } = await q.query<Candidate>(
    `SELECT ri.id, ri.version, ri.status, ri.amount::int AS amount, ri.label, ri.nosso_numero AS "nossoNumero", r.document_number AS "documentNumber",
            ri.number, ri.count
       FROM receivable_installments ri JOIN receivables r ON r.id = ri.receivable_id
      WHERE ri.organization_id = $1::uuid AND ri.deleted_at IS NULL AND r.deleted_at IS NULL
        AND (ltrim(upper(regexp_replace(coalesce(ri.nosso_numero, ''), '[^0-9A-Za-z]', '', 'g')), '0') = ANY($2::text[])
             OR upper(regexp_replace(coalesce(r.document_number, ''), '\\s', '', 'g')) = ANY($3::text[]))`,
    [organizationId, nossos, docs],
  );
  const used = new Set<string>();
  for (const t of liquidated) {
    const nosso = norm(t.nossoNumero);
    let found = nosso && nosso !== '0' ? rows.filter((c) => norm(c.nossoNumero) === nosso) : [];
    if (!found.length) {
      const seu = normSeu(t.seuNumero);
      found = seu
        ? rows.filter((c) => {
            const doc = normSeu(c.documentNumber);
            return !!doc && (seu === `${doc}/${c.number}` || seu === `${doc}-${c.number}` || (c.count === 1 && seu === doc));
          })
        : [];
    }
    if (!found.length) {
      plan.unmatched.push(M.unmatchedNone(t.line, t.nossoNumero, t.seuNumero, t.paidAmount));
      continue;
    }
    // Banks reuse nosso números over the years: the open parcela among those found is the one.
    const open = found.filter((c) => c.status === 'ABERTO' && !used.has(c.id));
    if (open.length > 1) {
      plan.unmatched.push(M.unmatchedMany(t.line, t.nossoNumero, t.seuNumero));
      continue;
    }
    if (!open.length) {
      if (found.some((c) => c.status === 'RECEBIDO')) plan.already++;
      else plan.unmatched.push(M.unmatchedStatus(t.line, t.nossoNumero, found[0].label, STATUS_LABEL[found[0].status] ?? found[0].status));
      continue;
    }
    const c = open[0];
    const due = Number(c.amount) + t.interest - t.discount;
    if (due !== t.paidAmount) {
      plan.unmatched.push(M.unmatchedAmount(t.line, t.nossoNumero, c.label, t.paidAmount, due));
      continue;
    }
    used.add(c.id);
    plan.settle.push({ title: t, installment: c, date: t.creditDate ?? t.date ?? '' });
  }
  return plan;
}

export async function runSettlements(
  q: Queryable,
  touched: Touched,
  engine: Engine,
  plan: SettlementPlan,
  ctx: { bankAccountId: string; organizationId: string; fileName: string },
  principal: Principal,
): Promise<void> {
  const byDate = new Map<string, SettlementPlan['settle']>();
  for (const s of plan.settle) byDate.set(s.date, [...(byDate.get(s.date) ?? []), s]);
  for (const [date, group] of [...byDate].sort(([a], [b]) => a.localeCompare(b))) {
    await settleBatchIn(q, touched, engine, RECEIVABLE_SIDE, {
      items: group.map((s) => ({ id: s.installment.id, version: s.installment.version, interest: s.title.interest, discount: s.title.discount })),
      date,
      bankAccountId: ctx.bankAccountId,
      paymentMethod: 'BOLETO',
      comment: M.settleComment(ctx.fileName),
    }, principal);
    const fees = group.filter((s) => s.title.fee > 0);
    if (!fees.length) continue;
    const movements = await insertRows(
      q,
      engine.registry.get('bank-transactions')!,
      fees.map((s) => ({
        organizationId: ctx.organizationId,
        bankAccountId: ctx.bankAccountId,
        date,
        amount: -s.title.fee,
        description: M.feeDescription(s.title.nossoNumero, s.installment.label).slice(0, 300),
        documentNumber: s.title.nossoNumero.slice(0, 60) || null,
        origin: 'MANUAL',
        reversed: false,
      })),
      principal.userId,
    );
    for (const m of movements) await syncManualMovement(q, m.id, principal.userId);
    touched.add('bank-transactions');
  }
}
