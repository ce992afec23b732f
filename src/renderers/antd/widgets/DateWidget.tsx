import { DatePicker } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import dayjs, { type Dayjs } from 'dayjs';
import { isIsoDate } from '../../../engine/formats/calendar.ts';
import { formatIs, rankWith } from '../../../engine/registry.ts';
import { emptyValue, inputProps } from './common.ts';
import { propertyOf, type WidgetEntry } from './types.ts';

/** Typed forms accepted besides the picker: with or without slashes, short day and month. */
const FORMATS = ['DD/MM/YYYY', 'DDMMYYYY', 'D/M/YYYY', 'DD/MM/YY'];

/** A calendar date, shown `DD/MM/AAAA`, stored `AAAA-MM-DD` (no time zone involved). */
export function DateWidget(props: WidgetProps) {
  const schema = propertyOf(props);
  const value = typeof props.value === 'string' && isIsoDate(props.value) ? dayjs(props.value) : null;
  return (
    <DatePicker
      {...inputProps(props)}
      style={{ width: '100%' }}
      value={value}
      format={FORMATS}
      placeholder={props.placeholder || 'DD/MM/AAAA'}
      onChange={(d: Dayjs | null) => props.onChange(d ? d.format('YYYY-MM-DD') : emptyValue(schema))}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
}

export const dateTester = rankWith(10, formatIs('date'));

export default { name: 'date', tester: dateTester, component: { kind: 'widget', Component: DateWidget } } satisfies WidgetEntry;
