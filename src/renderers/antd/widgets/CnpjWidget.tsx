import type { WidgetProps } from '@rjsf/utils';
import { formatIs, rankWith } from '../../../engine/registry.ts';
import { MaskedInput } from './MaskedInput.tsx';
import type { WidgetEntry } from './types.ts';

/** CNPJ, numeric or alphanumeric (July 2026 rule): letters are uppercased as typed. */
export function CnpjWidget(props: WidgetProps) {
  return <MaskedInput {...props} format="cnpj" inputMode="text" maxLength={18} placeholder={props.placeholder || 'AA.AAA.AAA/AAAA-00'} />;
}

export const cnpjTester = rankWith(10, formatIs('cnpj'));

export default { name: 'cnpj', tester: cnpjTester, component: { kind: 'widget', Component: CnpjWidget } } satisfies WidgetEntry;
