import { Input } from 'antd';
import { useState } from 'react';
import { LIST_TEXT } from '../../../../i18n/list.ts';
import type { FilterEditorProps } from './types.ts';

/** "Contains" text: applied on Enter or when leaving the box, not on every keystroke. */
export function TextFilter({ label, value, onChange }: FilterEditorProps) {
  const [text, setText] = useState(typeof value === 'string' ? value : '');
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(typeof value === 'string' ? value : '');
  }
  const apply = () => onChange(text.trim() ? text.trim() : null);
  return (
    <Input
      aria-label={label}
      allowClear
      placeholder={LIST_TEXT.any}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        if (!e.target.value) onChange(null);
      }}
      onPressEnter={apply}
      onBlur={apply}
      style={{ width: 180 }}
    />
  );
}
