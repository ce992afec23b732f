import { CheckOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Modal, Segmented, Space, Table, Tabs, Tag, Typography } from 'antd';
import { Hint } from '../../renderers/antd/Hint.tsx';
import type { ColumnsType } from 'antd/es/table';
import { useLocation, useNavigate } from 'react-router-dom';
import { FINANCE_PERMISSIONS } from '../../engine/finance/status.ts';
import { WORKFLOW_MESSAGES, WORKFLOW_TEXT } from '../../i18n/finance-workflow.ts';
import { formatBRL } from '../../i18n/format.ts';
import { useEngine } from '../../react/context.ts';
import { usePermissions } from '../../react/hooks.ts';
import { PageHeader } from '../../renderers/antd/pages/PageHeader.tsx';
import { useDocumentTitle } from '../../renderers/antd/screens/useDocumentTitle.ts';
import { payableSpec, runHeaderAction } from './workflow-actions.ts';
import { notifyWorkflowError, useRefreshAfterAction, useRequesterQueue, type QueueInstallment, type QueuePayable, type QueueView, type RequesterCheck } from './api.ts';
import { DueDate, PayableLink, QueueFilters, useQueueParams, useQueueSearch } from './queue-parts.tsx';

const T = WORKFLOW_TEXT.requesterQueue;
const C = WORKFLOW_TEXT.columns;
type Row = QueueInstallment & QueuePayable;

const CHECK_COLOR: Record<string, string> = { PENDENTE: 'gold', CONFIRMADO: 'green', CONTESTADO: 'red' };
const STATUS_LABEL: Record<string, string> = { RASCUNHO: 'Rascunho', ABERTO: 'Aberto (em aprovação)' };

/**
 * /fila-do-solicitante/{lancamentos|parcelamentos}: what was registered in my name and still waits for
 * me. "Confirmar" vouches for it and sends it for approval; "Contestar" sends it back to whoever
 * registered it, with my comment. On the parcelas tab the buttons act on the parcela's lançamento.
 */
