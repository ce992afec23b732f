import type { ComponentType } from 'react';
import type { FieldContext, RegistryEntry } from '../../../engine/registry.ts';
import type { PropertySchema } from '../../../engine/schema/types.ts';

/** What every cell receives: the value, its schema and path, the whole record, and a resolved reference label. */
export interface CellProps {
  value: unknown;
  schema: PropertySchema;
  /** Field path (`bankId`, `items.0.amount`): the Unknown fallback names it. */
  path: string;
  record?: Record<string, unknown>;
  /**
   * For `x-ref` fields: the referenced record's label, resolved by the page in one call for all rows.
   * `undefined` while loading, `null` when the record is not visible to the user (or gone).
   */
  refLabel?: string | null;
  /** Where the cell shows: a list row (default, 44 px high) or the record page, where some cells show more (larger thumbnails). */
  context?: 'list' | 'view';
}

export interface CellDefinition {
  Cell: ComponentType<CellProps>;
  /** Default alignment in lists (a screen column's `align` wins). */
  align?: 'left' | 'center' | 'right';
  /** The value as plain text (history before → after, tooltips, CSV-like copies). */
  text?: (value: unknown, props: Omit<CellProps, 'value'>) => string;
  /** A schema and value the developer page /tests renders as a live sample. */
  sample?: { schema: PropertySchema; value: unknown; refLabel?: string };
}

export type CellEntry = RegistryEntry<CellDefinition, FieldContext>;
