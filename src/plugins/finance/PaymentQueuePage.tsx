import { CheckCircleOutlined, DollarOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Modal, Segmented, Space, Table, Tabs, Tag, Typography } from 'antd';
import { Hint } from '../../renderers/antd/Hint.tsx';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { actionDisplay } from '../../engine/data/record-actions.ts';
import { FINANCE_PERMISSIONS } from '../../engine/finance/status.ts';
import { WORKFLOW_TEXT } from '../../i18n/finance-workflow.ts';
import { formatBRL, formatDateTime } from '../../i18n/format.ts';
import { useEngine } from '../../react/context.ts';
import { usePermissions } from '../../react/hooks.ts';
import { PageHeader } from '../../renderers/antd/pages/PageHeader.tsx';
import { useDocumentTitle } from '../../renderers/antd/screens/useDocumentTitle.ts';
import { authorize, notifyWorkflowError, usePaymentQueue, useRefreshAfterAction, type QueueInstallment, type QueuePayable, type QueueView, type Stage } from './api.ts';
import { PayDialog, type PayRow } from './PayDialog.tsx';
import { askComment } from './prompt.tsx';
import { DueDate, PayableLink, QueueFilters, useQueueParams } from './queue-parts.tsx';

const T = WORKFLOW_TEXT.paymentQueue;
const C = WORKFLOW_TEXT.columns;
const STAGES: Record<string, Stage> = { fila: 'APROVADO', autorizados: 'AUTORIZADO' };

type Row = QueueInstallment & QueuePayable;

/**
 * The server's verdict on the stage's action for a row (architecture §12): whether it can be selected, and the
 * reason shown when it applies but is blocked (segregation of duties).
 */
const gateOf = (r: Row, stage: Stage) => {
  const verdict = r.actions?.[stage === 'APROVADO' ? 'authorize' : 'pay'];
  const display = actionDisplay(verdict);
  return { selectable: !!verdict?.allowed, reason: display.show && display.disabled ? display.reason : null };
};

/** The parcelas a selected row stands for: itself, or every parcela of a lançamento in this stage. */
const parcelsOf = (view: QueueView, r: Row): PayRow[] =>
  view === 'parcelamentos'
    ? [{ id: r.id, version: r.version, label: r.label, dueDate: r.dueDate, amount: r.amount, bankAccountId: r.bankAccountId }]
    : (r.installments ?? []).map((i) => ({ id: i.id, version: i.version, label: i.label, dueDate: i.dueDate, amount: i.amount, bankAccountId: i.bankAccountId }));

/**
 * /fila-de-pagamentos/{lancamentos|parcelamentos}/{fila|autorizados}: approved parcelas waiting for
 * authorization, and authorized ones waiting for payment. Many rows are selected (across pages), the
 * running total shows in BRL, and one action authorizes or pays them as one batch. Rows the caller may
 * not authorize (registered, requested or approved by them) cannot be selected, and say why.
 */
