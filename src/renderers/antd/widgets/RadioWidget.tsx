import { Radio, Typography } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { and, hasOptions, rankWith, requestedIs } from '../../../engine/registry.ts';
import { fieldAria, inputProps } from './common.ts';
import { optionsOf } from './options.ts';
import { propertyOf, type WidgetEntry } from './types.ts';

/** Few options side by side (`"ui:widget": "radio"`); each option's description shows as its tooltip. */
export function RadioWidget(props: WidgetProps) {
  const { id, disabled } = inputProps(props);
  const options = optionsOf(propertyOf(props));
  const chosen = options.find((o) => o.value === props.value)?.title;
  return (
    <>
    <Radio.Group
      id={id}
      role="radiogroup"
      disabled={disabled}
      value={props.value ?? undefined}
      {...fieldAria(props)}
      onChange={(e) => props.onChange(e.target.value)}
    >
      {options.map((o) => (
        <Radio key={String(o.value)} value={o.value} title={o.title} onBlur={() => props.onBlur(props.id, props.value)}>
          {o.label}
        </Radio>
      ))}
    </Radio.Group>
    {/* The chosen option's description says what the choice means (Sintético: "não recebe lançamentos"). */}
    {chosen && <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4 }}>{chosen}</Typography.Text>}
    </>
  );
}

export const radioTester = rankWith(20, and(requestedIs('radio'), hasOptions));

export default { name: 'radio', tester: radioTester, component: { kind: 'widget', Component: RadioWidget } } satisfies WidgetEntry;
