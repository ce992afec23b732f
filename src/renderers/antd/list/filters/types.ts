import type { FilterValue } from '../../../../engine/data/types.ts';
import type { ListFilter } from '../../../../engine/schema/screen-types.ts';
import type { PropertySchema } from '../../../../engine/schema/types.ts';

/** What each filter editor gets: the screen's filter, its field schema, the current value and a setter. */
export interface FilterEditorProps {
  filter: ListFilter;
  schema: PropertySchema;
  label: string;
  value: FilterValue | undefined;
  /** `null` clears the filter. */
  onChange: (value: FilterValue | null) => void;
}
