import { useContext, useMemo, useState } from 'react';
import { Select, Spin } from 'antd';
import type { FieldProps, WidgetProps } from '@rjsf/utils';
import { hasRef, rankWith, type FieldContext } from '../../../engine/registry.ts';
import { labelText } from '../../../engine/schema/label-text.ts';
import type { PropertySchema } from '../../../engine/schema/types.ts';
import { SELECT_TEXT } from '../../../i18n/forms.ts';
import { metadata } from '../../../react/metadata.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { resourceKeys } from '../../../engine/data/query-keys.ts';
import { useDataProvider, useLabels } from '../../../react/resources.ts';
import type { Filter, ResourceRecord } from '../../../engine/data/types.ts';
import { emptyValue, fieldAria } from './common.ts';
import { fillFrom, SiblingsContext } from './siblings-context.ts';
import { fieldBasics } from './field-props.ts';
import { itemsOf } from './testers.ts';
import { propertyOf, type WidgetEntry } from './types.ts';
import { useDebounced } from './use-debounced.ts';

const PAGE = 20;

interface RefSelectProps {
  id: string;
  target: string;
  /** `<resource>.<field path>` when the field has an `x-ref-filter`: the server offers only what it may hold. */
  refOf?: string;
  multiple: boolean;
  ids: string[];
  disabled: boolean;
  status?: 'error';
  placeholder?: string;
  allowClear: boolean;
  /** The chosen ids and, for those picked from the search results, their records (for `x-fill`). */
  onChange: (ids: string[], picked: ResourceRecord[]) => void;
  onBlur: () => void;
  /** `aria-invalid` / `aria-describedby` / `aria-required` of the field (fieldAria). */
  aria?: Record<string, string | boolean | undefined>;
  /** More conditions on the offered records (a plugin dialog: the cost centers of one organization). */
  filters?: readonly Filter[];
}

/**
 * A record of another resource (`x-ref`): searches its `q` as you type (300 ms debounce, results cached by
 * React Query), and shows the chosen records' labels through one batched `/labels` call for all of them.
 * Exported as `ReferenceSelect` for plugin dialogs that pick references outside a metadata form (the statement's
 * "Classificar"): the same search, labels and `refOf` as the form's widget.
 */
export function RefSelect({ id, target, refOf, multiple, ids, disabled, status, placeholder, allowClear, onChange, onBlur, aria, filters }: RefSelectProps) {
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
    filters: onlyActive || filters?.length ? [...(onlyActive ? [{ field: 'active', operator: 'eq' as const, value: true }] : []), ...(filters ?? [])] : undefined,
    refOf,
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
  const labelProperty = targetSchema?.properties[labelField];
  const options = useMemo(() => {
    const found = (list.data?.rows ?? []).map((r) => ({ value: r.id, label: labelText(labelProperty, r[labelField]) ?? r.id }));
    const known = new Set(found.map((o) => o.value));
    const chosen = ids.filter((v) => !known.has(v)).map((v) => ({ value: v, label: labels.data?.[v] ?? (labels.isFetching ? '…' : SELECT_TEXT.unavailable) }));
    return [...chosen, ...found];
  }, [list.data, labels.data, labels.isFetching, ids, labelField, labelProperty]);
  const loading = open && (list.isFetching || search.trim() !== q);

  return (
    <Select
      id={id}
      {...aria}
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
      notFoundContent={loading ? <span role="status" aria-label={SELECT_TEXT.loading}><Spin size="small" /></span> : SELECT_TEXT.noResults}
      showSearch={{ filterOption: false, searchValue: search, onSearch: setSearch, autoClearSearchValue: true }}
      onOpenChange={setOpen}
      onChange={(v: string | string[] | undefined) => {
        const chosen = v === undefined ? [] : Array.isArray(v) ? v : [v];
        onChange(chosen, (list.data?.rows ?? []).filter((r) => chosen.includes(r.id)));
      }}
      onBlur={onBlur}
    />
  );
}

/**
 * The `refOf` of a picker (`purchase-orders.supplierId`, `orders.items.productId`): only for a field with an
 * `x-ref-filter`, from the form's resource (RJSF `formContext`) and the field's path (a line-item cell passes
 * `options.path`).
 */
function refOfProps(props: { name: string; options?: Record<string, unknown>; registry?: { formContext?: Record<string, unknown> } }, schema: PropertySchema): string | undefined {
  const resource = props.registry?.formContext?.resource;
  if (!schema['x-ref-filter'] || typeof resource !== 'string') return undefined;
  return `${resource}.${typeof props.options?.path === 'string' ? props.options.path : props.name}`;
}

export function ReferenceSelectWidget(props: WidgetProps) {
  const schema = propertyOf(props);
  const siblings = useContext(SiblingsContext);
  const fill = schema['x-fill'];
  return (
    <RefSelect
      id={props.id}
      target={schema['x-ref']!}
      refOf={refOfProps(props, schema)}
      multiple={false}
      ids={typeof props.value === 'string' && props.value ? [props.value] : []}
      disabled={!!(props.disabled || props.readonly)}
      status={props.rawErrors?.length ? 'error' : undefined}
      placeholder={props.placeholder}
      allowClear={!props.required}
      onChange={(ids, picked) => {
        const value = ids[0] ?? emptyValue(schema);
        // `x-fill`: the picked record's fields go to the siblings in the same write as the reference itself.
        if (fill && siblings && ids[0]) siblings({ [props.name]: value, ...fillFrom(fill, picked[0]) });
        else props.onChange(value);
      }}
      onBlur={() => props.onBlur(props.id, props.value)}
      aria={{ ...fieldAria(props), 'aria-required': props.required || undefined, 'aria-label': props.hideLabel ? props.label : undefined }}
    />
  );
}

/** An array of references (`"items": { "x-ref": "cost-centers" }`). */
export function ReferenceMultiSelectField(props: FieldProps) {
  const base = fieldBasics(props);
  const items = itemsOf(propertyOf(props)) as PropertySchema;
  const ids = Array.isArray(props.formData) ? (props.formData as unknown[]).filter((v): v is string => typeof v === 'string') : [];
  return (
    <RefSelect id={base.id} target={items['x-ref']!} refOf={refOfProps({ name: props.name, registry: props.registry }, items)} multiple ids={ids} disabled={base.disabled} status={base.status} allowClear onChange={base.onChange} onBlur={base.onBlur} aria={base.aria} />
  );
}

export { RefSelect as ReferenceSelect, type RefSelectProps as ReferenceSelectProps };

export const referenceSelectTester = rankWith(20, hasRef);
export const referenceMultiTester = rankWith<FieldContext>(20, (ctx) => typeof itemsOf(ctx.schema)?.['x-ref'] === 'string');

export const referenceMulti = { name: 'reference-multi-select', tester: referenceMultiTester, component: { kind: 'field', Component: ReferenceMultiSelectField } } satisfies WidgetEntry;

export default { name: 'reference-select', tester: referenceSelectTester, component: { kind: 'widget', Component: ReferenceSelectWidget } } satisfies WidgetEntry;
