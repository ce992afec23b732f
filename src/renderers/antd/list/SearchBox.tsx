import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { LIST_TEXT } from '../../../i18n/list.ts';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The free-text search (`q`): applied 300 ms after the last keystroke, at once on Enter. Follows the URL
 * when it changes from outside (back button, a saved view) unless the person is mid-typing.
 */
export function SearchBox({ value, onSearch, placeholder }: { value: string; onSearch: (q: string) => void; placeholder: string }) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  if (seen !== value) {
    setSeen(value);
    if (text.trim() !== value) setText(value);
  }
  useEffect(() => () => clearTimeout(timer.current), []);
  const schedule = (next: string, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(next.trim()), delay);
  };
  return (
    <Input
      role="searchbox"
      aria-label={LIST_TEXT.search}
      allowClear
      prefix={<SearchOutlined style={{ color: '#9aa5b4' }} />}
      placeholder={placeholder}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        schedule(e.target.value, SEARCH_DEBOUNCE_MS);
      }}
      onPressEnter={() => schedule(text, 0)}
      style={{ width: 460, maxWidth: '100%' }}
    />
  );
}
