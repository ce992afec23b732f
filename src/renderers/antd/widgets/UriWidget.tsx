import type { WidgetProps } from '@rjsf/utils';
import { formatIs, rankWith } from '../../../engine/registry.ts';
import { MaskedInput } from './MaskedInput.tsx';
import type { WidgetEntry } from './types.ts';

/** Absolute address with its scheme (https://…). */
export function UriWidget(props: WidgetProps) {
  return <MaskedInput {...props} format="uri" inputMode="url" maxLength={2000} placeholder={props.placeholder || 'https://'} maskWhileTyping={false} />;
}

export const uriTester = rankWith(10, formatIs('uri'));

export default { name: 'uri', tester: uriTester, component: { kind: 'widget', Component: UriWidget } } satisfies WidgetEntry;
