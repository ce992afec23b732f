import { CheckCircleFilled } from '@ant-design/icons';
import type { CSSProperties, ReactNode } from 'react';
import { formatBRL, formatDate } from '../../../i18n/format.ts';
import { QUOTE_ANALYSIS_TEXT as T } from '../../../i18n/procurement-quotes.ts';
import { lineTotal } from '../../../engine/procurement/comparison.ts';
import type { Comparison } from './api.ts';

const formatQty = (n: number) => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6 }).format(n);
const cell: CSSProperties = { padding: '6px 8px', borderBottom: '1px solid #eef0f3', textAlign: 'right', whiteSpace: 'nowrap' };
const head: CSSProperties = { ...cell, background: '#fafbfc', fontWeight: 600, position: 'sticky', top: 0 };
const BEST: CSSProperties = { background: '#e8f6ec', color: '#0d5b2a', fontWeight: 600 };
const CHOSEN: CSSProperties = { outline: '2px solid #1f5aa6', outlineOffset: -2 };

export type Mode = 'FORNECEDOR' | 'ITEM';

/**
 * The comparison map as a plain table (50 lines × 5 suppliers stay one cheap render): a row per quote line with
 * each supplier's unit price and line total, the best price highlighted (ties share it); rows for items,
 * freight, discount, total, terms, present value, delivery and validity; the lowest total marked. When `onChoose`
 * is given, radios choose the award: one per supplier (by supplier) or one per priced cell (by line).
 */
export function ComparisonTable({ data, mode, award, onChoose }: { data: Comparison; mode: Mode; award: Record<number, string>; onChoose?: (line: number | null, supplierId: string) => void }) {
  const suppliers = data.proposals;
  const totals = new Map(data.map.suppliers.map((s) => [s.supplierId, s]));
  const best = new Map(data.map.lines.map((l) => [l.line, l]));
  const name = (id: string) => suppliers.find((p) => p.supplierId === id)?.supplierName ?? id;
  const wholeSupplier = (id: string) => data.lines.every((l) => award[l.line] === id);
  const footer = (label: string, render: (id: string) => ReactNode) => (
    <tr>
      <th scope="row" colSpan={3} style={{ ...cell, textAlign: 'left', fontWeight: 500 }}>{label}</th>
      {suppliers.map((p) => <td key={p.supplierId} colSpan={2} style={cell}>{render(p.supplierId)}</td>)}
    </tr>
  );
  return (
    <div style={{ overflowX: 'auto' }}>
      <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: 13 }} data-testid="comparison-map">
        <caption className="bo-visually-hidden">{T.title}</caption>
        <thead>
          <tr>
            <th scope="col" style={{ ...head, textAlign: 'left' }}>{T.line}</th>
            <th scope="col" style={{ ...head, textAlign: 'left', minWidth: 200 }}>{T.description}</th>
            <th scope="col" style={head}>{T.quantity}</th>
            {suppliers.map((p) => (
              <th key={p.supplierId} scope="colgroup" colSpan={2} style={{ ...head, textAlign: 'center', ...(mode === 'FORNECEDOR' && wholeSupplier(p.supplierId) ? CHOSEN : {}) }}>
                {onChoose && mode === 'FORNECEDOR' ? (
                  <label style={{ cursor: 'pointer' }}>
                    <input type="radio" name="award-supplier" checked={wholeSupplier(p.supplierId)} onChange={() => onChoose(null, p.supplierId)} aria-label={T.chooseSupplier(p.supplierName ?? '')} />{' '}
                    {p.supplierName}
                  </label>
                ) : p.supplierName}
                {data.map.lowestSupplierId === p.supplierId && <div style={{ color: '#0d5b2a', fontSize: 12 }}><CheckCircleFilled aria-hidden /> {T.lowest}</div>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.lines.map((l) => {
            const b = best.get(l.line);
            return (
              <tr key={l.line}>
                <td style={{ ...cell, textAlign: 'left' }}>{l.line}</td>
                <th scope="row" style={{ ...cell, textAlign: 'left', fontWeight: 400, whiteSpace: 'normal' }}>{l.description}</th>
                <td style={cell}>{formatQty(l.quantity)}</td>
                {suppliers.map((p) => {
                  const price = p.prices[l.line];
                  const isBest = typeof price === 'number' && !!b?.bestSupplierIds.includes(p.supplierId);
                  const chosen = award[l.line] === p.supplierId;
                  const style = { ...cell, ...(isBest ? BEST : {}), ...(chosen && mode === 'ITEM' ? CHOSEN : {}) };
                  if (typeof price !== 'number') return <td key={p.supplierId} colSpan={2} style={{ ...cell, color: '#8c8c8c', textAlign: 'center' }}>{T.notQuoted}</td>;
                  return [
                    <td key={`${p.supplierId}-u`} style={style}>
                      {onChoose && mode === 'ITEM' && (
                        <input type="radio" name={`award-line-${l.line}`} checked={chosen} onChange={() => onChoose(l.line, p.supplierId)} aria-label={T.chooseLine(l.line, name(p.supplierId))} style={{ marginRight: 6 }} />
                      )}
                      {formatBRL(price)}
                      {isBest && <span className="bo-visually-hidden"> ({T.best})</span>}
                    </td>,
                    <td key={`${p.supplierId}-t`} style={style}>{formatBRL(lineTotal(l.quantity, price))}</td>,
                  ];
                })}
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          {footer(T.items, (id) => formatBRL(totals.get(id)?.itemsTotal))}
          {footer(T.freight, (id) => formatBRL(suppliers.find((p) => p.supplierId === id)?.freightAmount ?? 0))}
          {footer(T.discount, (id) => formatBRL(suppliers.find((p) => p.supplierId === id)?.discount ?? 0))}
          {footer(T.total, (id) => <strong>{formatBRL(totals.get(id)?.total)}</strong>)}
          {footer(T.terms, (id) => suppliers.find((p) => p.supplierId === id)?.paymentTerms ?? '—')}
          {footer(T.presentValue(String(data.discountRatePercent).replace('.', ',')), (id) => {
            const t = totals.get(id);
            return <strong style={data.map.lowestSupplierId === id ? { color: '#0d5b2a' } : undefined}>{formatBRL(t?.presentValue)}</strong>;
          })}
          {footer(T.delivery, (id) => T.days(suppliers.find((p) => p.supplierId === id)?.deliveryDays ?? null))}
          {footer(T.validity, (id) => {
            const p = suppliers.find((x) => x.supplierId === id);
            const t = totals.get(id);
            return <>{p?.validUntil ? formatDate(p.validUntil) : '—'}{t && !t.complete ? <div style={{ color: '#ad6800' }}>{T.incomplete}</div> : null}{t?.expired ? <div style={{ color: '#a8071a' }}>{T.expired}</div> : null}</>;
          })}
        </tfoot>
      </table>
    </div>
  );
}
