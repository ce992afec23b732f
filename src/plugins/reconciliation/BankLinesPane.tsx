import { defaultRangeExtractor, observeElementRect, useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { Card, Empty, Skeleton, Tag, Typography } from 'antd';
import { memo, useCallback, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { formatDate } from '../../i18n/format.ts';
import type { BankLine } from './api.ts';
import { lineKeyAction, withActive } from './keyboard.ts';
import { money, STATUS } from './ui.tsx';

/** Every line has this height (one text line, ellipsis): the virtual list places them without measuring. */
export const LINE_HEIGHT = 40;
const MAX_HEIGHT = 560;

// Before the first layout the list has no height; the viewport's stands in so the first frame has rows.
function observeRect(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: { width: number; height: number }) => void) {
  return observeElementRect(instance, (rect) => cb(rect.height ? rect : { width: rect.width, height: Math.min(MAX_HEIGHT, window.innerHeight || 800) }));
}

export interface BankLinesPaneProps {
  /** The lines shown (the filter applied); undefined while the workspace loads. */
  lines: readonly BankLine[] | undefined;
  emptyText: string;
  activeId: string | null;
  marked: ReadonlySet<string>;
  canAct: boolean;
  busy: boolean;
  onSelect: (id: string) => void;
  onToggle: (id: string) => void;
  /** Enter on a pending line with suggestions: confirm the best one. */
  onAccept: (line: BankLine) => void;
  /** Under the list, inside the card (the N:1 selection bar). */
  footer?: ReactNode;
}

/**
 * The bank's lines: a `listbox` with `aria-activedescendant` (↑ ↓ move, Enter confirms the best suggestion, Espaço
 * marks a pending line, P goes to the next pending line), virtualized (TanStack Virtual, fixed-height options with
 * `aria-setsize` / `aria-posinset`): only the visible lines and the active one are in the document, so 5,000 lines
 * scroll and re-render without long tasks. A keyboard move scrolls the new active line into view.
 */
export function BankLinesPane({ lines, emptyText, activeId, marked, canAct, busy, onSelect, onToggle, onAccept, footer }: BankLinesPaneProps) {
  return (
    <Card size="small" title={`Extrato do banco (${lines?.length ?? 0})`} styles={{ body: { padding: 0 } }}>
      {!lines ? (
        <Skeleton active style={{ padding: 16 }} />
      ) : !lines.length ? (
        <Empty style={{ padding: 24 }} description={emptyText} />
      ) : (
        <LineList lines={lines} activeId={activeId} marked={marked} canAct={canAct} busy={busy} onSelect={onSelect} onToggle={onToggle} onAccept={onAccept} />
      )}
      {footer}
    </Card>
  );
}

function LineList({ lines, activeId, marked, canAct, busy, onSelect, onToggle, onAccept }: Omit<BankLinesPaneProps, 'lines' | 'emptyText' | 'footer'> & { lines: readonly BankLine[] }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const found = lines.findIndex((l) => l.id === activeId);
  const activeIndex = found < 0 ? 0 : found;
  const active = lines[activeIndex];
  const activeRef = useRef(activeIndex);
  activeRef.current = activeIndex;
  const rangeExtractor = useCallback((range: Range) => withActive(defaultRangeExtractor(range), activeRef.current), []);
  // The virtualizer's functions change every render by design; this component is not compiler-memoised.
  // oxlint-disable-next-line react/incompatible-library
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => LINE_HEIGHT,
    getItemKey: (i) => lines[i].id,
    overscan: 8,
    rangeExtractor,
    observeElementRect: observeRect,
  });

  const onKeyDown = (e: KeyboardEvent) => {
    const action = lineKeyAction(e.key, lines, active.id, { canAct, busy });
    if (!action) return;
    if (e.key.toLowerCase() !== 'p') e.preventDefault();
    const line = lines[action.index];
    if (action.type === 'move') {
      onSelect(line.id);
      virtualizer.scrollToIndex(action.index, { align: 'auto' });
    } else if (action.type === 'accept') onAccept(line);
    else onToggle(line.id);
  };

  return (
    <div
      ref={scrollRef}
      role="listbox"
      tabIndex={0}
      aria-label="Lançamentos do extrato do banco (setas para mover, Enter confirma a melhor sugestão, Espaço marca para conciliar juntos, P vai ao próximo pendente)"
      aria-activedescendant={`line-${active.id}`}
      onKeyDown={onKeyDown}
      data-testid="bank-lines"
      style={{ maxHeight: MAX_HEIGHT, overflowY: 'auto', outlineOffset: -2, contain: 'strict', height: Math.min(MAX_HEIGHT, lines.length * LINE_HEIGHT) }}
    >
      <div role="none" style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const l = lines[item.index];
          return (
            <LineOption
              key={l.id}
              line={l}
              index={item.index}
              setSize={lines.length}
              start={item.start}
              active={item.index === activeIndex}
              markable={l.status === 'PENDENTE' && canAct}
              marked={marked.has(l.id)}
              onSelect={onSelect}
              onToggle={onToggle}
            />
          );
        })}
      </div>
    </div>
  );
}

interface LineOptionProps {
  line: BankLine;
  index: number;
  setSize: number;
  start: number;
  active: boolean;
  markable: boolean;
  marked: boolean;
  onSelect: (id: string) => void;
  onToggle: (id: string) => void;
}

/** One option; memoised so a scroll step or a keyboard move renders only the lines that change. */
const LineOption = memo(function LineOption({ line: l, index, setSize, start, active, markable, marked, onSelect, onToggle }: LineOptionProps) {
  return (
    <div
      id={`line-${l.id}`}
      role="option"
      aria-selected={active}
      aria-checked={markable ? marked : undefined}
      aria-setsize={setSize}
      aria-posinset={index + 1}
      data-testid="bank-line"
      onClick={() => onSelect(l.id)}
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        height: LINE_HEIGHT,
        boxSizing: 'border-box',
        transform: `translateY(${start}px)`,
        display: 'grid',
        gridTemplateColumns: '20px 88px minmax(0, 1fr) auto',
        alignItems: 'center',
        gap: 8,
        padding: '0 12px',
        borderBottom: '1px solid #f0f0f0',
        cursor: 'pointer',
        background: active ? '#e6f4ff' : undefined,
      }}
    >
      {markable ? (
        <span
          aria-hidden
          data-testid="mark-line"
          title="Marcar para conciliar juntos (Espaço)"
          onClick={(e) => {
            e.stopPropagation();
            onSelect(l.id);
            onToggle(l.id);
          }}
          style={{ width: 16, height: 16, border: `1px solid ${marked ? '#1677ff' : '#8c8c8c'}`, borderRadius: 4, background: marked ? '#1677ff' : '#fff', color: '#fff', fontSize: 12, lineHeight: '14px', textAlign: 'center' }}
        >
          {marked ? '✓' : ''}
        </span>
      ) : (
        <span />
      )}
      <span>{formatDate(l.date)}</span>
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={l.memo}>
        {l.memo || '(sem histórico)'} {l.documentNumber && <Typography.Text type="secondary">· {l.documentNumber}</Typography.Text>}
      </span>
      <span style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
        {money(l.amount)}{' '}
        <Tag color={STATUS[l.status].color} style={{ marginInlineEnd: 0 }}>{STATUS[l.status].label}</Tag>
      </span>
    </div>
  );
});
