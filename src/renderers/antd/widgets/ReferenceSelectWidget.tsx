import { useMemo, useState } from 'react';
import { Select, Spin } from 'antd';
import type { FieldProps, WidgetProps } from '@rjsf/utils';
import { hasRef, rankWith, type FieldContext } from '../../../engine/registry.ts';
import type { PropertySchema } from '../../../engine/schema/types.ts';
import { SELECT_TEXT } from '../../../i18n/forms.ts';
import { metadata } from '../../../react/metadata.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { resourceKeys } from '../../../engine/data/query-keys.ts';
import { useDataProvider, useLabels } from '../../../react/resources.ts';
import { emptyValue } from './common.ts';
import { fieldBasics } from './field-props.ts';
import { itemsOf } from './testers.ts';
import { propertyOf, type WidgetEntry } from './types.ts';
import { useDebounced } from './use-debounced.ts';

const PAGE = 20;

interface RefSelectProps {
  id: string;
  target: string;
  multiple: boolean;
  ids: string[];
  disabled: boolean;
  status?: 'error';
  placeholder?: string;
  allowClear: boolean;
  onChange: (ids: string[]) => void;
  onBlur: () => void;
}

/**
 * A record of another resource (`x-ref`): searches its `q` as you type (300 ms debounce, results cached by
 * React Query), and shows the chosen records' labels through one batched `/labels` call for all of them.
 */
function RefSelect({ id, target, multiple, ids, disabled, status, placeholder, allowClear, onChange, onBlur }: RefSelectProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const targetSchema = metadata.resources[target];
  const labelField = targetSchema?.['x-resource'].labelField ?? 'id';
  const data = useDataProvider();
  // A resource with an `active` flag offers only its active records (an inactive one already chosen keeps its label).
  const onlyActive = targetSchema?.properties.active?.type === 'boolean';
  const params = {
    resource: target,
    page: 1,
    pageSize: PAGE,
    q: q || undefined,
    filters: onlyActive ? [{ field: 'active', operator: 'eq' as const, value: true }] : undefined,
  };
  // Searches stay cached for a minute: reopening the select or typing the same text again asks nobody.
  const list = useQuery({
    queryKey: resourceKeys.list(params),
    queryFn: ({ signal }) => data.getList({ ...params, signal }),
    enabled: open,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  const labels = useLabels(target, ids);
  const options = useMemo(() => {
    const found = (list.data?.rows ?? []).map((r) => ({ value: r.id, label: String(r[labelField] ?? r.id) }));
    const known = new Set(found.map((o) => o.value));
    const chosen = ids.filter((v) => !known.has(v)).map((v) => ({ value: v, label: labels.data?.[v] ?? (labels.isFetching ? '…' : SELECT_TEXT.unavailable) }));
    return [...chosen, ...found];
  }, [list.data, labels.data, labels.isFetching, ids, labelField]);
  const loading = open && (list.isFetching || search.trim() !== q);

  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      style={{ width: '100%' }}
      disabled={disabled}
      status={status}
      value={multiple ? ids : ids[0]}
      options={options}
      placeholder={placeholder || SELECT_TEXT.search}
      allowClear={allowClear}
      loading={loading}
      maxTagCount={multiple ? 0 : undefined}
      maxTagPlaceholder={multiple ? () => SELECT_TEXT.selectionLabel(ids.length) : undefined}
      notFoundContent={loading ? <Spin size="small" aria-label={SELECT_TEXT.loading} /> : SELECT_TEXT.noResults}
      showSearch={{ filterOption: false, searchValue: search, onSearch: setSearch, autoClearSearchValue: true }}
      onOpenChange={setOpen}
      onChange={(v: string | string[] | undefined) => onChange(v === undefined ? [] : Array.isArray(v) ? v : [v])}
      onBlur={onBlur}
    />
  );
}

export function ReferenceSelectWidget(props: WidgetProps) {
  const schema = propertyOf(props);
  return (
    <RefSelect
      id={props.id}
      target={schema['x-ref']!}
      multiple={false}
      ids={typeof props.value === 'string' && props.value ? [props.value] : []}
      disabled={!!(props.disabled || props.readonly)}
      status={props.rawErrors?.length ? 'error' : undefined}
      placeholder={props.placeholder}
      allowClear={!props.required}
      onChange={(ids) => props.onChange(ids[0] ?? emptyValue(schema))}
      onBlur={() => props.onBlur(props.id, props.value)}
    />
  );
}

/** An array of references (`"items": { "x-ref": "cost-centers" }`). */
export function ReferenceMultiSelectField(props: FieldProps) {
  const base = fieldBasics(props);
  const items = itemsOf(propertyOf(props)) as PropertySchema;
  const ids = Array.isArray(props.formData) ? (props.formData as unknown[]).filter((v): v is string => typeof v === 'string') : [];
  return (
    <RefSelect id={base.id} target={items['x-ref']!} multiple ids={ids} disabled={base.disabled} status={base.status} allowClear onChange={base.onChange} onBlur={base.onBlur} />
  );
}

export const referenceSelectTester = rankWith(20, hasRef);
export const referenceMultiTester = rankWith<FieldContext>(20, (ctx) => typeof itemsOf(ctx.schema)?.['x-ref'] === 'string');

export const referenceMulti = { name: 'reference-multi-select', tester: referenceMultiTester, component: { kind: 'field', Component: ReferenceMultiSelectField } } satisfies WidgetEntry;

export default { name: 'reference-select', tester: referenceSelectTester, component: { kind: 'widget', Component: ReferenceSelectWidget } } satisfies WidgetEntry;
