import { DatePicker } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import dayjs, { type Dayjs } from 'dayjs';
import { formatIs, rankWith } from '../../../engine/registry.ts';
import { emptyValue, inputProps } from './common.ts';
import { propertyOf, type WidgetEntry } from './types.ts';

/** Accounting month (competência), shown `MM/AAAA`, stored `AAAA-MM`. */
export function CompetenceWidget(props: WidgetProps) {
  const schema = propertyOf(props);
  const value = typeof props.value === 'string' && /^\d{4}-\d{2}$/.test(props.value) ? dayjs(`${props.value}-01`) : null;
  return (
    <DatePicker
      {...inputProps(props)}
      picker="month"
      style={{ width: '100%' }}
      value={value}
      format={['MM/YYYY', 'MMYYYY', 'M/YYYY']}
      placeholder={props.placeholder || 'MM/AAAA'}
      onChange={(d: Dayjs | null) => props.onChange(d ? d.format('YYYY-MM') : emptyValue(schema))}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
}

export const competenceTester = rankWith(10, formatIs('competence'));

export default { name: 'competence', tester: competenceTester, component: { kind: 'widget', Component: CompetenceWidget } } satisfies WidgetEntry;
