import type { WidgetProps } from '@rjsf/utils';
import { formatIs, rankWith } from '../../../engine/registry.ts';
import { MaskedInput } from './MaskedInput.tsx';
import type { WidgetEntry } from './types.ts';

/** Brazilian phone, DDD + number: landline (00) 0000-0000 or mobile (00) 00000-0000. */
export function PhoneWidget(props: WidgetProps) {
  return <MaskedInput {...props} format="phone" inputMode="tel" maxLength={15} placeholder={props.placeholder || '(00) 00000-0000'} />;
}

export const phoneTester = rankWith(10, formatIs('phone'));

export default { name: 'phone', tester: phoneTester, component: { kind: 'widget', Component: PhoneWidget } } satisfies WidgetEntry;
