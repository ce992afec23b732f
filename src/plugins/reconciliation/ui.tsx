import { formatBRL } from '../../i18n/format.ts';
import type { BankLine } from './api.ts';

/** Small pieces shared by the reconciliation page and its panes. */

export const STATUS: Record<BankLine['status'], { label: string; color: string }> = {
  PENDENTE: { label: 'Pendente', color: 'gold' },
  CONCILIADO: { label: 'Conciliado', color: 'green' },
  IGNORADO: { label: 'Ignorado', color: 'default' },
};

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const money = (v: number) => <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', color: v < 0 ? '#a61d24' : undefined }}>{formatBRL(v)}</span>;
