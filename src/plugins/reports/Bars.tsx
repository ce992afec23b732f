import { Link } from 'react-router-dom';
import { formatBRL } from '../../i18n/format.ts';

/**
 * A small bar chart in SVG, without a chart library (no new dependency; docs/decisions.md D39): each bar a link
 * into its report, with the value in its accessible name and a table-like text fallback.
 */
export interface Bar {
  label: string;
  /** The axis text when the label is too long for a narrow bar (the full label stays in the bar's name and tooltip). */
  short?: string;
  values: { value: number; color: string; name: string }[];
  to?: string;
}

export function Bars({ title, bars, height = 220 }: { title: string; bars: Bar[]; height?: number }) {
  const max = Math.max(1, ...bars.flatMap((b) => b.values.map((v) => Math.abs(v.value))));
  const groupWidth = 100 / Math.max(1, bars.length);
  const legend = bars[0]?.values.map((v) => ({ name: v.name, color: v.color })) ?? [];
  return (
    <figure style={{ margin: 0 }}>
      <figcaption style={{ fontWeight: 600, marginBottom: 8 }}>{title}</figcaption>
      <div style={{ display: 'flex', gap: 12, marginBottom: 8, fontSize: 12 }}>
        {legend.map((l) => (
          <span key={l.name} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            <span aria-hidden style={{ width: 10, height: 10, background: l.color, display: 'inline-block', borderRadius: 2 }} />
            {l.name}
          </span>
        ))}
      </div>
      <div style={{ display: 'flex', alignItems: 'flex-end', height, gap: 4, borderBottom: '1px solid #d0d7de' }}>
        {bars.map((b) => {
          const inner = (
            <div style={{ display: 'flex', alignItems: 'flex-end', gap: 2, height: '100%' }}>
              {b.values.map((v) => (
                <div
                  key={v.name}
                  title={`${b.label} — ${v.name}: ${formatBRL(v.value)}`}
                  style={{ width: 12, height: `${Math.max(1, (Math.abs(v.value) / max) * (height - 8))}px`, background: v.color, opacity: v.value < 0 ? 0.6 : 1, borderRadius: '2px 2px 0 0' }}
                />
              ))}
            </div>
          );
          const name = `${b.label}: ${b.values.map((v) => `${v.name} ${formatBRL(v.value)}`).join(', ')}`;
          return (
            <div key={b.label} style={{ width: `${groupWidth}%`, display: 'flex', justifyContent: 'center', height: '100%' }}>
              {b.to ? <Link to={b.to} aria-label={name} style={{ height: '100%' }}>{inner}</Link> : <div role="img" aria-label={name} style={{ height: '100%' }}>{inner}</div>}
            </div>
          );
        })}
      </div>
      <div style={{ display: 'flex', gap: 4, fontSize: 11, color: '#57606a', marginTop: 4 }}>
        {bars.map((b) => <span key={b.label} title={b.label} style={{ width: `${groupWidth}%`, textAlign: 'center', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{b.short ?? b.label}</span>)}
      </div>
    </figure>
  );
}
