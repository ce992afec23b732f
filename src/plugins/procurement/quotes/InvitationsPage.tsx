import { MailOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Skeleton, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDate, formatDateTime } from '../../../i18n/format.ts';
import { INVITES_TEXT as T, PROPOSALS_TEXT, QUOTE_ANALYSIS_TEXT } from '../../../i18n/procurement-quotes.ts';
import { useEngine } from '../../../react/context.ts';
import { usePermissions } from '../../../react/hooks.ts';
import { PageHeader } from '../../../renderers/antd/pages/PageHeader.tsx';
import { useDocumentTitle } from '../../../renderers/antd/screens/useDocumentTitle.ts';
import { notifyActionError, postAction, pricing } from '../api.ts';
import { quoteOf, type QuoteRow } from './api.ts';
import type { QuoteRequest } from './proposals-api.ts';

const OPEN = ['ABERTA', 'ENVIADA', 'EM_ANALISE'];

interface Invitee {
  supplierId: string;
  name: string;
  email: string | null;
  request: QuoteRequest | null;
}

/** The quote's invited suppliers, each with its proposal (`quote-requests`) when there is one. */
async function inviteesOf(engine: ReturnType<typeof useEngine>, quote: QuoteRow & { invitedSupplierIds?: string[] }): Promise<Invitee[]> {
  const requests = await engine.http.get<QuoteRequest[]>(pricing(engine, 'quote-requests'), { params: { 'filter[quoteId][eq]': quote.id, pageSize: 100 } });
  const suppliers = await engine.http.get<{ id: string; legalName: string; tradeName: string | null; email: string | null }[]>(pricing(engine, 'suppliers'));
  return (quote.invitedSupplierIds ?? []).map((id) => {
    const s = suppliers.find((x) => x.id === id);
    const request = requests.find((r) => r.supplierId === id) ?? null;
    return { supplierId: id, name: s ? s.tradeName || s.legalName : request?.label ?? id, email: request?.invitedEmail ?? s?.email ?? null, request };
  });
}

function QuotePicker() {
  const engine = useEngine();
  const list = useQuery({ queryKey: ['procurement', 'quotes-open'], queryFn: () => engine.http.get<QuoteRow[]>(pricing(engine, 'quotes'), { params: { 'filter[status][in]': OPEN, sort: '-openingDate,-number', pageSize: 100 } }) });
  if (list.isError) return <Alert type="error" showIcon title={(list.error as Error).message} action={<Button size="small" onClick={() => void list.refetch()}>{T.retry}</Button>} />;
  if (list.isPending) return <Card><Skeleton active /></Card>;
  if (!list.data.length) return <Card><Empty description={T.noQuotes} /></Card>;
  return (
    <Card title={T.pick} styles={{ body: { padding: 0 } }}>
      <Table<QuoteRow> rowKey="id" size="small" pagination={false} dataSource={list.data} columns={[
        { title: QUOTE_ANALYSIS_TEXT.columns.number, dataIndex: 'number', width: 130, render: (v: string, q) => <Link to={`/cotacoes/solicitacao?cotacao=${encodeURIComponent(q.id)}`} aria-label={`${T.open} — ${v}`}>{v}</Link> },
        { title: QUOTE_ANALYSIS_TEXT.columns.title, dataIndex: 'title', ellipsis: true },
        { title: QUOTE_ANALYSIS_TEXT.columns.status, dataIndex: 'status', width: 190, render: (v: string) => QUOTE_ANALYSIS_TEXT.statuses[v] ?? v },
        { title: QUOTE_ANALYSIS_TEXT.columns.deadline, dataIndex: 'responseDeadline', width: 160, render: (v: string | null) => (v ? formatDate(v) : '—') },
      ]} />
    </Card>
  );
}

