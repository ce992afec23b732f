import { DownloadOutlined, RollbackOutlined, SwapOutlined, TagsOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Dropdown, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { HttpError } from '../../engine/http/errors.ts';
import { WORKFLOW_TEXT } from '../../i18n/finance-workflow.ts';
import { formatBRL, formatDate } from '../../i18n/format.ts';
import { useEngine } from '../../react/context.ts';
import { usePermissions } from '../../react/hooks.ts';
import { saveBlob } from '../../renderers/antd/list/save-blob.ts';
import { NotFoundPage } from '../../renderers/antd/pages/NotFoundPage.tsx';
import { PageHeader } from '../../renderers/antd/pages/PageHeader.tsx';
import { useDocumentTitle } from '../../renderers/antd/screens/useDocumentTitle.ts';
import { useRefreshAfterAction, useStatement, type StatementLine } from './api.ts';
import { TransferDialog } from './TransferDialog.tsx';
import { ClassifyDialog } from './ClassifyDialog.tsx';
import { ReverseTransferDialog } from './ReverseTransferDialog.tsx';
import { ScrollTable } from '../../renderers/antd/ScrollTable.tsx';

const S = WORKFLOW_TEXT.statement;
const ORIGIN: Record<string, { label: string; color: string }> = {
  MANUAL: { label: 'Manual', color: 'default' },
  PAGAMENTO: { label: 'Pagamento', color: 'volcano' },
  RECEBIMENTO: { label: 'Recebimento', color: 'green' },
  ESTORNO: { label: 'Estorno', color: 'purple' },
  TRANSFERENCIA: { label: 'Transferência', color: 'blue' },
};

type Line = StatementLine & { kind?: 'opening' | 'closing' };

const money = (v: number, strong = false) => (
  <span style={{ fontVariantNumeric: 'tabular-nums', color: v < 0 ? '#c0392b' : undefined, fontWeight: strong ? 600 : undefined }}>{formatBRL(v)}</span>
);

const PRESETS: { label: string; range: () => [Dayjs, Dayjs] }[] = [
  { label: 'Este mês', range: () => [dayjs().startOf('month'), dayjs().endOf('month')] },
  { label: 'Mês passado', range: () => [dayjs().subtract(1, 'month').startOf('month'), dayjs().subtract(1, 'month').endOf('month')] },
  { label: 'Últimos 3 meses', range: () => [dayjs().subtract(2, 'month').startOf('month'), dayjs().endOf('month')] },
  { label: 'Este ano', range: () => [dayjs().startOf('year'), dayjs().endOf('year')] },
];

/**
 * /contas-financeiras/{bankAccountId}/extrato-de-movimentacoes: the account's movements in a period
 * (default: this month) with the balance after each, between the balance before the period and the
 * closing one; CSV (Excel-BR) and XLSX export of the same lines.
 */
export default function StatementPage() {
  const id = useParams().bankAccountId ?? '';
  const engine = useEngine();
  const { can } = usePermissions();
  const [search, setSearch] = useSearchParams();
  const from = search.get('from') ?? dayjs().startOf('month').format('YYYY-MM-DD');
  const to = search.get('to') ?? dayjs().endOf('month').format('YYYY-MM-DD');
  const statement = useStatement(id, from, to);
  const [exporting, setExporting] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const [classifying, setClassifying] = useState<StatementLine | null>(null);
  // Reclassifying a manual movement is an update of `bank-transactions` (D88).
  const canClassify = can('bank-transactions', 'update');
  // Reversing a transfer takes what making one takes: update on bank accounts.
  const canReverse = can('bank-accounts', 'update');
  const [reversing, setReversing] = useState<StatementLine | null>(null);
  const refresh = useRefreshAfterAction();
  const s = statement.data;
  useDocumentTitle(s ? S.title(s.bankAccount.name) : 'Extrato de movimentações');

  if (statement.error instanceof HttpError && statement.error.status === 404) return <NotFoundPage path={`/contas-financeiras/${id}/extrato-de-movimentacoes`} />;

  const setPeriod = (a: Dayjs, b: Dayjs) => setSearch({ from: a.format('YYYY-MM-DD'), to: b.format('YYYY-MM-DD') }, { replace: true });
  const download = async (format: 'csv' | 'xlsx') => {
    setExporting(true);
    try {
      const res = await engine.http.request<Blob>({
        url: `${engine.api.service('accountsPayable')}/bank-accounts/${encodeURIComponent(id)}/statement/export`,
        params: { format, from, to },
        responseType: 'blob',
      });
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `extrato.${format}`;
      saveBlob(res.data, name);
      engine.snackbars.push({ type: 'success', message: `Extrato exportado: ${name}.` });
    } catch (err) {
      engine.notifyError(err);
    } finally {
      setExporting(false);
    }
  };

  const lines: Line[] = s
    ? [
        { id: 'opening', kind: 'opening', version: 0, date: s.from, description: S.opening, documentNumber: null, origin: 'MANUAL', amount: 0, balance: s.openingBalance, reversed: false, payableId: null, receivableId: null },
        ...s.lines,
        { id: 'closing', kind: 'closing', version: 0, date: s.to, description: S.closing, documentNumber: null, origin: 'MANUAL', amount: 0, balance: s.closingBalance, reversed: false, payableId: null, receivableId: null },
      ]
    : [];

  return (
    <>
      <PageHeader
        title={s ? S.title(s.bankAccount.name) : <Skeleton.Input active size="small" style={{ width: 320 }} />}
        lead={S.lead}
        back={{ to: `/contas-financeiras/${encodeURIComponent(id)}`, label: S.back }}
        actions={
          <Space>
            {can('bank-accounts', 'update') && s && (
              <Button icon={<SwapOutlined />} onClick={() => setTransferring(true)}>Transferir para outra conta</Button>
            )}
            {can('bank-accounts', 'export') && (
              <Dropdown trigger={['click']} menu={{ items: [{ key: 'csv', label: 'CSV (Excel)' }, { key: 'xlsx', label: 'XLSX' }], onClick: ({ key }) => void download(key as 'csv' | 'xlsx') }}>
                <Button icon={<DownloadOutlined />} loading={exporting}>Exportar</Button>
              </Dropdown>
            )}
          </Space>
        }
      />
      {s && transferring && (
        <TransferDialog
          open
          from={{ id, name: s.bankAccount.name }}
          onClose={() => setTransferring(false)}
          onDone={(amount, target) => {
            setTransferring(false);
            engine.snackbars.push({ type: 'success', message: `Transferência de ${formatBRL(amount)} para ${target} registrada.` });
            void refresh();
          }}
        />
      )}
      {reversing && (
        <ReverseTransferDialog
          line={reversing}
          onClose={() => setReversing(null)}
          onDone={() => {
            setReversing(null);
            engine.snackbars.push({ type: 'success', message: 'Transferência estornada nas duas contas; o lançamento contábil foi estornado.' });
            void refresh();
          }}
        />
      )}
      {s && classifying && (
        <ClassifyDialog
          line={classifying}
          organizationId={s.bankAccount.organizationId}
          onClose={() => setClassifying(null)}
          onDone={() => {
            setClassifying(null);
            engine.snackbars.push({ type: 'success', message: S.classified });
            void refresh();
          }}
        />
      )}
      <Card styles={{ body: { padding: 16 } }} style={{ marginBottom: 16 }}>
        <Space wrap size={12}>
          <Typography.Text strong>{S.period}</Typography.Text>
          <DatePicker.RangePicker
            aria-label={S.period}
            allowClear={false}
            format="DD/MM/YYYY"
            value={[dayjs(from), dayjs(to)]}
            onChange={(v: [Dayjs | null, Dayjs | null] | null) => v?.[0] && v[1] && setPeriod(v[0], v[1])}
          />
          {PRESETS.map((p) => (
            <Button key={p.label} size="small" type="text" onClick={() => setPeriod(...p.range())}>{p.label}</Button>
          ))}
        </Space>
      </Card>
      {statement.isError && !(statement.error instanceof HttpError && statement.error.status === 404) && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={(statement.error as Error).message} />
      )}
      <div
        data-testid="statement-summary"
        data-period={s && !statement.isPlaceholderData ? `${s.from}..${s.to}` : ''}
        aria-busy={statement.isFetching}
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: 16, marginBottom: 16, opacity: statement.isPlaceholderData ? 0.6 : 1 }}
      >
        {[
          [S.opening, s?.openingBalance, 'statement-opening'],
          [S.credits, s?.credits, 'statement-credits'],
          [S.debits, s?.debits, 'statement-debits'],
          [S.closing, s?.closingBalance, 'statement-closing'],
        ].map(([title, value, testId]) => (
          <Card key={String(title)} size="small">
            <Statistic
              title={String(title)}
              loading={!s}
              value={typeof value === 'number' ? formatBRL(value) : ''}
              styles={{ content: { fontSize: 20, color: typeof value === 'number' && value < 0 ? '#c0392b' : undefined } }}
            />
            <span data-testid={String(testId)} hidden>{typeof value === 'number' ? formatBRL(value) : ''}</span>
          </Card>
        ))}
      </div>
      <Card styles={{ body: { padding: 0 } }}>
        <ScrollTable<Line>
          label="Extrato da conta"
          rowKey="id"
          size="small"
          loading={statement.isFetching}
          dataSource={lines}
          pagination={false}
          virtual
          scroll={{ y: 560 }}
          locale={{ emptyText: S.empty }}
          rowClassName={(r) => (r.kind ? 'statement-edge' : '')}
          onRow={(r) => (r.kind ? { style: { background: '#f6f8fa', fontWeight: 600 } } : {})}
          columns={[
            { title: WORKFLOW_TEXT.columns.date, dataIndex: 'date', width: 100, render: (v: string) => formatDate(v) },
            {
              title: WORKFLOW_TEXT.columns.history,
              dataIndex: 'description',
              render: (v: string, r) => {
                const href = r.payableId ? `/contas-a-pagar/lancamentos/${r.payableId}` : r.receivableId ? `/contas-a-receber/lancamentos/${r.receivableId}` : null;
                // A manual movement's classification (D88) under its history: what the ledger posts it on.
                const classification = !r.kind && r.origin === 'MANUAL' ? [r.categoryName ?? S.unclassified, r.costCenterName, r.companyName].filter(Boolean).join(' · ') : null;
                return (
                  <>
                    <span style={{ textDecoration: r.reversed ? 'line-through' : undefined }}>
                      {href ? <Link to={href}>{v}</Link> : v}
                      {r.reversed && <Tag style={{ marginInlineStart: 8 }}>estornada</Tag>}
                    </span>
                    {classification && (
                      <Typography.Text type="secondary" ellipsis={{ tooltip: classification }} style={{ display: 'block', fontSize: 12 }} data-testid="statement-classification">
                        {classification}
                      </Typography.Text>
                    )}
                  </>
                );
              },
            },
            { title: WORKFLOW_TEXT.columns.document, dataIndex: 'documentNumber', width: 120, ellipsis: true },
            { title: WORKFLOW_TEXT.columns.origin, dataIndex: 'origin', width: 124, render: (v: string, r) => (r.kind ? '' : <Tag color={ORIGIN[v]?.color}>{ORIGIN[v]?.label ?? v}</Tag>) },
            { title: WORKFLOW_TEXT.columns.amount, dataIndex: 'amount', width: 140, align: 'right', render: (v: number, r) => (r.kind ? '' : money(v)) },
            { title: S.balance, dataIndex: 'balance', width: 150, align: 'right', render: (v: number, r) => money(v, !!r.kind) },
            ...(canClassify || canReverse
              ? [{
                  title: S.actions,
                  key: 'actions',
                  width: 124,
                  render: (_: unknown, r: Line) =>
                    r.kind || r.reversed ? null : canClassify && r.origin === 'MANUAL' ? (
                      <Button size="small" icon={<TagsOutlined />} aria-label={S.classifyLabel(r.description)} onClick={() => setClassifying(r)}>
                        {S.classify}
                      </Button>
                    ) : canReverse && r.origin === 'TRANSFERENCIA' ? (
                      <Button size="small" danger icon={<RollbackOutlined />} aria-label={`Estornar a transferência ${r.description}`} onClick={() => setReversing(r)}>
                        Estornar
                      </Button>
                    ) : null,
                }]
              : []),
          ]}
        />
      </Card>
    </>
  );
}
