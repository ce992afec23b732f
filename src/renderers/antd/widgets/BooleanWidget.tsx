import { Switch } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { WIDGET_TEXT } from '../../../i18n/forms.ts';
import { rankWith, typeIs } from '../../../engine/registry.ts';
import { inputProps } from './common.ts';
import type { WidgetEntry } from './types.ts';

/** Yes/no as a switch reading "Sim" / "Não". */
export function BooleanWidget(props: WidgetProps) {
  const { status: _status, ...rest } = inputProps(props);
  return (
    <Switch
      {...rest}
      checked={props.value === true}
      checkedChildren={WIDGET_TEXT.yes}
      unCheckedChildren={WIDGET_TEXT.no}
      onChange={(checked) => props.onChange(checked)}
    />
  );
}

export const booleanTester = rankWith(5, typeIs('boolean'));

export default { name: 'boolean', tester: booleanTester, component: { kind: 'widget', Component: BooleanWidget } } satisfies WidgetEntry;
