import { useState, type Key } from 'react';
import { HistoryOutlined, StopOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Typography } from 'antd';
import { actionDisplay } from '../../engine/data/record-actions.ts';
import { Hint } from '../../renderers/antd/Hint.tsx';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import { ageLabel, APPROVAL_RESOURCE_LABELS, APPROVAL_STATUS_LABELS, APPROVAL_TEXT } from '../../i18n/approvals.ts';
import { formatBRL, formatDateTime } from '../../i18n/format.ts';
import { BRAND } from '../../renderers/antd/theme.ts';
import { recordPath, type RequestItem } from './api.ts';
import { DecisionHistory } from './DecisionHistory.tsx';
import { DecisionModal, type DecisionKind } from './DecisionModal.tsx';
import { ScrollTable } from '../../renderers/antd/ScrollTable.tsx';

const renderHistory = (r: RequestItem) => <DecisionHistory requestId={r.id} />;

/** The server's reason when deciding applies to the person but is blocked now (architecture §12). */
const blockedReason = (r: RequestItem): string | null => {
  const d = actionDisplay(r.actions?.approve);
  return d.show && d.disabled ? d.reason : null;
};

const STATUS_COLOR: Record<string, string> = { PENDENTE: 'blue', APROVADO: 'green', REJEITADO: 'red', CANCELADO: 'default' };

export interface RequestsTableProps {
  items: RequestItem[];
  loading?: boolean;
  /** Which optional columns to show. */
  show: { queue?: boolean; stage?: boolean; status?: boolean; actions?: boolean };
  emptyText: string;
  /** Rows the person may decide can be selected (bulk approval). */
  selection?: { keys: Key[]; onChange: (keys: Key[]) => void };
  pagination?: { page: number; total: number; pageSize: number; onChange: (page: number) => void };
}

/**
 * Requests as a statement-like table: record (link to its page), amount, requester, time at the stage; the
 * decision buttons (each opens its confirmation) and the decision history of each row, opened by a button.
 */
