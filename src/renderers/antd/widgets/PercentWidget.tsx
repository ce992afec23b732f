import { useEffect, useRef, useState } from 'react';
import { Input } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { formatPercent, parsePercent } from '../../../engine/formats/percent.ts';
import { formatIs, rankWith } from '../../../engine/registry.ts';
import { emptyValue, inputProps } from './common.ts';
import { allowsNegative, keepCaretAtEnd } from './money-input.ts';
import { propertyOf, type WidgetEntry } from './types.ts';

const show = (v: unknown) => (typeof v === 'number' ? formatPercent(v) : '');

/**
 * Percentage with two decimals (`12,50%`), typed from the right like money; the value is the plain number
 * (12.5). Whole hundredths divided by 100 give exactly the double of "12.5", so nothing drifts.
 */
export function PercentWidget(props: WidgetProps) {
  const schema = propertyOf(props);
  const allowNegative = allowsNegative(schema);
  const [text, setText] = useState(() => show(props.value));
  const emitted = useRef<unknown>(props.value);

  useEffect(() => {
    if (props.value !== emitted.current) {
      emitted.current = props.value;
      setText(show(props.value));
    }
  }, [props.value]);

  const emit = (value: number | null | undefined) => {
    emitted.current = value;
    props.onChange(value);
  };

  return (
    <Input
      {...inputProps(props)}
      value={text}
      placeholder={props.placeholder || '0,00%'}
      inputMode="decimal"
      onSelect={keepCaretAtEnd}
      style={{ textAlign: 'right' }}
      onChange={(e) => {
        const raw = e.target.value;
        const digits = raw.replace(/\D/g, '').replace(/^0+/, '').slice(0, 9);
        const negative = allowNegative && raw.includes('-');
        if (!digits) {
          setText(raw.replace(/\D/g, '') ? show(0) : negative ? '-' : '');
          emit(raw.replace(/\D/g, '') ? 0 : emptyValue(schema));
          return;
        }
        const value = (negative ? -1 : 1) * (Number(digits) / 100);
        setText(show(value));
        emit(value);
      }}
      onPaste={(e) => {
        const v = parsePercent(e.clipboardData.getData('text'));
        if (typeof v !== 'number') return;
        e.preventDefault();
        const value = Math.round(v * 100) / 100;
        setText(show(value));
        emit(value);
      }}
      onBlur={() => props.onBlur(props.id, emitted.current)}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
}

export const percentTester = rankWith(10, formatIs('percent'));

export default { name: 'percent', tester: percentTester, component: { kind: 'widget', Component: PercentWidget } } satisfies WidgetEntry;
