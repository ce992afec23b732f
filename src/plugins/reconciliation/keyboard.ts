/**
 * The bank pane's keyboard (↑ ↓ move, Enter confirms the best suggestion, Espaço marks a pending line for N:1,
 * P skips to the next pending line) and the virtual list's rendered range, as pure functions.
 */

export interface KeyLine {
  id: string;
  status: 'PENDENTE' | 'CONCILIADO' | 'IGNORADO';
  suggestions: readonly unknown[];
}

export type LineKeyAction =
  | { type: 'move'; index: number }
  | { type: 'accept'; index: number }
  | { type: 'toggle'; index: number }
  | null;

/**
 * What a key does on the list with `activeId` (or the first line when it is not in the list). `move` carries the
 * index of the line to select; a key that does nothing (the list's edge, no pending line after, not allowed) is null
 * for Enter and Espaço (so the browser keeps them) and a `move` to the same line for the arrows (they never scroll
 * the list by themselves).
 */
export function lineKeyAction(key: string, lines: readonly KeyLine[], activeId: string | null, opts: { canAct: boolean; busy: boolean }): LineKeyAction {
  if (!lines.length) return null;
  const found = lines.findIndex((l) => l.id === activeId);
  const i = found < 0 ? 0 : found;
  const current = lines[i];
  if (key === 'ArrowDown' || key === 'ArrowUp') return { type: 'move', index: Math.min(lines.length - 1, Math.max(0, i + (key === 'ArrowDown' ? 1 : -1))) };
  if (key === 'Home') return { type: 'move', index: 0 };
  if (key === 'End') return { type: 'move', index: lines.length - 1 };
  if (key === 'Enter') return current.status === 'PENDENTE' && current.suggestions.length > 0 && opts.canAct && !opts.busy ? { type: 'accept', index: i } : null;
  if (key === ' ') return current.status === 'PENDENTE' && opts.canAct ? { type: 'toggle', index: i } : null;
  if (key.toLowerCase() === 'p') {
    for (let j = i + 1; j < lines.length; j++) if (lines[j].status === 'PENDENTE') return { type: 'move', index: j };
    return null;
  }
  return null;
}

/**
 * The indexes the virtual list renders: the visible range plus the active line, wherever it is, so that
 * `aria-activedescendant` always points at an element in the document (even after the mouse scrolled it away).
 */
export function withActive(range: readonly number[], active: number): number[] {
  if (active < 0 || range.includes(active)) return [...range];
  return [...range, active].sort((a, b) => a - b);
}
