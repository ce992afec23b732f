import { Select } from 'antd';
import { LIST_TEXT } from '../../../../i18n/list.ts';
import type { FilterEditorProps } from './types.ts';

const OPTIONS = [
  { value: 'any', label: LIST_TEXT.any },
  { value: 'true', label: LIST_TEXT.yes },
  { value: 'false', label: LIST_TEXT.no },
];

/** Todos / Sim / Não. "Todos" clears the filter (also a default one, which then stays cleared). */
export function BooleanFilter({ label, value, onChange }: FilterEditorProps) {
  return (
    <Select
      aria-label={label}
      value={value === true ? 'true' : value === false ? 'false' : 'any'}
      options={OPTIONS}
      onChange={(v) => onChange(v === 'any' ? null : v === 'true')}
      style={{ width: 120 }}
    />
  );
}
