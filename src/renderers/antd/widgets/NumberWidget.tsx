import { InputNumber } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { and, rankWith, typeIs } from '../../../engine/registry.ts';
import { emptyValue, inputProps } from './common.ts';
import { propertyOf, type WidgetEntry } from './types.ts';

/** Decimal numbers, pt-BR (`1.234,5`). Money and percentages have their own widgets. */
export function NumberWidget(props: WidgetProps) {
  const schema = propertyOf(props);
  return (
    <InputNumber<number>
      {...inputProps(props)}
      style={{ width: '100%' }}
      value={typeof props.value === 'number' ? props.value : null}
      placeholder={props.placeholder}
      min={typeof schema.minimum === 'number' ? schema.minimum : undefined}
      max={typeof schema.maximum === 'number' ? schema.maximum : undefined}
      decimalSeparator=","
      onChange={(v) => props.onChange(v ?? emptyValue(schema))}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
}

export const numberTester = rankWith(1, and(typeIs('number'), (c) => !c.schema.format));

export default { name: 'number', tester: numberTester, component: { kind: 'widget', Component: NumberWidget } } satisfies WidgetEntry;
