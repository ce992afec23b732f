import { Link } from 'react-router-dom';
import { formatBRL } from '../../i18n/format.ts';

/** A money figure: tabular digits, negatives in red with the sign (never only the color). */
export function Money({ value, strong, to }: { value: number | null | undefined; strong?: boolean; to?: string }) {
  if (value == null) return null;
  const text = <span style={{ fontVariantNumeric: 'tabular-nums', color: value < 0 ? '#b42318' : undefined, fontWeight: strong ? 600 : undefined }}>{formatBRL(value)}</span>;
  return to ? <Link to={to} title="Ver os lançamentos deste valor">{text}</Link> : text;
}

const PCT = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
export const formatPct = (v: number | null | undefined) => (v == null ? '—' : `${PCT.format(v)}%`);

/** `AAAA-MM` → `MM/AAAA`. */
export const monthBR = (m: string) => `${m.slice(5, 7)}/${m.slice(0, 4)}`;

/** Link to the analytical report with the figure's drill filters and the page's period and organization. */
export function drillTo(drill: Record<string, string> | undefined, base: Record<string, string | undefined>): string | undefined {
  if (!drill) return undefined;
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...base, ...drill })) if (v !== undefined && (v !== '' || k === 'dfcLine')) p.set(k, v);
  return `/bi/relatorios/analitico?${p.toString()}`;
}
