import { isFormatName, getFormat } from '../../../engine/formats/registry.ts';
import { rankWith, type FieldContext } from '../../../engine/registry.ts';
import type { CellEntry, CellProps } from './types.ts';
import { EmptyValue, isEmpty } from './EmptyValue.tsx';

/** Document-like formats shown with their mask (CPF, CNPJ, CEP, telefone, boleto, chave PIX, chave de acesso NF-e). */
const MASKED = new Set(['cpf', 'cnpj', 'cpf-cnpj', 'cep', 'phone', 'boleto', 'pix-key', 'nfe-key']);

function text(value: unknown, props: { schema: CellProps['schema'] }): string {
  if (isEmpty(value) || typeof value !== 'string') return '';
  const f = props.schema.format;
  const def = f && isFormatName(f) ? getFormat(f) : undefined;
  return def?.type === 'string' && def.mask ? def.mask(value) : value;
}

/** Stored unmasked (`52998224725`), shown masked (`529.982.247-25`) with aligned digits. */
export function MaskedCell({ value, schema }: CellProps) {
  const s = text(value, { schema });
  return s ? <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{s}</span> : <EmptyValue />;
}

const entry: CellEntry = {
  name: 'masked',
  tester: rankWith(10, (ctx: FieldContext) => MASKED.has(ctx.schema.format ?? '')),
  component: { Cell: MaskedCell, text, sample: { schema: { type: 'string', format: 'cnpj', title: 'CNPJ' }, value: '12ABC34501DE35' } },
};
export default entry;
