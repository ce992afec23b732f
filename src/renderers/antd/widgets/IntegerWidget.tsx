import { InputNumber } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { and, rankWith, typeIs } from '../../../engine/registry.ts';
import { emptyValue, inputProps } from './common.ts';
import { propertyOf, type WidgetEntry } from './types.ts';

/** Whole numbers (quantities, days, installments): no decimal separator accepted. */
export function IntegerWidget(props: WidgetProps) {
  const schema = propertyOf(props);
  return (
    <InputNumber<number>
      {...inputProps(props)}
      style={{ width: '100%' }}
      value={typeof props.value === 'number' ? props.value : null}
      placeholder={props.placeholder}
      min={typeof schema.minimum === 'number' ? schema.minimum : undefined}
      max={typeof schema.maximum === 'number' ? schema.maximum : undefined}
      precision={0}
      step={1}
      onChange={(v) => props.onChange(typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : emptyValue(schema))}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
}

export const integerTester = rankWith(2, and(typeIs('integer'), (c) => !c.schema.format));

export default { name: 'integer', tester: integerTester, component: { kind: 'widget', Component: IntegerWidget } } satisfies WidgetEntry;