export default function PaymentQueuePage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // Another tab keeps the search and the due-date range (not the page).
  const go = (path: string) => {
    const next = new URLSearchParams(search);
    next.delete('page');
    navigate(`${path}${next.size ? `?${next}` : ''}`);
  };
  const engine = useEngine();
  const [modal, modalHolder] = Modal.useModal();
  const refresh = useRefreshAfterAction();
  const [, , viewSegment, stageSegment] = pathname.split('/');
  const view = viewSegment as QueueView;
  const stage = STAGES[stageSegment];
  const [params, setParams] = useQueueParams();
  const query = usePaymentQueue(view, stage, params);
  const { can } = usePermissions();
  const allowed = can(FINANCE_PERMISSIONS.paymentQueue, 'authorize') || can(FINANCE_PERMISSIONS.payables, 'authorize');
  const [selected, setSelected] = useState<Record<string, Row>>({});
  const [paying, setPaying] = useState<PayRow[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(pathname);
  if (key !== pathname) {
    // Another tab: a selection of other rows must not follow.
    setKey(pathname);
    setSelected({});
  }
  useDocumentTitle(`${T.title} — ${view === 'lancamentos' ? T.payables : T.installments}`);

  const chosen = Object.values(selected);
  const parcels = chosen.flatMap((r) => parcelsOf(view, r));
  const total = parcels.reduce((s, p) => s + p.amount, 0);
  const rows = query.data?.rows ?? [];

  async function runAuthorize() {
    const comment = await askComment(modal, { title: T.confirmAuthorize(parcels.length, formatBRL(total)), body: T.confirmAuthorizeBody, okText: 'Autorizar' });
    if (comment === undefined) return;
    setBusy(true);
    try {
      const res = await authorize(engine, parcels.map((p) => ({ id: p.id, version: p.version })), comment);
      engine.snackbars.push({ type: 'success', message: WORKFLOW_TEXT.done.autorizar(res.batch.itemCount, formatBRL(res.batch.total)) });
      setSelected({});
      await refresh();
    } catch (err) {
      notifyWorkflowError(engine, err);
      await refresh();
    } finally {
      setBusy(false);
    }
  }

  const columns = useMemo<ColumnsType<Row>>(() => {
    const due = { title: C.dueDate, dataIndex: 'dueDate', width: 150, render: (v: string) => <DueDate date={v} status={stage} /> };
    const amount = { title: C.amount, dataIndex: 'amount', width: 140, align: 'right' as const, render: (v: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatBRL(v)}</span> };
    const blocked = (r: Row) => {
      const { reason } = gateOf(r, stage);
      return reason && <Hint title={reason}><Tag icon={<StopOutlined />} style={{ marginInlineStart: 8 }}>{T.blocked}</Tag></Hint>;
    };
    // What it is (a link to the lançamento) over who is paid: one column reads better than two narrow ones.
    const what = (title: string, text: (r: Row) => string, id: (r: Row) => string) => ({
      title,
      key: 'what',
      render: (_: unknown, r: Row) => (
        <div style={{ minWidth: 0 }}>
          <div style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {/* A link always has text (axe link-name): a parcela without label reads as its number. */}
            <PayableLink id={id(r)}>{text(r) || `${C.installment} ${r.number ?? ''}/${r.count ?? ''}`}</PayableLink>
            {blocked(r)}
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.supplierName}</Typography.Text>
        </div>
      ),
    });
    if (view === 'lancamentos') {
      return [
        due,
        what(`${C.description} · ${C.supplier}`, (r) => r.description, (r) => r.id),
        { title: C.document, dataIndex: 'documentNumber', width: 120, ellipsis: true },
        { title: C.installments, key: 'parcels', width: 110, render: (_: unknown, r) => (r.installments ?? []).map((i) => `${i.number}/${i.count}`).join(', ') },
        amount,
      ];
    }
    return [
      due,
      what(`${C.installment} · ${C.supplier}`, (r) => r.label, (r) => r.payableId),
      { title: C.document, dataIndex: 'documentNumber', width: 120, ellipsis: true },
      ...(stage === 'AUTORIZADO' ? [{ title: C.authorizedBy, key: 'by', width: 190, render: (_: unknown, r: Row) => (r.authorizedByName ? <span>{r.authorizedByName}<br /><Typography.Text type="secondary" style={{ fontSize: 12 }}>{formatDateTime(r.authorizedAt)}</Typography.Text></span> : '') }] : []),
      amount,
    ];
  }, [view, stage]);

  const action =
    stage === 'APROVADO' ? (
      <Button type="primary" icon={<CheckCircleOutlined />} disabled={!parcels.length || !allowed} loading={busy} onClick={() => void runAuthorize()}>
        {WORKFLOW_TEXT.actions.autorizar}
      </Button>
    ) : (
      <Button type="primary" icon={<DollarOutlined />} disabled={!parcels.length || !allowed} onClick={() => setPaying(parcels)}>
        {WORKFLOW_TEXT.actions.pagar}
      </Button>
    );

  return (
    <>
      {modalHolder}
      <PageHeader title={T.title} lead={T.lead} />
      <Tabs
        activeKey={view}
        onChange={(k) => go(`/fila-de-pagamentos/${k}/${stageSegment}`)}
        items={[
          { key: 'lancamentos', label: T.payables },
          { key: 'parcelamentos', label: T.installments },
        ]}
      />
      <Card styles={{ body: { padding: 16 } }}>
        <div style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap', marginBottom: 12 }}>
          <Segmented
            value={stageSegment}
            onChange={(v) => go(`/fila-de-pagamentos/${view}/${String(v)}`)}
            options={[
              { value: 'fila', label: `${T.queue} (aprovados)` },
              { value: 'autorizados', label: T.authorized },
            ]}
          />
          <Typography.Text type="secondary" data-testid="queue-total">
            {query.data ? T.totalListed(query.data.total, formatBRL(query.data.amount)) : ''}
          </Typography.Text>
        </div>
        <QueueFilters params={params} onChange={setParams} />
        {!allowed && <Alert type="info" showIcon style={{ marginBottom: 12 }} title="Você pode consultar a fila, mas não tem permissão para autorizar ou pagar (escopo “autorizar” da Fila de Pagamentos)." />}
        <div
          role="region"
          aria-label="Seleção"
          // Stays in view while scrolling a long page: the running total and the action are always at hand.
          style={{ position: 'sticky', top: 0, zIndex: 3, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, padding: '8px 12px', marginBottom: 12, borderRadius: 6, background: parcels.length ? '#eef4fb' : '#f6f8fa', boxShadow: parcels.length ? '0 2px 6px rgba(31, 90, 166, 0.12)' : undefined }}
        >
          <Space>
            <strong data-testid="selection-total">{T.selected(chosen.length, formatBRL(total))}</strong>
            {view === 'lancamentos' && parcels.length > 0 && <Typography.Text type="secondary">({parcels.length} {parcels.length === 1 ? 'parcela' : 'parcelas'})</Typography.Text>}
            {chosen.length > 0 && <Button type="link" size="small" onClick={() => setSelected({})}>Limpar seleção</Button>}
          </Space>
          {action}
        </div>
        {query.isError ? (
          <Alert type="error" showIcon title={(query.error as Error).message} action={<Button size="small" onClick={() => void query.refetch()}>Tentar de novo</Button>} />
        ) : (
          <Table<Row>
            rowKey="id"
            size="middle"
            tableLayout="fixed"
            loading={query.isFetching}
            dataSource={rows}
            columns={columns}
            locale={{ emptyText: T.empty[stage] }}
            rowSelection={{
              selectedRowKeys: Object.keys(selected),
              preserveSelectedRowKeys: true,
              getCheckboxProps: (r) => ({ disabled: !gateOf(r, stage).selectable, 'aria-label': `Selecionar ${r.label ?? r.description}` }),
              renderCell: (_checked, r, _i, node) => {
                const { reason } = gateOf(r, stage);
                return reason ? <Hint title={reason}>{node}</Hint> : node;
              },
              onChange: (keys) =>
                setSelected((prev) => {
                  const next: Record<string, Row> = {};
                  for (const k of keys) next[String(k)] = prev[String(k)] ?? rows.find((r) => r.id === k)!;
                  return next;
                }),
            }}
            pagination={{
              current: params.page,
              pageSize: params.pageSize,
              total: query.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [25, 50, 100, 200],
              showTotal: (n) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'item' : 'itens'}`,
              onChange: (page, pageSize) => setParams({ page, pageSize }),
            }}
          />
        )}
      </Card>
      {paying && (
        <PayDialog
          open
          rows={paying}
          onClose={() => setPaying(null)}
          onPaid={(n, paid) => {
            engine.snackbars.push({ type: 'success', message: WORKFLOW_TEXT.done.pagar(n, formatBRL(paid)) });
            setPaying(null);
            setSelected({});
            void refresh();
          }}
        />
      )}
    </>
  );
}
