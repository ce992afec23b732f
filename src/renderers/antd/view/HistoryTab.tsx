import { Button, Empty, Result, Skeleton, Timeline } from 'antd';
import { useMemo } from 'react';
import type { HistoryEntry, ResourceRecord } from '../../../engine/data/types.ts';
import { fieldSchema } from '../../../engine/list/fields.ts';
import type { ResourceSchema } from '../../../engine/schema/types.ts';
import { formatDateTime } from '../../../i18n/format.ts';
import { LIST_TEXT, VIEW_TEXT } from '../../../i18n/list.ts';
import { useHistory } from '../../../react/resources.ts';
import { resolveCell } from '../cells/registry.ts';
import { useRefLabels } from '../list/useRefLabels.ts';
import { BRAND } from '../theme.ts';

/** Before/after as people read them: the cell's text (R$, DD/MM/AAAA, Sim/Não, option and reference labels). */
function useDiffText(schema: ResourceSchema, entries: readonly HistoryEntry[]) {
  const refs = useMemo(
    () => Object.entries(schema.properties).filter(([, p]) => p['x-ref']).map(([field, p]) => ({ field, ref: p['x-ref'] })),
    [schema],
  );
  // Every referenced id of the whole trail, before and after: one labels call per referenced resource.
  const pseudoRows = useMemo(
    () => entries.flatMap((e) => refs.flatMap(({ field }) => [e.diff[field]?.before, e.diff[field]?.after].map((v) => ({ id: '', [field]: v }) as ResourceRecord))),
    [entries, refs],
  );
  const labels = useRefLabels(refs, pseudoRows);
  return (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return VIEW_TEXT.empty;
    const p = fieldSchema(schema, field) ?? { title: field };
    const entry = resolveCell({ schema: p, path: field, resource: schema.$id });
    const refLabel = p['x-ref'] && typeof value === 'string' ? labels[field]?.[value.toLowerCase()] : undefined;
    if (p['x-ref']) return refLabel ?? (refLabel === null ? LIST_TEXT.notVisible : LIST_TEXT.loading);
    return entry.component.text?.(value, { schema: p, path: field }) || (typeof value === 'object' ? JSON.stringify(value) : String(value));
  };
}

/** The audit trail: who changed what and when, each changed field as "título: antes → depois". */
export function HistoryTab({ schema, resource, id }: { schema: ResourceSchema; resource: string; id: string }) {
  const history = useHistory(resource, id);
  const entries = useMemo(() => (history.data ?? []).toReversed(), [history.data]);
  const text = useDiffText(schema, entries);
  const keys = Object.keys(schema.properties);
  const order = (f: string) => (keys.includes(f) ? keys.indexOf(f) : keys.length);
  if (history.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (history.isError) {
    return <Result status="warning" title={VIEW_TEXT.historyError} extra={<Button onClick={() => void history.refetch()}>{LIST_TEXT.retry}</Button>} />;
  }
  if (!entries.length) return <Empty description={VIEW_TEXT.historyEmpty} />;
  return (
    <Timeline
      style={{ paddingTop: 8 }}
      items={entries.map((e) => {
        const who = e.actor ? (e.actor.name ?? VIEW_TEXT.unknownUser) : VIEW_TEXT.system;
        const what = e.action === 'create' ? VIEW_TEXT.created : e.action === 'delete' ? VIEW_TEXT.deleted : VIEW_TEXT.updated;
        // In the schema's order (the form's order), not the order the server stored the diff in.
        const fields = Object.entries(e.diff).sort(([a], [b]) => order(a) - order(b));
        return {
          key: e.id,
          color: e.action === 'delete' ? 'red' : e.action === 'create' ? 'green' : 'blue',
          content: (
            <div data-testid="history-entry">
              <div>
                <strong>{who}</strong> {what}
                <span style={{ color: BRAND.muted, marginInlineStart: 8, fontVariantNumeric: 'tabular-nums' }}>{formatDateTime(e.at)}</span>
              </div>
              {e.action !== 'delete' && fields.length > 0 && (
                <ul style={{ listStyle: 'none', padding: 0, margin: '6px 0 0', display: 'grid', gap: 4 }}>
                  {fields.map(([field, { before, after }]) => (
                    <li key={field} style={{ fontSize: 13 }}>
                      <span style={{ color: BRAND.muted }}>{fieldSchema(schema, field)?.title ?? field}:</span>{' '}
                      {e.action === 'update' && (
                        <>
                          <span style={{ textDecoration: 'line-through', color: BRAND.muted }}>{text(field, before)}</span>
                          <span aria-label="para" style={{ margin: '0 6px', color: BRAND.muted }}>→</span>
                        </>
                      )}
                      <span style={{ fontWeight: 500 }}>{text(field, after)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ),
        };
      })}
    />
  );
}
