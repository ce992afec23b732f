import { rankWith } from '../../../engine/registry.ts';
import type { PropertySchema } from '../../../engine/schema/types.ts';
import { formatBRL } from '../../../i18n/format.ts';
import type { CellEntry, CellProps } from './types.ts';
import { EmptyValue } from './EmptyValue.tsx';

const NUMBER = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6 });

/** True when a sibling field `x-money-when` names holds one of its values (any of them): the number is centavos. */
export function isMoneyHere(schema: PropertySchema, record: Record<string, unknown> | undefined): boolean {
  return Object.entries(schema['x-money-when'] ?? {}).some(([field, values]) => {
    const v = record?.[field];
    return (typeof v === 'string' || typeof v === 'number') && values.includes(v);
  });
}

const text = (value: unknown, props: Omit<CellProps, 'value'>) =>
  typeof value !== 'number' || !Number.isFinite(value) ? '' : isMoneyHere(props.schema, props.record) ? formatBRL(value) : NUMBER.format(value);

/**
 * A number whose unit its row says (`x-money-when`): `R$ 100,00` on a price or total line, `4` on a quantity
 * line of the same column (the three-way match's "Esperado" / "Faturado" / "Diferença").
 */
export function MoneyWhenCell({ value, ...props }: CellProps) {
  const s = text(value, props);
  if (!s) return <EmptyValue />;
  const red = typeof value === 'number' && value < 0 && isMoneyHere(props.schema, props.record);
  return <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', color: red ? '#c0392b' : undefined }}>{s}</span>;
}

const entry: CellEntry = {
  name: 'money-when',
  tester: rankWith(12, (ctx) => !!ctx.schema['x-money-when']),
  component: {
    Cell: MoneyWhenCell, align: 'right', text,
    sample: { schema: { type: 'number', title: 'Esperado', 'x-money-when': { kind: ['PRECO'] } }, value: 10000 },
  },
};
export default entry;
