import { Input } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import type { FieldContext, Predicate } from '../../../engine/registry.ts';
import { rankWith } from '../../../engine/registry.ts';
import { WIDGET_TEXT } from '../../../i18n/forms.ts';
import { inputProps } from './common.ts';
import { propertyOf, type WidgetEntry } from './types.ts';

/**
 * A `writeOnly` field (API secret, password of a bank mailbox): typed hidden, never autofilled by the
 * browser, and empty on edit because the API never returns it — left empty, the stored one is kept.
 */
export function SecretWidget(props: WidgetProps) {
  const schema = propertyOf(props);
  return (
    <Input.Password
      {...inputProps(props)}
      value={typeof props.value === 'string' ? props.value : ''}
      placeholder={props.placeholder || WIDGET_TEXT.secretPlaceholder}
      maxLength={schema.maxLength}
      autoComplete="new-password"
      spellCheck={false}
      onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
}

const isWriteOnly: Predicate<FieldContext> = (ctx) => ctx.schema.writeOnly === true;

export const secretTester = rankWith(20, isWriteOnly);

export default { name: 'secret', tester: secretTester, component: { kind: 'widget', Component: SecretWidget } } satisfies WidgetEntry;
