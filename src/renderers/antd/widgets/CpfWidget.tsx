import type { WidgetProps } from '@rjsf/utils';
import { formatIs, rankWith } from '../../../engine/registry.ts';
import { MaskedInput } from './MaskedInput.tsx';
import type { WidgetEntry } from './types.ts';

/** CPF with its mask; check digits validated by the format (same rule as the server). */
export function CpfWidget(props: WidgetProps) {
  return <MaskedInput {...props} format="cpf" inputMode="numeric" maxLength={14} placeholder={props.placeholder || '000.000.000-00'} />;
}

export const cpfTester = rankWith(10, formatIs('cpf'));

export default { name: 'cpf', tester: cpfTester, component: { kind: 'widget', Component: CpfWidget } } satisfies WidgetEntry;
