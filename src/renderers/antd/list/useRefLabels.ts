import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { resourceKeys } from '../../../engine/data/query-keys.ts';
import type { ResourceRecord } from '../../../engine/data/types.ts';
import { useDataProvider } from '../../../react/resources.ts';
import type { RefLabels } from './labels-context.ts';

/**
 * Labels of every reference on the page: ONE labels call per referenced resource for all rows and columns
 * (never one per cell), cached across pages. Returns labels by field, then id.
 */
export function useRefLabels(refs: readonly { field: string; ref?: string }[], rows: readonly ResourceRecord[]): RefLabels {
  const data = useDataProvider();
  const byResource = useMemo(() => {
    const m = new Map<string, { fields: string[]; ids: string[] }>();
    for (const { field, ref } of refs) {
      if (!ref) continue;
      const e = m.get(ref) ?? { fields: [], ids: [] };
      e.fields.push(field);
      for (const r of rows) if (typeof r[field] === 'string') e.ids.push((r[field] as string).toLowerCase());
      m.set(ref, e);
    }
    for (const e of m.values()) e.ids = [...new Set(e.ids)].sort();
    return [...m];
  }, [refs, rows]);
  const results = useQueries({
    queries: byResource.map(([resource, { ids }]) => ({
      queryKey: resourceKeys.labels(resource, ids),
      queryFn: () => data.getLabels({ resource, ids }),
      enabled: ids.length > 0,
      staleTime: 5 * 60_000,
      placeholderData: keepPreviousData,
    })),
  });
  const stamp = results.map((r) => r.dataUpdatedAt).join(',');
  return useMemo(() => {
    const out: Record<string, Record<string, string | null> | undefined> = {};
    byResource.forEach(([, { fields, ids }], i) => {
      const labels = ids.length ? results[i]?.data : {};
      for (const f of fields) out[f] = labels;
    });
    return out;
    // `results` is a new array each render; its data changes only when a stamp does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [byResource, stamp]);
}
