import { fieldLabel, fieldSchema, isSortable } from '../../../engine/list/fields.ts';
import type { ResourceRecord } from '../../../engine/data/types.ts';
import type { ListColumn } from '../../../engine/schema/screen-types.ts';
import type { PropertySchema, ResourceSchema } from '../../../engine/schema/types.ts';
import { resolveCell } from '../cells/registry.ts';
import type { CellEntry } from '../cells/types.ts';
import { useRefLabel } from './labels-context.ts';
import { listColumnHelper } from './table-features.ts';

/** One data column of a list, resolved once per screen: title, cell renderer, alignment, width. */
export interface ColumnSpec {
  field: string;
  title: string;
  schema: PropertySchema;
  entry: CellEntry;
  align: 'left' | 'center' | 'right';
  width?: number;
  sortable: boolean;
  link: boolean;
  hidden: boolean;
  /** Resource of an `x-ref` field (labels come from there). */
  ref?: string;
}

export function columnSpecs(schema: ResourceSchema, columns: readonly ListColumn[], resource: string): ColumnSpec[] {
  const specs = columns.map((c): ColumnSpec => {
    const p = fieldSchema(schema, c.field) ?? { title: c.field };
    const entry = resolveCell({ schema: p, path: c.field, resource, requested: c.cell });
    return {
      field: c.field,
      title: fieldLabel(schema, c.field, c.title),
      schema: p,
      entry,
      align: c.align ?? entry.component.align ?? 'left',
      width: c.width,
      sortable: isSortable(schema, c),
      link: !!c.link,
      hidden: !!c.hidden,
      ref: p['x-ref'],
    };
  });
  // Every row opens its record: without a `link` column, the first visible one carries the link.
  if (!specs.some((s) => s.link && !s.hidden)) {
    const first = specs.find((s) => !s.hidden);
    if (first) first.link = true;
  }
  return specs;
}

/** A cell of a column: the registry's component, with the page-resolved label for references. */
export function SpecCell({ spec, record }: { spec: ColumnSpec; record: ResourceRecord }) {
  const value = record[spec.field];
  const refLabel = useRefLabel(spec.field, value);
  const { Cell } = spec.entry.component;
  return <Cell value={value} schema={spec.schema} path={spec.field} record={record} refLabel={spec.ref ? refLabel : undefined} />;
}

export const SELECT_COLUMN = '__select';
export const ACTIONS_COLUMN = '__actions';

/**
 * TanStack column definitions of a list (sorting, visibility, headers). The rows render their cells themselves
 * (ListRow: `SpecCell` for data columns, the checkbox and the actions for the display columns).
 */
export function tableColumns(specs: readonly ColumnSpec[], options: { selectable: boolean; actions: boolean }) {
  const data = specs.map((spec) =>
    listColumnHelper.accessor((row) => row[spec.field], {
      id: spec.field,
      header: spec.title,
      enableSorting: spec.sortable,
      enableHiding: true,
    }),
  );
  return [
    ...(options.selectable ? [listColumnHelper.display({ id: SELECT_COLUMN, enableSorting: false, enableHiding: false })] : []),
    ...data,
    ...(options.actions ? [listColumnHelper.display({ id: ACTIONS_COLUMN, enableSorting: false, enableHiding: false })] : []),
  ];
}

/** CSS grid track of a column: its fixed width, else a flexible share with a readable minimum. */
export function gridTrack(spec: ColumnSpec | undefined, id: string): string {
  if (id === SELECT_COLUMN) return '44px';
  if (id === ACTIONS_COLUMN) return '56px';
  if (spec?.width) return `${spec.width}px`;
  // The record's name (the link column) gets the most room; the rest share what is left.
  return spec?.link ? 'minmax(180px, 2fr)' : 'minmax(140px, 1fr)';
}
