import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Input, Skeleton, Typography, theme } from 'antd';
import type { FieldProps } from '@rjsf/utils';
import { rankWith, requestedIs, type FieldContext } from '../../../engine/registry.ts';
import type { PropertySchema } from '../../../engine/schema/types.ts';
import { MATRIX_TEXT } from '../../../i18n/access.ts';
import { metadata } from '../../../react/metadata.ts';
import { useResourceList } from '../../../react/resources.ts';
import { useFormApi } from '../form/form-api.ts';
import { fold } from './common.ts';
import { fieldBasics } from './field-props.ts';
import { itemsOf } from './testers.ts';
import { propertyOf, type WidgetEntry } from './types.ts';

/** `[{ name, scopes }]`: what a policy grants (docs/screens.md §4.1, `scope-matrix`). */
export interface ScopeEntry {
  name: string;
  scopes: string[];
}

interface MatrixOptions {
  /** Resource whose records are the rows (`application-resources`). */
  source: string;
  /** Field of the rows and of this form that must match (`applicationId`). */
  filterField: string;
  nameField: string;
  titleField: string;
  /** Field of the rows listing the scopes each row accepts. */
  scopesField: string;
}

interface MatrixRow {
  name: string;
  title: string;
  declared: Set<string>;
}

const optionsOf = (o: Record<string, unknown> | undefined): MatrixOptions => ({
  source: String(o?.source ?? 'application-resources'),
  filterField: String(o?.filterField ?? 'applicationId'),
  nameField: String(o?.nameField ?? 'name'),
  titleField: String(o?.titleField ?? 'title'),
  scopesField: String(o?.scopesField ?? 'scopes'),
});

/** The scope options, in the schema's order, with their pt-BR titles. */
function scopeOptions(schema: PropertySchema): { value: string; label: string }[] {
  const scopes = itemsOf(schema)?.properties?.scopes;
  return (itemsOf(scopes ?? {})?.oneOf ?? []).map((o) => ({ value: String(o.const), label: o.title }));
}

/** The value with one cell changed: entries follow the rows' order, empty ones are dropped, unknown ones kept. */
export function toggleScopes(value: readonly ScopeEntry[], rows: readonly MatrixRow[], name: string, scopes: readonly string[], on: boolean): ScopeEntry[] {
  const byName = new Map(value.map((e) => [e.name, new Set(e.scopes)]));
  const set = byName.get(name) ?? new Set<string>();
  for (const s of scopes) if (on) set.add(s);
  else set.delete(s);
  byName.set(name, set);
  const order = [...rows.map((r) => r.name), ...value.map((e) => e.name)];
  const out: ScopeEntry[] = [];
  const seen = new Set<string>();
  for (const n of order) {
    if (seen.has(n) || !byName.has(n)) continue;
    seen.add(n);
    const row = rows.find((r) => r.name === n);
    const granted = byName.get(n)!;
    // Scopes in the schema's order for declared rows; as they were for unknown ones.
    const list = row ? [...row.declared].filter((s) => granted.has(s)) : [...granted];
    if (list.length) out.push({ name: n, scopes: list });
  }
  return out;
}

/**
 * Scopes per record of another resource as a matrix of checkboxes (a policy's resources × the scopes each
 * resource declares). Rows are the `source` records whose `filterField` equals this form's; a cell exists
 * only where the row declares the scope; entries naming a record that no longer exists are listed apart so
 * they can be removed (the server refuses them).
 */
