import { useMemo } from 'react';
import { Select } from 'antd';
import type { FieldProps } from '@rjsf/utils';
import { SELECT_TEXT } from '../../../i18n/forms.ts';
import { rankWith, type FieldContext } from '../../../engine/registry.ts';
import { fold } from './common.ts';
import { fieldBasics } from './field-props.ts';
import { optionsOf } from './options.ts';
import { itemsOf } from './testers.ts';
import { propertyOf, type WidgetEntry } from './types.ts';

/**
 * Several of the options (an array of `oneOf`/`enum` items). Selections collapse into "N selecionados" and an
 * empty search or empty list reads "Não há resultados." (spec §9).
 */
export function MultiSelectWidget(props: FieldProps) {
  const base = fieldBasics(props);
  const schema = propertyOf(props);
  const options = useMemo(() => optionsOf(itemsOf(schema)), [schema]);
  const value = Array.isArray(props.formData) ? props.formData : [];
  return (
    <Select
      id={base.id}
      {...base.aria}
      mode="multiple"
      style={{ width: '100%' }}
      disabled={base.disabled}
      status={base.status}
      value={value}
      options={options}
      placeholder={SELECT_TEXT.placeholder}
      notFoundContent={SELECT_TEXT.noResults}
      maxTagCount={0}
      maxTagPlaceholder={() => SELECT_TEXT.selectionLabel(value.length)}
      allowClear
      showSearch={{ filterOption: (input, option) => fold(String(option?.label ?? '')).includes(fold(input)) }}
      onChange={(v) => base.onChange(v)}
      onBlur={base.onBlur}
    />
  );
}

export const multiSelectTester = rankWith<FieldContext>(10, (ctx) => {
  const items = itemsOf(ctx.schema);
  return !!items && (Array.isArray(items.oneOf) || Array.isArray(items.enum));
});

export default { name: 'multi-select', tester: multiSelectTester, component: { kind: 'field', Component: MultiSelectWidget } } satisfies WidgetEntry;
