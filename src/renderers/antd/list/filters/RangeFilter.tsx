import { InputNumber, Space } from 'antd';
import type { FilterScalar } from '../../../../engine/data/types.ts';
import { LIST_TEXT } from '../../../../i18n/list.ts';
import type { FilterEditorProps } from './types.ts';

/**
 * Numbers and money: `between` as two bounds (either may stay open), `gte`/`lte` as one. Money is typed in
 * reais (`1.234,56`) and sent in centavos, the stored unit.
 */
export function RangeFilter({ filter, schema, label, value, onChange }: FilterEditorProps) {
  const money = schema.format === 'money';
  const toInput = (v: FilterScalar | undefined) => (typeof v === 'number' ? (money ? v / 100 : v) : null);
  const fromInput = (n: number | string | null): FilterScalar => (n === null || n === '' ? '' : money ? Math.round(Number(n) * 100) : Number(n));
  const input = (v: FilterScalar | undefined, set: (n: number | string | null) => void, placeholder: string, aria: string) => (
    <InputNumber<number>
      aria-label={aria}
      value={toInput(v)}
      onChange={set}
      placeholder={placeholder}
      decimalSeparator=","
      precision={money ? 2 : undefined}
      prefix={money ? 'R$' : undefined}
      controls={false}
      style={{ width: 140 }}
    />
  );
  if (filter.operator !== 'between') {
    return input(value as FilterScalar | undefined, (n) => onChange(n === null ? null : fromInput(n)), filter.operator === 'lte' ? LIST_TEXT.maxValue : LIST_TEXT.minValue, label);
  }
  const [from, to] = Array.isArray(value) ? value : [undefined, undefined];
  const set = (a: FilterScalar, b: FilterScalar) => onChange(a === '' && b === '' ? null : [a, b]);
  return (
    <Space.Compact>
      {input(from, (n) => set(fromInput(n), to ?? ''), LIST_TEXT.from, `${label}: ${LIST_TEXT.from}`)}
      {input(to, (n) => set(from ?? '', fromInput(n)), LIST_TEXT.to, `${label}: ${LIST_TEXT.to}`)}
    </Space.Compact>
  );
}
