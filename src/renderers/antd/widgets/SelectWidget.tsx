import { useMemo } from 'react';
import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { SELECT_TEXT } from '../../../i18n/forms.ts';
import { hasOptions, rankWith } from '../../../engine/registry.ts';
import { emptyValue, fold, inputProps } from './common.ts';
import { optionsOf } from './options.ts';
import { propertyOf, type WidgetEntry } from './types.ts';

/** One of the schema's options (`oneOf` with pt-BR titles, or `enum`), searchable without accents. */
export function SelectWidget(props: WidgetProps) {
  const schema = propertyOf(props);
  const options = useMemo(() => optionsOf(schema), [schema]);
  return (
    <Select
      {...inputProps(props)}
      style={{ width: '100%' }}
      value={props.value ?? undefined}
      options={options}
      placeholder={props.placeholder || SELECT_TEXT.placeholder}
      allowClear={!props.required}
      notFoundContent={SELECT_TEXT.noResults}
      showSearch={{ filterOption: (input, option) => fold(String(option?.label ?? '')).includes(fold(input)) }}
      onChange={(v) => props.onChange(v === undefined ? emptyValue(schema) : v)}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
}

export const selectTester = rankWith(5, hasOptions);

export default { name: 'select', tester: selectTester, component: { kind: 'widget', Component: SelectWidget } } satisfies WidgetEntry;
