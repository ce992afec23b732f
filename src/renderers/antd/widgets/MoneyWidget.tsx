import { useEffect, useRef, useState } from 'react';
import { Input } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { formatIs, rankWith } from '../../../engine/registry.ts';
import { emptyValue, inputProps } from './common.ts';
import { allowsNegative, keepCaretAtEnd, moneyEdit, moneyPaste, showMoney, type MoneyInputState } from './money-input.ts';
import { propertyOf, type WidgetEntry } from './types.ts';

/** BRL amount `R$ 1.234,56`; the value is integer centavos (`"format": "money"` on an integer). */
export function MoneyWidget(props: WidgetProps) {
  const schema = propertyOf(props);
  const allowNegative = allowsNegative(schema);
  const [state, setState] = useState<MoneyInputState>(() => ({ text: showMoney(props.value), value: typeof props.value === 'number' ? props.value : null }));
  const emitted = useRef<unknown>(props.value);

  useEffect(() => {
    if (props.value !== emitted.current) {
      emitted.current = props.value;
      setState({ text: showMoney(props.value), value: typeof props.value === 'number' ? props.value : null });
    }
  }, [props.value]);

  const apply = (next: MoneyInputState) => {
    setState(next);
    const value = next.value ?? emptyValue(schema);
    if (value !== emitted.current) {
      emitted.current = value;
      props.onChange(value);
    }
  };

  return (
    <Input
      {...inputProps(props)}
      value={state.text}
      placeholder={props.placeholder || 'R$ 0,00'}
      inputMode={allowNegative ? 'text' : 'numeric'}
      // Negative amounts (overdraft, credits) read in red, as in the reports.
      style={{ textAlign: 'right', color: (state.value ?? 0) < 0 ? 'var(--ant-color-error, #cf1322)' : undefined }}
      onSelect={keepCaretAtEnd}
      onChange={(e) => apply(moneyEdit(e.target.value, { allowNegative, previous: state }))}
      onPaste={(e) => {
        const pasted = moneyPaste(e.clipboardData.getData('text'), { allowNegative });
        if (!pasted) return;
        e.preventDefault();
        apply(pasted);
      }}
      onBlur={() => {
        if (state.text === '-') setState({ text: '', value: null });
        props.onBlur(props.id, emitted.current);
      }}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
}

export const moneyTester = rankWith(10, formatIs('money'));

export default { name: 'money', tester: moneyTester, component: { kind: 'widget', Component: MoneyWidget } } satisfies WidgetEntry;
