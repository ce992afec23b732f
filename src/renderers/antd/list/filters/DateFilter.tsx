import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { FilterScalar } from '../../../../engine/data/types.ts';
import { LIST_TEXT } from '../../../../i18n/list.ts';
import type { FilterEditorProps } from './types.ts';

/**
 * Dates, months of competence and timestamps: a range for `between` (either end may stay open), one date
 * for the others. Loaded only by lists that filter by date (the picker is heavy).
 */
export default function DateFilter({ filter, schema, label, value, onChange }: FilterEditorProps) {
  const month = schema.format === 'competence';
  const storeFormat = month ? 'YYYY-MM' : 'YYYY-MM-DD';
  const showFormat = month ? 'MM/YYYY' : 'DD/MM/YYYY';
  const parse = (v: FilterScalar | undefined) => (typeof v === 'string' && v ? dayjs(v.slice(0, storeFormat.length), storeFormat) : null);
  // A timestamp bound covers the whole day: from its first to its last instant.
  const store = (d: Dayjs | null, end: boolean): FilterScalar => {
    if (!d) return '';
    if (schema.format === 'date-time') return (end ? d.endOf('day') : d.startOf('day')).toISOString();
    return d.format(storeFormat);
  };
  if (filter.operator !== 'between') {
    return (
      <DatePicker
        aria-label={label}
        picker={month ? 'month' : 'date'}
        format={showFormat}
        value={parse(value as FilterScalar | undefined)}
        onChange={(d) => onChange(d ? store(d, filter.operator === 'lte') : null)}
        style={{ width: 150 }}
      />
    );
  }
  const [from, to] = Array.isArray(value) ? value : [undefined, undefined];
  return (
    <DatePicker.RangePicker
      aria-label={label}
      picker={month ? 'month' : 'date'}
      format={showFormat}
      allowEmpty={[true, true]}
      placeholder={[LIST_TEXT.from, LIST_TEXT.to]}
      value={[parse(from), parse(to)]}
      onChange={(range) => {
        const [a, b] = [store(range?.[0] ?? null, false), store(range?.[1] ?? null, true)];
        onChange(a === '' && b === '' ? null : [a, b]);
      }}
      style={{ width: month ? 220 : 250 }}
    />
  );
}
