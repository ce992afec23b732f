import { Input } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { getFormat, isFormatName } from '../../../engine/formats/registry.ts';
import { or, rankWith, requestedIs, typeIs } from '../../../engine/registry.ts';
import { emptyValue, inputProps } from './common.ts';
import { propertyOf, type WidgetEntry } from './types.ts';

/** Plain text; the fallback for any string (a `format` without its own widget still normalizes on save). */
export function TextWidget(props: WidgetProps) {
  const schema = propertyOf(props);
  const f = schema.format && isFormatName(schema.format) ? getFormat(schema.format) : undefined;
  return (
    <Input
      {...inputProps(props)}
      value={typeof props.value === 'string' ? props.value : ''}
      placeholder={props.placeholder}
      maxLength={schema.maxLength}
      onChange={(e) => props.onChange(e.target.value === '' ? emptyValue(schema) : e.target.value)}
      onBlur={(e) => {
        const v = e.target.value.trim();
        const value = v === '' ? emptyValue(schema) : f?.type === 'string' && f.normalize ? f.normalize(v) : v;
        if (value !== props.value) props.onChange(value);
        props.onBlur(props.id, value);
      }}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
}

export const textTester = rankWith(1, or(typeIs('string'), requestedIs('text')));

export default { name: 'text', tester: textTester, component: { kind: 'widget', Component: TextWidget } } satisfies WidgetEntry;
