import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { resourceKeys } from '../../../../engine/data/query-keys.ts';
import { LIST_TEXT } from '../../../../i18n/list.ts';
import { useMetadata } from '../../../../react/metadata.ts';
import { useDataProvider, useLabels } from '../../../../react/resources.ts';
import { SEARCH_DEBOUNCE_MS } from '../SearchBox.tsx';
import type { FilterEditorProps } from './types.ts';

/**
 * A reference (`x-ref`): search the other resource by text (debounced), pick one (`eq`) or several (`in`).
 * The chosen records keep their labels through the batched, cached labels call.
 */
export function RefFilter({ filter, schema, label, value, onChange }: FilterEditorProps) {
  const ref = schema['x-ref']!;
  const target = useMetadata().resources[ref]?.['x-resource'];
  const data = useDataProvider();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setQ(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [typed]);
  const params = { resource: ref, page: 1, pageSize: 20, q: q || undefined, sort: target ? [{ field: target.labelField, order: 'asc' as const }] : undefined };
  const found = useQuery({
    queryKey: resourceKeys.list(params),
    queryFn: ({ signal }) => data.getList({ ...params, signal }),
    enabled: open && !!target,
    staleTime: 60_000,
  });
  const selected = (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(String);
  const labels = useLabels(ref, selected);
  const byId = new Map<string, string>();
  for (const id of selected) byId.set(id, labels.data?.[id] ?? LIST_TEXT.loading);
  for (const row of found.data?.rows ?? []) byId.set(row.id, String(row[target?.labelField ?? 'id'] ?? row.id));
  const options = [...byId].map(([id, text]) => ({ value: id, label: text }));
  const multiple = filter.operator === 'in';
  return (
    <Select
      aria-label={label}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      placeholder={LIST_TEXT.any}
      value={multiple ? selected : selected[0]}
      options={options}
      loading={found.isFetching}
      maxTagCount="responsive"
      notFoundContent={found.isFetching ? LIST_TEXT.loading : LIST_TEXT.noOptions}
      onOpenChange={setOpen}
      onChange={(v: string | string[] | undefined) => {
        const list = v === undefined ? [] : Array.isArray(v) ? v : [v];
        onChange(list.length ? (multiple ? list : list[0]) : null);
      }}
      style={{ minWidth: 200, maxWidth: 300 }}
    />
  );
}