function Invitations({ id }: { id: string }) {
  const engine = useEngine();
  const client = useQueryClient();
  const { can } = usePermissions();
  const quote = useQuery({ queryKey: ['procurement', 'quote', id], queryFn: () => quoteOf(engine, id) as Promise<QuoteRow & { invitedSupplierIds?: string[] }>, retry: false });
  const invitees = useQuery({ queryKey: ['procurement', 'invitees', id, quote.data?.version], queryFn: () => inviteesOf(engine, quote.data!), enabled: !!quote.data });
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [skipped, setSkipped] = useState<string[]>([]);
  const error = quote.error ?? invitees.error;
  if (error) return (error as { status?: number }).status === 404 ? <Card><Empty description={T.notFound}><Link to="/cotacoes/solicitacao">{T.other}</Link></Empty></Card>
    : <Alert type="error" showIcon title={(error as Error).message} action={<Button size="small" onClick={() => { void quote.refetch(); void invitees.refetch(); }}>{T.retry}</Button>} />;
  if (!quote.data || !invitees.data) return <Card><Skeleton active /></Card>;
  const q = quote.data;
  const canSend = OPEN.includes(q.status) && can('quotes', 'update');
  const send = async () => {
    setBusy(true);
    try {
      const res = await postAction(engine, 'quotes', q.id, q.version, 'send', { supplierIds: selected });
      const reasons = ((res.skipped ?? []) as { reason?: string; supplierId: string }[]).map((s) => s.reason ?? s.supplierId);
      setSkipped(reasons);
      engine.snackbars.push(reasons.length ? { type: 'warning', message: T.skipped(reasons.join(' ')) } : { type: 'success', message: T.sent });
      setSelected([]);
      await client.invalidateQueries({ queryKey: ['procurement'] });
    } catch (err) {
      notifyActionError(engine, err, T.locked(QUOTE_ANALYSIS_TEXT.statuses[q.status] ?? q.status));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Typography.Paragraph>
        <Link to={`/cotacoes/${encodeURIComponent(q.id)}`} style={{ textDecoration: 'underline' }}>{q.number}</Link> — {q.title} · {QUOTE_ANALYSIS_TEXT.statuses[q.status] ?? q.status}
        {q.responseDeadline ? ` · ${QUOTE_ANALYSIS_TEXT.columns.deadline}: ${formatDate(q.responseDeadline)}` : ''}
      </Typography.Paragraph>
      {skipped.length > 0 && <Alert type="warning" showIcon title={T.skipped(skipped.join(' '))} style={{ marginBottom: 16 }} />}
      <Card styles={{ body: { padding: 0 } }} data-testid="invitees"
        extra={canSend ? <Button type="primary" icon={<MailOutlined />} disabled={!selected.length} loading={busy} onClick={() => void send()}>{T.send(selected.length)}</Button> : undefined}
        title={<Typography.Text type="secondary" style={{ fontWeight: 400 }}>{canSend ? T.resend : T.locked(QUOTE_ANALYSIS_TEXT.statuses[q.status] ?? q.status)}</Typography.Text>}>
        <Table<Invitee> rowKey="supplierId" size="small" pagination={false} dataSource={invitees.data}
          rowSelection={canSend ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]), getCheckboxProps: (r) => ({ 'aria-label': T.selectLabel(r.name) }) } : undefined}
          columns={[
            { title: T.supplier, dataIndex: 'name' },
            { title: T.email, dataIndex: 'email', render: (v: string | null) => v ?? '—' },
            { title: T.status, key: 'status', width: 170, render: (_, r) => (r.request ? PROPOSALS_TEXT.statuses[r.request.status] ?? r.request.status : T.notInvited) },
            { title: T.invitedAt, key: 'invitedAt', width: 160, render: (_, r) => (r.request?.invitedAt ? formatDateTime(r.request.invitedAt) : '—') },
            {
              title: <span className="bo-visually-hidden">{T.record}</span>, key: 'open', width: 170,
              render: (_, r) => (r.request ? <Link to={`/cotacoes/orcamentos/${encodeURIComponent(r.request.id)}`}>{r.request.status === 'PENDENTE' ? T.record : T.view}</Link> : null),
            },
          ]} />
      </Card>
    </>
  );
}

/**
 * /cotacoes/solicitacao (?cotacao={quoteId}): the suppliers invited to a quote, with their proposal's status; the
 * buyer sends the e-mail invitation (each supplier its own link: the quote's `send` action with `supplierIds`) and
 * opens a proposal to record one received by phone or PDF. Without a quote: the open quotes.
 */
export default function InvitationsPage() {
  useDocumentTitle(T.title);
  const [params] = useSearchParams();
  const id = params.get('cotacao');
  return (
    <>
      <PageHeader title={T.title} lead={T.lead} back={id ? { to: '/cotacoes/solicitacao', label: T.other } : undefined} />
      {id ? <Invitations key={id} id={id} /> : <QuotePicker />}
    </>
  );
}
