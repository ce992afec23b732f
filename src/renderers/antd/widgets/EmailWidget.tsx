import type { WidgetProps } from '@rjsf/utils';
import { formatIs, rankWith } from '../../../engine/registry.ts';
import { MaskedInput } from './MaskedInput.tsx';
import type { WidgetEntry } from './types.ts';

/** E-mail, lowercased on save (the format's normalization). */
export function EmailWidget(props: WidgetProps) {
  return <MaskedInput {...props} format="email" inputMode="email" maxLength={254} placeholder={props.placeholder || 'nome@empresa.com.br'} maskWhileTyping={false} />;
}

export const emailTester = rankWith(10, formatIs('email'));

export default { name: 'email', tester: emailTester, component: { kind: 'widget', Component: EmailWidget } } satisfies WidgetEntry;