export function RequestsTable({ items, loading, show, emptyText, selection, pagination }: RequestsTableProps) {
  const [open, setOpen] = useState<{ item: RequestItem; kind: DecisionKind } | null>(null);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const toggle = (id: string) => setExpanded((keys) => (keys.includes(id) ? keys.filter((k) => k !== id) : [...keys, id]));

  // Only when some row has something to say there (a status, an ALL stage's progress, a stuck stage).
  const statusColumn = show.status || items.some((r) => (r.progress && r.status === 'PENDENTE') || r.noApprover);
  const columns: TableColumnsType<RequestItem> = [
    {
      title: APPROVAL_TEXT.record,
      key: 'record',
      render: (_, r) => {
        const to = recordPath(r);
        return (
          <div>
            {to ? <Link to={to}>{r.recordLabel}</Link> : r.recordLabel}
            <div style={{ fontSize: 12, color: BRAND.muted }}>
              {APPROVAL_RESOURCE_LABELS[r.resourceName] ?? r.resourceName}
              {r.requester && ` · ${APPROVAL_TEXT.requestedBy(r.requester.name)}`}
            </div>
          </div>
        );
      },
    },
    ...(show.stage
      ? [{
          title: show.queue ? APPROVAL_TEXT.queueStage : APPROVAL_TEXT.stage,
          key: 'stage',
          render: (_: unknown, r: RequestItem) => (
            <div style={{ maxWidth: 220 }}>
              {r.stageId && r.stageOrder ? <Link to={`/filas-de-aprovacao/${r.approvalId}/etapas/${r.stageId}`}>{r.stageName}</Link> : '—'}
              <div style={{ fontSize: 12, color: BRAND.muted }}>
                {show.queue && <Link to={`/filas-de-aprovacao/${r.approvalId}`} style={{ color: 'inherit' }}>{r.approvalName}</Link>}
                {show.queue && r.stageOrder ? ' · ' : ''}
                {r.stageOrder ? APPROVAL_TEXT.stageOf(r.stageOrder, r.stageCount) : ''}
              </div>
            </div>
          ),
        }]
      : []),
    { title: APPROVAL_TEXT.amount, key: 'amount', align: 'right', render: (_, r) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatBRL(r.amount)}</span> },
    {
      title: show.status ? APPROVAL_TEXT.submittedAt : APPROVAL_TEXT.age,
      key: 'age',
      render: (_, r) => (show.status ? formatDateTime(r.createdAt) : <Hint title={formatDateTime(r.stageEnteredAt)}>{ageLabel(r.stageEnteredAt)}</Hint>),
    },
    ...(statusColumn
      ? [{
          title: APPROVAL_TEXT.status,
          key: 'status',
          render: (_: unknown, r: RequestItem) => (
            <Space size={4} wrap>
              {show.status && (
                <Hint title={r.decidedAt ? APPROVAL_TEXT.decidedAt(formatDateTime(r.decidedAt)) : undefined}>
                  <Tag color={STATUS_COLOR[r.status]}>{APPROVAL_STATUS_LABELS[r.status] ?? r.status}</Tag>
                </Hint>
              )}
              {show.status && r.decidedAt && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{formatDateTime(r.decidedAt)}</Typography.Text>}
              {r.progress && r.status === 'PENDENTE' && <Tag>{APPROVAL_TEXT.progress(r.progress.approved, r.progress.required)}</Tag>}
              {r.noApprover && <Tag color="warning" icon={<WarningOutlined />}>{APPROVAL_TEXT.noApprover}</Tag>}
            </Space>
          ),
        }]
      : []),
    {
      title: '',
      key: 'actions',
      align: 'right',
      render: (_, r) => (
        <Space size={4}>
          {show.actions && !r.canDecide && blockedReason(r) && (
            // The person is an approver here but cannot decide this one now (they requested it, already decided…).
            <Hint title={blockedReason(r)}>
              <Tag icon={<StopOutlined />} data-testid="decision-blocked">{APPROVAL_TEXT.cannotDecide}</Tag>
            </Hint>
          )}
          {show.actions && r.canDecide && (
            <>
              <Button size="small" type="primary" onClick={() => setOpen({ item: r, kind: 'APROVAR' })} aria-label={`${APPROVAL_TEXT.approve}: ${r.recordLabel}`}>
                {APPROVAL_TEXT.approve}
              </Button>
              <Button size="small" danger onClick={() => setOpen({ item: r, kind: 'REJEITAR' })} aria-label={`${APPROVAL_TEXT.reject}: ${r.recordLabel}`}>
                {APPROVAL_TEXT.reject}
              </Button>
            </>
          )}
          <Hint title={expanded.includes(r.id) ? APPROVAL_TEXT.hideHistory : APPROVAL_TEXT.showHistory}>
            <Button
              size="small"
              type="text"
              icon={<HistoryOutlined />}
              aria-label={expanded.includes(r.id) ? APPROVAL_TEXT.hideHistory : APPROVAL_TEXT.showHistory}
              aria-expanded={expanded.includes(r.id)}
              onClick={() => toggle(r.id)}
            />
          </Hint>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ScrollTable<RequestItem>
        label="Solicitações"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={items}
        loading={loading}
        locale={{ emptyText: <Typography.Text type="secondary">{emptyText}</Typography.Text> }}
        rowSelection={selection && { selectedRowKeys: selection.keys, onChange: selection.onChange, getCheckboxProps: (r) => ({ disabled: !r.canDecide, 'aria-label': r.recordLabel }) }}
        expandable={{ expandedRowKeys: expanded, showExpandColumn: false, expandedRowRender: renderHistory }}
        pagination={
          pagination && pagination.total > pagination.pageSize
            ? { current: pagination.page, pageSize: pagination.pageSize, total: pagination.total, showSizeChanger: false, onChange: pagination.onChange }
            : false
        }
        scroll={{ x: 'max-content' }}
      />
      {open && <DecisionModal key={`${open.item.id}:${open.kind}`} item={open.item} kind={open.kind} onClose={() => setOpen(null)} />}
    </>
  );
}
