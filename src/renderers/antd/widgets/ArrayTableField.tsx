import { useMemo, useRef } from 'react';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Typography, theme } from 'antd';
import type { FieldProps, WidgetProps } from '@rjsf/utils';
import { useVirtualizer } from '@tanstack/react-virtual';
import { formatMoney } from '../../../engine/formats/money.ts';
import { rankWith, type FieldContext } from '../../../engine/registry.ts';
import { computeValue } from '../../../engine/schema/computed.ts';
import type { PropertySchema } from '../../../engine/schema/types.ts';
import { WIDGET_TEXT } from '../../../i18n/forms.ts';
import { errorIdOf } from './common.ts';
import { fieldBasics } from './field-props.ts';
import { SiblingsContext } from './siblings-context.ts';
import { useWidgetResolver } from './resolver-context.ts';
import { itemsOf } from './testers.ts';
import { propertyOf, type WidgetEntry } from './types.ts';

type Row = Record<string, unknown>;
const ROW_HEIGHT = 48;
const MAX_HEIGHT = 8 * ROW_HEIGHT;
let nextKey = 0;

/** Sums integer centavos (never floats) of one money column. */
export const moneyTotal = (rows: readonly Row[], field: string): number =>
  rows.reduce((sum, r) => sum + (Number.isSafeInteger(r[field]) ? (r[field] as number) : 0), 0);

/** A row's value of a column: computed live for `x-computed` columns (what the server will store). */
const cellValue = (row: Row | undefined, field: string, p: PropertySchema): unknown =>
  p['x-computed'] ? (row ? computeValue(p['x-computed'], row) : null) : row?.[field];

/**
 * Line items (an array of objects) as an editable table: one row per item, cells with the form's widgets,
 * rows added, removed and moved; only the visible rows are mounted (TanStack Virtual), so 1,000 items stay
 * light. Money columns show their total in the footer; when the items have computed money columns
 * (`x-computed`, e.g. quantity × unit price), those are shown read-only and only they are totalled.
 */
