import { Select } from 'antd';
import { optionsOf } from '../../../../engine/list/fields.ts';
import { LIST_TEXT } from '../../../../i18n/list.ts';
import type { FilterEditorProps } from './types.ts';

/** Options by their pt-BR labels: several for `in`, one for `eq`/`ne`. */
export function OptionsFilter({ filter, schema, label, value, onChange }: FilterEditorProps) {
  const options = optionsOf(schema).map((o) => ({ value: String(o.value), label: o.label, raw: o.value }));
  const toRaw = (v: string) => options.find((o) => o.value === v)?.raw ?? v;
  if (filter.operator === 'in') {
    const current = Array.isArray(value) ? value.map(String) : [];
    return (
      <Select
        aria-label={label}
        mode="multiple"
        allowClear
        placeholder={LIST_TEXT.any}
        value={current}
        options={options}
        maxTagCount="responsive"
        notFoundContent={LIST_TEXT.noOptions}
        onChange={(vs: string[]) => onChange(vs.length ? vs.map(toRaw) : null)}
        style={{ minWidth: 180, maxWidth: 280 }}
      />
    );
  }
  return (
    <Select
      aria-label={label}
      allowClear
      placeholder={LIST_TEXT.any}
      value={value === undefined ? undefined : String(value)}
      options={options}
      notFoundContent={LIST_TEXT.noOptions}
      onChange={(v?: string) => onChange(v === undefined ? null : toRaw(v))}
      style={{ minWidth: 160 }}
    />
  );
}
