import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Input, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The picked keys of a queue and how checkboxes change them (one key, or the page's on "select all"). */
export function useKeySelection(): [Set<string>, (keys: string[], on: boolean) => void] {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const toggle = (keys: string[], on: boolean) => setSelected((prev) => {
    const next = new Set(prev);
    for (const k of keys) if (on) next.add(k); else next.delete(k);
    return next;
  });
  return [selected, toggle];
}

interface TargetCardProps {
  /** The document lines are added to: its number (links back to it), a second label and its status. */
  back: string;
  number: string;
  subject: ReactNode;
  status: string;
  current: string;
  /** What is picked (or how many lines wait), read aloud as it changes. */
  selection: string;
  selectionTestId: string;
  mayAdd: boolean;
  picked: number;
  busy: boolean;
  onAdd: () => void;
  texts: { back: string; add: (n: number) => string; none: string };
}

/** The card over an "adicionar itens" queue: the target document, what is picked and the add button. */
export function TargetCard({ back, number, subject, status, current, selection, selectionTestId, mayAdd, picked, busy, onAdd, texts }: TargetCardProps) {
  return (
    <Card style={{ marginBottom: 16 }} styles={{ body: { padding: 16 } }}>
      <Space wrap size={16} style={{ width: '100%', justifyContent: 'space-between' }}>
        <Space direction="vertical" size={2}>
          <Typography.Text strong>
            <Link to={back}>{number}</Link> — {subject} <Tag>{status}</Tag>
          </Typography.Text>
          <Typography.Text type="secondary">{current}</Typography.Text>
        </Space>
        <Space size={12} wrap>
          <Typography.Text type="secondary" aria-live="polite" data-testid={selectionTestId}>{selection}</Typography.Text>
          <Link to={back}>{texts.back}</Link>
          {mayAdd && (
            <Button type="primary" icon={<PlusOutlined />} disabled={!picked} loading={busy} onClick={onAdd}>
              {picked ? texts.add(picked) : texts.none}
            </Button>
          )}
        </Space>
      </Space>
    </Card>
  );
}

interface QueuedLinesCardProps<T> {
  title: string;
  filter: string;
  onFilter: (value: string) => void;
  filterWidth: number;
  /** Lines waiting in all (the empty state tells "none waiting" from "none matches the filter"). */
  total: number;
  shown: T[];
  columns: ColumnsType<T>;
  keyOf: (line: T) => string;
  /** Checkboxes only for who may add to an editable document. */
  selectable: boolean;
  selected: Set<string>;
  toggle: (keys: string[], on: boolean) => void;
  selectLabel: (line: T) => string;
  texts: { filter: string; noMatch: string; empty: string };
}

/** The queue's lines with a text filter and checkboxes, 50 a page when there are more. */
export function QueuedLinesCard<T extends object>(p: QueuedLinesCardProps<T>) {
  const { texts } = p;
  return (
    <Card
      title={p.title}
      extra={<Input.Search allowClear aria-label={texts.filter} placeholder={texts.filter} style={{ width: p.filterWidth }} value={p.filter} onChange={(e) => p.onFilter(e.target.value)} />}
      styles={{ body: { padding: 0 } }}
    >
      {!p.shown.length ? <Empty style={{ padding: 24 }} description={p.total ? texts.noMatch : texts.empty} /> : (
        <Table<T>
          rowKey={p.keyOf}
          size="small"
          tableLayout="fixed"
          pagination={p.shown.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          dataSource={p.shown}
          columns={p.columns}
          rowSelection={p.selectable ? {
            selectedRowKeys: [...p.selected],
            onSelect: (l, on) => p.toggle([p.keyOf(l)], on),
            onSelectAll: (on, _rows, changed) => p.toggle(changed.map(p.keyOf), on),
            getCheckboxProps: (l) => ({ 'aria-label': p.selectLabel(l) }),
          } : undefined}
        />
      )}
    </Card>
  );
}
