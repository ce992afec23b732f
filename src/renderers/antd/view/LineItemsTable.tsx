import { Tag } from 'antd';
import { computeValue } from '../../../engine/schema/computed.ts';
import type { PropertySchema } from '../../../engine/schema/types.ts';
import { formatMoney } from '../../../engine/formats/money.ts';
import { WIDGET_TEXT } from '../../../i18n/forms.ts';
import { resolveCell } from '../cells/registry.ts';
import { EmptyValue } from '../cells/EmptyValue.tsx';
import type { RefLabels } from '../list/labels-context.ts';
import { BRAND } from '../theme.ts';
import { moneyTotal } from '../widgets/ArrayTableField.tsx';

type Row = Record<string, unknown>;

/**
 * Line items on the record page: one row per item with the list's cells (money, options, references by
 * label), and the total of the money columns — the computed ones (`x-computed`, e.g. the line total) when
 * there are any, as in the form's table; none with `x-total: false` (lines that are not parts of a whole).
 */
export function LineItemsTable({ field, schema, value, labels }: { field: string; schema: PropertySchema; value: unknown; labels: RefLabels }) {
  const rows: Row[] = Array.isArray(value) ? (value as Row[]) : [];
  if (!rows.length) return <EmptyValue />;
  const columns = Object.entries(schema.items?.properties ?? {});
  const money = columns.filter(([, p]) => p.format === 'money');
  const computed = money.filter(([, p]) => p['x-computed']);
  const totalled = new Set(schema['x-total'] === false ? [] : (computed.length ? computed : money).map(([k]) => k));
  const valueOf = (row: Row, k: string, p: PropertySchema) => (p['x-computed'] && row[k] === undefined ? computeValue(p['x-computed'], row) : row[k]);
  const cell = { padding: '6px 8px', borderBottom: `1px solid ${BRAND.border}`, fontSize: 14, verticalAlign: 'top' } as const;
  const right = (p: PropertySchema) => (p.format === 'money' || p.type === 'number' || p.type === 'integer' ? 'right' : 'left');
  return (
    // Wider than the page on a small screen: it scrolls sideways, and a keyboard user scrolls it too (focusable region).
    <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={schema.title}>
      <table role="table" aria-label={schema.title} style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr style={{ background: '#f7f9fc' }}>
            <th style={{ ...cell, width: 36, textAlign: 'left' }}>#</th>
            {columns.map(([k, p]) => <th key={k} style={{ ...cell, fontSize: 12, fontWeight: 500, color: BRAND.muted, whiteSpace: 'nowrap', textAlign: right(p) }}>{p['x-label'] ?? p.title ?? k}</th>)}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              <td style={{ ...cell, color: BRAND.muted }}>{i + 1}</td>
              {columns.map(([k, p]) => {
                const { Cell } = resolveCell({ schema: p, path: `${field}.${i}.${k}` }).component;
                const v = valueOf(row, k, p);
                const refLabel = p['x-ref'] && typeof v === 'string' ? labels[`${field}.${k}`]?.[v.toLowerCase()] : undefined;
                return <td key={k} style={{ ...cell, textAlign: right(p) }}><Cell value={v} schema={p} path={`${field}.${i}.${k}`} record={row} refLabel={refLabel} /></td>;
              })}
            </tr>
          ))}
        </tbody>
        {totalled.size > 0 && (
          <tfoot>
            <tr>
              <td style={{ ...cell, borderBottom: 'none' }} />
              {columns.map(([k, p], i) => (
                <td key={k} style={{ ...cell, borderBottom: 'none', fontWeight: 500, textAlign: right(p) }}>
                  {totalled.has(k) ? formatMoney(moneyTotal(rows.map((r) => ({ [k]: valueOf(r, k, p) })), k)) : i === 0 ? WIDGET_TEXT.total : null}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

/** A list of references (`invitedSupplierIds`) as tags with the records' labels. */
export function RefListTags({ field, value, labels }: { field: string; value: unknown; labels: RefLabels }) {
  const ids = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  if (!ids.length) return <EmptyValue />;
  return (
    <span style={{ display: 'inline-flex', gap: 4, flexWrap: 'wrap' }}>
      {ids.map((id) => <Tag key={id} style={{ marginInlineEnd: 0 }}>{labels[field]?.[id.toLowerCase()] ?? '…'}</Tag>)}
    </span>
  );
}
