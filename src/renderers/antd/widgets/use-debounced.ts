import { useEffect, useState } from 'react';

/** The value, `ms` after it stopped changing (search boxes: 300 ms, spec §9's rich-text debounce too). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}