export function ArrayTableField(props: FieldProps) {
  const { token } = theme.useToken();
  const resolve = useWidgetResolver();
  const base = fieldBasics(props);
  const schema = propertyOf(props);
  const items = useMemo(() => itemsOf(schema) ?? {}, [schema]);
  const rows: Row[] = Array.isArray(props.formData) ? (props.formData as Row[]) : [];
  const columns = useMemo(() => Object.entries(items.properties ?? {}).filter(([, p]) => !p.readOnly || p['x-computed']), [items]);
  const required = new Set(items.required ?? []);
  const money = columns.filter(([, p]) => p.format === 'money');
  const computedMoney = money.filter(([, p]) => p['x-computed']);
  // `x-total: false`: lines that are not parts of a whole (no footer total).
  const moneyColumns = schema['x-total'] === false ? [] : (computedMoney.length ? computedMoney : money).map(([k]) => k);
  const totalRows = computedMoney.length ? rows.map((r) => Object.fromEntries(computedMoney.map(([k, p]) => [k, cellValue(r, k, p)]))) : rows;
  const keys = useRef<number[]>([]);
  while (keys.current.length < rows.length) keys.current.push(nextKey++);
  keys.current.length = rows.length;

  const scroller = useRef<HTMLDivElement>(null);
  // TanStack Virtual is the list virtualizer of the project; this component is not compiler-memoized.
  // oxlint-disable-next-line react/incompatible-library
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 6, initialRect: { width: 0, height: MAX_HEIGHT } });
  const errors = (props.errorSchema ?? {}) as Record<string, Record<string, { __errors?: string[] }>>;

  const update = (next: Row[], order?: number[]) => {
    if (order) keys.current = order.map((i) => keys.current[i]);
    base.onChange(next);
  };
  const setCell = (index: number, field: string, value: unknown) => update(rows.map((r, i) => (i === index ? { ...r, [field]: value } : r)));
  const move = (from: number, to: number) => {
    const order = rows.map((_, i) => i);
    [order[from], order[to]] = [order[to], order[from]];
    update(order.map((i) => rows[i]), order);
  };
  const mins = columns.map(([, p]) => minWidthOf(p));
  const template = `40px ${columns.map(([, p], i) => `minmax(${mins[i]}px, ${p['x-ref'] || (p.type === 'string' && !p.oneOf) ? 2 : 1}fr)`).join(' ')} 112px`;
  // Wider than its card (an order line has nine columns), the table scrolls sideways inside itself: the page never does.
  const minWidth = 40 + 112 + mins.reduce((a, b) => a + b, 0);
  const cellStyle = { padding: '4px 6px', display: 'flex', alignItems: 'center' } as const;

  return (
    // Wider than its card it scrolls sideways: focusable, so a keyboard user scrolls it even when its cells are read-only.
    <div id={base.id} role="table" tabIndex={0} aria-label={props.schema.title ?? props.name} aria-rowcount={rows.length} style={{ border: `1px solid ${base.status ? token.colorError : token.colorBorderSecondary}`, borderRadius: token.borderRadius, maxWidth: '100%', overflowX: 'auto' }}>
      <div role="rowgroup" style={{ minWidth }}>
      <div role="row" style={{ display: 'grid', gridTemplateColumns: template, background: token.colorFillAlter, fontWeight: 500, fontSize: 13 }}>
        <div role="columnheader" style={cellStyle}>#</div>
        {columns.map(([k, p]) => (
          <div role="columnheader" key={k} style={cellStyle}>{p['x-label'] ?? p.title ?? k}{required.has(k) && <span style={{ color: token.colorError }}>&nbsp;*</span>}</div>
        ))}
        <div role="columnheader" style={cellStyle} />
      </div>
      <div ref={scroller} style={{ maxHeight: MAX_HEIGHT, overflow: 'auto' }}>
        {rows.length === 0 && (
          <div role="row">
            <Typography.Text role="cell" type="secondary" style={{ display: 'block', padding: 12 }}>{WIDGET_TEXT.noRows}</Typography.Text>
          </div>
        )}
        <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {virtual.getVirtualItems().map((v) => (
            <div role="row" key={keys.current[v.index]} style={{ position: 'absolute', top: v.start, left: 0, right: 0, height: ROW_HEIGHT, display: 'grid', gridTemplateColumns: template, borderTop: `1px solid ${token.colorBorderSecondary}` }}>
              <div role="cell" style={cellStyle}>{v.index + 1}</div>
              {columns.map(([k, p]) => {
                if (p['x-computed']) {
                  const value = cellValue(rows[v.index], k, p);
                  return (
                    <div role="cell" key={k} aria-label={p.title} style={{ ...cellStyle, justifyContent: 'flex-end', fontVariantNumeric: 'tabular-nums' }}>
                      {typeof value === 'number' ? (p.format === 'money' ? formatMoney(value) : value.toLocaleString('pt-BR')) : '—'}
                    </div>
                  );
                }
                const { renderer } = resolve({ schema: p, path: `${props.name}.${v.index}.${k}` });
                const cellErrors = errors[v.index]?.[k]?.__errors;
                const cellId = `${base.id}_${v.index}_${k}`;
                const cellProps = {
                  id: cellId, name: k, label: WIDGET_TEXT.cellLabel(p.title ?? k, v.index + 1), hideLabel: true, value: rows[v.index]?.[k], schema: p, uiSchema: {}, options: { path: `${props.name}.${k}` },
                  required: required.has(k), disabled: base.disabled, readonly: false, rawErrors: cellErrors, registry: props.registry, placeholder: '',
                  onChange: (value: unknown) => setCell(v.index, k, value), onBlur: () => base.onBlur(), onFocus: () => undefined,
                } as unknown as WidgetProps;
                return (
                  <div role="cell" key={k} aria-label={p.title ?? k} style={cellStyle} title={cellErrors?.join(' ')}>
                    {renderer.kind === 'widget' ? (
                      <SiblingsContext.Provider value={(patch) => update(rows.map((r, i) => (i === v.index ? { ...r, ...patch } : r)))}>
                        <renderer.Component {...cellProps} />
                      </SiblingsContext.Provider>
                    ) : null}
                    {cellErrors?.length ? <span id={errorIdOf(cellId)} className="bo-visually-hidden">{cellErrors.join(' ')}</span> : null}
                  </div>
                );
              })}
              <div role="cell" style={{ ...cellStyle, gap: 2 }}>
                <Button type="text" size="small" icon={<ArrowUpOutlined />} aria-label={WIDGET_TEXT.moveUp} disabled={base.disabled || v.index === 0} onClick={() => move(v.index, v.index - 1)} />
                <Button type="text" size="small" icon={<ArrowDownOutlined />} aria-label={WIDGET_TEXT.moveDown} disabled={base.disabled || v.index === rows.length - 1} onClick={() => move(v.index, v.index + 1)} />
                <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={WIDGET_TEXT.removeRow} disabled={base.disabled}
                  onClick={() => update(rows.filter((_, i) => i !== v.index), rows.map((_, i) => i).filter((i) => i !== v.index))} />
              </div>
            </div>
          ))}
        </div>
      </div>
      <div role="row" style={{ display: 'grid', gridTemplateColumns: template, borderTop: `1px solid ${token.colorBorderSecondary}`, background: token.colorFillAlter }}>
        <div role="cell" style={cellStyle} />
        {columns.map(([k], i) => (
          <div key={k} role="cell" style={{ ...cellStyle, justifyContent: moneyColumns.includes(k) ? 'flex-end' : 'flex-start', fontWeight: 500 }}>
            {moneyColumns.includes(k) ? formatMoney(moneyTotal(totalRows, k)) : i === 0 && moneyColumns.length ? WIDGET_TEXT.total : null}
          </div>
        ))}
        <div role="cell" style={cellStyle} />
      </div>
      {/* Inside the table every child is a row: the "add" button sits in a row of its own. */}
      <div role="row" style={{ padding: 6, borderTop: `1px solid ${token.colorBorderSecondary}` }}>
        <div role="cell">
          <Button size="small" icon={<PlusOutlined />} disabled={base.disabled} onClick={() => update([...rows, defaultsOfItem(items)])}>{WIDGET_TEXT.addRow}</Button>
        </div>
      </div>
      </div>
    </div>
  );
}

/** The narrowest a column of the line-item table may get and stay usable (a reference select needs room to search). */
function minWidthOf(p: PropertySchema): number {
  if (p['x-ref']) return 190;
  if (p.format === 'money') return 130;
  if (p.oneOf || p.enum) return 120;
  if (p.type === 'number' || p.type === 'integer') return 90;
  return 170;
}

function defaultsOfItem(items: PropertySchema): Row {
  const row: Row = {};
  for (const [k, p] of Object.entries(items.properties ?? {})) if (p.default !== undefined) row[k] = structuredClone(p.default);
  return row;
}

export const arrayTableTester = rankWith<FieldContext>(10, (ctx) => itemsOf(ctx.schema)?.type === 'object' && !!itemsOf(ctx.schema)?.properties);

export default { name: 'array-table', tester: arrayTableTester, component: { kind: 'field', Component: ArrayTableField } } satisfies WidgetEntry;
