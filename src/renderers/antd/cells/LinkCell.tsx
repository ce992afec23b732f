import { or, formatIs, rankWith } from '../../../engine/registry.ts';
import type { CellEntry, CellProps } from './types.ts';
import { EmptyValue } from './EmptyValue.tsx';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * E-mail and URL values. Plain text in lists (a row is itself a link: no links inside links); the view page
 * makes them clickable through `interactive`.
 */
export function LinkCell({ value }: CellProps) {
  if (typeof value !== 'string' || !value) return <EmptyValue />;
  return <span title={value}>{value}</span>;
}

export function InteractiveLinkCell({ value, schema }: CellProps) {
  if (typeof value !== 'string' || !value) return <EmptyValue />;
  const href = schema.format === 'email' ? `mailto:${value}` : value;
  return <a href={href} target={schema.format === 'uri' ? '_blank' : undefined} rel="noreferrer">{value}</a>;
}

const entry: CellEntry = {
  name: 'link',
  tester: rankWith(10, or(formatIs('email'), formatIs('uri'))),
  component: { Cell: LinkCell, text, sample: { schema: { type: 'string', format: 'email', title: 'E-mail' }, value: 'financeiro@demo.com.br' } },
};
export default entry;