export default function RequesterQueuePage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const engine = useEngine();
  const [modal, modalHolder] = Modal.useModal();
  const refresh = useRefreshAfterAction();
  const view = pathname.split('/')[2] as QueueView;
  const [search, setSearch] = useQueueSearch();
  const check = (['PENDENTE', 'CONTESTADO', 'TODOS'].includes(search.get('check') ?? '') ? search.get('check') : 'PENDENTE') as RequesterCheck;
  const [params, setParams] = useQueueParams();
  const query = useRequesterQueue(view, check, params);
  const { can } = usePermissions();
  const allowed = can(FINANCE_PERMISSIONS.requesterQueue, 'update');
  useDocumentTitle(`${T.title} — ${view === 'lancamentos' ? T.payables : T.installments}`);

  const target = (r: Row) => (view === 'lancamentos' ? { id: r.id, version: r.version } : { id: r.payableId, version: r.payableVersion ?? 0 });
  const status = (r: Row) => (view === 'lancamentos' ? r.status : (r.payableStatus ?? r.status));
  const act = async (r: Row, key: 'confirm' | 'contest') => {
    try {
      if (await runHeaderAction(engine, modal, 'payables', payableSpec(key), target(r))) await refresh();
    } catch (err) {
      notifyWorkflowError(engine, err);
      await refresh();
    }
  };

  // The server says, with each row, whether confirming or contesting can succeed now, and why not (§12).
  const why = (r: Row, key: 'confirm' | 'contest'): string | null => {
    const verdict = r.actions?.[key];
    if (verdict?.allowed) return null;
    return verdict?.reason ?? (allowed ? WORKFLOW_MESSAGES.contestAfterSubmit : 'Você não tem permissão na Fila do Solicitante.');
  };
  const button = (r: Row, key: 'confirm' | 'contest') => {
    const reason = why(r, key);
    const label = key === 'confirm' ? WORKFLOW_TEXT.actions.confirmar : WORKFLOW_TEXT.actions.contestar;
    const b = (
      <Button size="small" type={key === 'confirm' ? 'primary' : 'default'} danger={key === 'contest'} icon={key === 'confirm' ? <CheckOutlined /> : <ExclamationCircleOutlined />} disabled={!!reason} onClick={() => void act(r, key)}>
        {label}
      </Button>
    );
    // On the parcelas tab the answer is about the whole lançamento: say so.
    const tip = reason ?? (view === 'parcelamentos' ? `${label} o lançamento inteiro (todas as parcelas)` : null);
    return tip ? <Hint title={tip}><span>{b}</span></Hint> : b;
  };

  const checkTag = (r: Row) => (
    <Space size={2} orientation="vertical">
      <Tag color={CHECK_COLOR[r.requesterCheck ?? ''] ?? 'default'}>{WORKFLOW_TEXT.check[(r.requesterCheck ?? 'PENDENTE') as keyof typeof WORKFLOW_TEXT.check]}</Tag>
      {r.requesterComment && <Typography.Text type="secondary" style={{ fontSize: 12 }}>“{r.requesterComment}”</Typography.Text>}
    </Space>
  );

  const columns: ColumnsType<Row> = [
    { title: C.dueDate, dataIndex: 'dueDate', width: 140, render: (v: string, r) => (v ? <DueDate date={v} status={status(r)} /> : '') },
    {
      title: `${view === 'lancamentos' ? C.description : C.installment} · ${C.supplier}`,
      key: 'what',
      render: (_: unknown, r) => (
        <div style={{ minWidth: 0 }}>
          <div style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            <PayableLink id={view === 'lancamentos' ? r.id : r.payableId}>{view === 'lancamentos' ? r.description : r.label}</PayableLink>
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.supplierName}
            {r.createdByName ? ` · registrado por ${r.createdByName}` : ''}
          </Typography.Text>
        </div>
      ),
    },
    { title: C.amount, dataIndex: 'amount', width: 130, align: 'right', render: (v: number) => formatBRL(v) },
    {
      title: C.status,
      key: 'status',
      width: 210,
      render: (_: unknown, r) => (
        <div>
          <div style={{ marginBottom: 4 }}>{STATUS_LABEL[status(r)] ?? status(r)}</div>
          {checkTag(r)}
        </div>
      ),
    },
    { title: 'Ações', key: 'actions', width: 230, render: (_: unknown, r) => <Space size={8}>{button(r, 'confirm')}{button(r, 'contest')}</Space> },
  ];

  return (
    <>
      {modalHolder}
      <PageHeader title={T.title} lead={T.lead} />
      <Tabs
        activeKey={view}
        onChange={(k) => navigate(`/fila-do-solicitante/${k}${check === 'PENDENTE' ? '' : `?check=${check}`}`)}
        items={[
          { key: 'lancamentos', label: T.payables },
          { key: 'parcelamentos', label: T.installments },
        ]}
      />
      <Card styles={{ body: { padding: 16 } }}>
        <div style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap', marginBottom: 12 }}>
          <Segmented
            value={check}
            onChange={(v) => {
              const next = new URLSearchParams(search);
              next.delete('page');
              if (v === 'PENDENTE') next.delete('check');
              else next.set('check', String(v));
              setSearch(next);
            }}
            options={[
              { value: 'PENDENTE', label: T.pending },
              { value: 'CONTESTADO', label: T.contested },
              { value: 'TODOS', label: T.all },
            ]}
          />
          <Typography.Text type="secondary" data-testid="queue-total">
            {query.data ? WORKFLOW_TEXT.paymentQueue.totalListed(query.data.total, formatBRL(query.data.amount)) : ''}
          </Typography.Text>
        </div>
        <QueueFilters params={params} onChange={setParams} />
        {query.isError ? (
          <Alert type="error" showIcon title={(query.error as Error).message} action={<Button size="small" onClick={() => void query.refetch()}>Tentar de novo</Button>} />
        ) : (
          <Table<Row>
            rowKey="id"
            size="middle"
            tableLayout="fixed"
            loading={query.isFetching}
            dataSource={query.data?.rows ?? []}
            columns={columns}
            locale={{ emptyText: T.empty }}
            pagination={{
              current: params.page,
              pageSize: params.pageSize,
              total: query.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [25, 50, 100, 200],
              onChange: (page, pageSize) => setParams({ page, pageSize }),
            }}
          />
        )}
      </Card>
    </>
  );
}
