import { Input } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { and, rankWith, requestedIs, typeIs } from '../../../engine/registry.ts';
import { best } from './testers.ts';
import { emptyValue, inputProps, uiOption } from './common.ts';
import { propertyOf, type WidgetEntry } from './types.ts';

/** Long text: `ui:widget: "textarea"` and any string over 255 characters (PIX copia e cola has its own widget). */
export function TextareaWidget(props: WidgetProps) {
  const schema = propertyOf(props);
  return (
    <Input.TextArea
      {...inputProps(props)}
      value={typeof props.value === 'string' ? props.value : ''}
      placeholder={props.placeholder}
      maxLength={schema.maxLength}
      showCount={!!schema.maxLength && schema.maxLength > 255}
      autoSize={{ minRows: uiOption<number>(props, 'rows') ?? 3, maxRows: 12 }}
      onChange={(e) => props.onChange(e.target.value === '' ? emptyValue(schema) : e.target.value)}
      onBlur={(e) => props.onBlur(props.id, e.target.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
}

export const textareaTester = best(
  rankWith(20, requestedIs('textarea')),
  rankWith(3, and(typeIs('string'), (c) => (c.schema.maxLength ?? 0) > 255)),
);

export default { name: 'textarea', tester: textareaTester, component: { kind: 'widget', Component: TextareaWidget } } satisfies WidgetEntry;
