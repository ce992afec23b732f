import { Input } from 'antd';
import { useState } from 'react';
import { keepCaretAtEnd, moneyEdit, moneyPaste, showMoney, type MoneyInputState } from '../../renderers/antd/widgets/money-input.ts';

/**
 * A non-negative BRL amount in integer centavos (cash-register typing, like the forms' money widget) for
 * the workflow dialogs (juros, multa, desconto at payment time).
 */
export function MoneyInput({ value, onChange, label, size = 'small' }: { value: number; onChange: (v: number) => void; label: string; size?: 'small' | 'middle' }) {
  const [state, setState] = useState<MoneyInputState>(() => ({ text: showMoney(value), value }));
  const apply = (next: MoneyInputState) => {
    setState(next);
    onChange(next.value ?? 0);
  };
  return (
    <Input
      size={size}
      aria-label={label}
      value={state.text}
      placeholder="R$ 0,00"
      inputMode="numeric"
      style={{ textAlign: 'right', minWidth: 110 }}
      onSelect={keepCaretAtEnd}
      onChange={(e) => apply(moneyEdit(e.target.value, { allowNegative: false, previous: state }))}
      onPaste={(e) => {
        const pasted = moneyPaste(e.clipboardData.getData('text'), { allowNegative: false });
        if (!pasted) return;
        e.preventDefault();
        apply(pasted);
      }}
    />
  );
}
