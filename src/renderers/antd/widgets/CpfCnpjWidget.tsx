import type { WidgetProps } from '@rjsf/utils';
import { formatIs, rankWith } from '../../../engine/registry.ts';
import { MaskedInput } from './MaskedInput.tsx';
import type { WidgetEntry } from './types.ts';

/** CPF while it fits one (11 digits), CNPJ mask from then on. */
export function CpfCnpjWidget(props: WidgetProps) {
  return <MaskedInput {...props} format="cpf-cnpj" inputMode="text" maxLength={18} placeholder={props.placeholder || 'CPF ou CNPJ'} />;
}

export const cpfCnpjTester = rankWith(10, formatIs('cpf-cnpj'));

export default { name: 'cpf-cnpj', tester: cpfCnpjTester, component: { kind: 'widget', Component: CpfCnpjWidget } } satisfies WidgetEntry;