export function ScopeMatrixField(props: FieldProps) {
  const { token } = theme.useToken();
  const base = fieldBasics(props);
  const schema = propertyOf(props);
  const opts = optionsOf(props.uiSchema?.['ui:options'] as Record<string, unknown> | undefined);
  const form = useFormApi();
  const parent = form?.get(opts.filterField);
  const [filter, setFilter] = useState('');
  const value: ScopeEntry[] = Array.isArray(props.formData) ? (props.formData as ScopeEntry[]) : [];
  const columns = useMemo(() => scopeOptions(schema), [schema]);
  const list = useResourceList(
    {
      resource: opts.source,
      page: 1,
      pageSize: 1000,
      sort: [{ field: opts.titleField, order: 'asc' }],
      filters: [{ field: opts.filterField, operator: 'eq', value: String(parent ?? '') }],
    },
    { enabled: typeof parent === 'string' && parent !== '' },
  );
  const rows: MatrixRow[] = useMemo(
    () =>
      (list.data?.rows ?? []).map((r) => ({
        name: String(r[opts.nameField]),
        title: String(r[opts.titleField] ?? r[opts.nameField]),
        declared: new Set(Array.isArray(r[opts.scopesField]) ? (r[opts.scopesField] as string[]) : []),
      })),
    [list.data, opts.nameField, opts.titleField, opts.scopesField],
  );
  const used = columns.filter((c) => rows.some((r) => r.declared.has(c.value)));
  const granted = new Map(value.map((e) => [e.name, new Set(e.scopes)]));
  const known = new Set(rows.map((r) => r.name));
  const unknown = value.filter((e) => !known.has(e.name));
  const shown = filter ? rows.filter((r) => fold(`${r.title} ${r.name}`).includes(fold(filter))) : rows;
  const errors = (props.errorSchema ?? {}) as Record<string, { name?: { __errors?: string[] }; scopes?: { __errors?: string[] } }>;
  const rowErrors = new Map(value.map((e, i) => [e.name, [...(errors[i]?.name?.__errors ?? []), ...(errors[i]?.scopes?.__errors ?? [])]]));
  const set = (name: string, scopes: readonly string[], on: boolean) => base.onChange(toggleScopes(value, rows, name, scopes, on));

  if (typeof parent !== 'string' || !parent) {
    const label = metadata.resources[opts.source]?.properties[opts.filterField]?.title ?? opts.filterField;
    return <Typography.Text type="secondary">{MATRIX_TEXT.needsParent(label.toLowerCase())}</Typography.Text>;
  }
  if (list.isPending) return <Skeleton active paragraph={{ rows: 4 }} title={false} aria-label={MATRIX_TEXT.loading} />;
  if (list.isError) return <Alert type="error" showIcon title={MATRIX_TEXT.loadError} />;
  const cellStyle = { padding: '4px 8px', borderBottom: `1px solid ${token.colorSplit}`, textAlign: 'center' as const };

  return (
    <div id={base.id} data-widget="scope-matrix" style={{ display: 'grid', gap: 8 }}>
      {rows.length > 12 && (
        <Input.Search allowClear placeholder={MATRIX_TEXT.filter} value={filter} onChange={(e) => setFilter(e.target.value)} style={{ maxWidth: 320 }} />
      )}
      {!rows.length ? (
        <Typography.Text type="secondary">{MATRIX_TEXT.empty}</Typography.Text>
      ) : (
        <div style={{ overflowX: 'auto', maxHeight: 480, overflowY: 'auto', border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius }}>
          <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: token.fontSizeSM }}>
            <thead style={{ position: 'sticky', top: 0, background: token.colorBgContainer, zIndex: 1 }}>
              <tr>
                <th style={{ ...cellStyle, textAlign: 'left' }}>{MATRIX_TEXT.name}</th>
                <th style={cellStyle}>{MATRIX_TEXT.all}</th>
                {used.map((c) => {
                  const candidates = rows.filter((r) => r.declared.has(c.value));
                  const n = candidates.filter((r) => granted.get(r.name)?.has(c.value)).length;
                  return (
                    <th key={c.value} style={cellStyle}>
                      <Checkbox
                        aria-label={MATRIX_TEXT.column(c.label)}
                        disabled={base.disabled}
                        checked={n > 0 && n === candidates.length}
                        indeterminate={n > 0 && n < candidates.length}
                        onChange={(e) => {
                          let next = value;
                          for (const r of candidates) next = toggleScopes(next, rows, r.name, [c.value], e.target.checked);
                          base.onChange(next);
                        }}
                      >
                        {c.label}
                      </Checkbox>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => {
                const mine = granted.get(r.name) ?? new Set<string>();
                const count = [...r.declared].filter((s) => mine.has(s)).length;
                const problems = rowErrors.get(r.name) ?? [];
                return (
                  <tr key={r.name} style={problems.length ? { background: token.colorErrorBg } : count ? { background: token.colorPrimaryBg } : undefined}>
                    <td style={{ ...cellStyle, textAlign: 'left' }}>
                      <div>{r.title}</div>
                      <Typography.Text style={{ fontSize: token.fontSizeSM, color: '#4a5563' }}>{r.name}</Typography.Text>
                      {problems.map((p) => <div key={p} style={{ color: token.colorError }}>{p}</div>)}
                    </td>
                    <td style={cellStyle}>
                      <Checkbox
                        aria-label={MATRIX_TEXT.allOf(r.title)}
                        disabled={base.disabled || !r.declared.size}
                        checked={count > 0 && count === r.declared.size}
                        indeterminate={count > 0 && count < r.declared.size}
                        onChange={(e) => set(r.name, [...r.declared], e.target.checked)}
                      />
                    </td>
                    {used.map((c) => (
                      <td key={c.value} style={cellStyle}>
                        {r.declared.has(c.value) && (
                          <Checkbox
                            aria-label={MATRIX_TEXT.cell(r.title, c.label)}
                            disabled={base.disabled}
                            checked={mine.has(c.value)}
                            onChange={(e) => set(r.name, [c.value], e.target.checked)}
                            onBlur={base.onBlur}
                          />
                        )}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {unknown.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={MATRIX_TEXT.unknownTitle}
          description={
            <div style={{ display: 'grid', gap: 4 }}>
              <span>{MATRIX_TEXT.unknownHelp}</span>
              {unknown.map((e) => (
                <span key={e.name}>
                  <code>{e.name}</code> ({e.scopes.join(', ')}){' '}
                  <Button size="small" disabled={base.disabled} onClick={() => base.onChange(value.filter((v) => v.name !== e.name))}>
                    {MATRIX_TEXT.remove}
                  </Button>
                </span>
              ))}
            </div>
          }
        />
      )}
    </div>
  );
}

/** Only where a screen asks for it (`"ui:widget": "scope-matrix"`) on a list of `{ name, scopes }`. */
export const scopeMatrixTester = rankWith<FieldContext>(30, (ctx) => {
  if (!requestedIs('scope-matrix')(ctx)) return false;
  const items = itemsOf(ctx.schema);
  return !!items?.properties?.name && !!items.properties.scopes;
});

export default { name: 'scope-matrix', tester: scopeMatrixTester, component: { kind: 'field', Component: ScopeMatrixField } } satisfies WidgetEntry;
