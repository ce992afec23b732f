import { useCallback, useState } from 'react';
import type { ColumnVisibilityState } from '@tanstack/react-table';
import type { ColumnSpec } from './columns.tsx';

const storageKey = (userId: string, screen: string) => `bo.list.columns.${userId}.${screen}`;

/** The screen's default: columns marked `hidden` start hidden. */
export const defaultVisibility = (specs: readonly ColumnSpec[]): ColumnVisibilityState =>
  Object.fromEntries(specs.map((s) => [s.field, !s.hidden]));

function read(key: string, specs: readonly ColumnSpec[]): ColumnVisibilityState {
  const base = defaultVisibility(specs);
  try {
    const saved = JSON.parse(localStorage.getItem(key) ?? 'null') as Record<string, boolean> | null;
    // Only known columns; a column added to the screen later shows with its default.
    if (saved) for (const s of specs) if (typeof saved[s.field] === 'boolean') base[s.field] = saved[s.field];
  } catch {
    /* a corrupt entry falls back to the default */
  }
  return base;
}

/** Visible columns, persisted per user and screen in this browser (the column chooser). */
export function useColumnVisibility(userId: string, screen: string, specs: readonly ColumnSpec[]) {
  const key = storageKey(userId, screen);
  const [state, setState] = useState(() => ({ key, value: read(key, specs) }));
  const value = state.key === key ? state.value : read(key, specs);
  const set = useCallback(
    (next: ColumnVisibilityState | null) => {
      const v = next ?? defaultVisibility(specs);
      if (next) localStorage.setItem(key, JSON.stringify(v));
      else localStorage.removeItem(key);
      setState({ key, value: v });
    },
    [key, specs],
  );
  return [value, set] as const;
}
