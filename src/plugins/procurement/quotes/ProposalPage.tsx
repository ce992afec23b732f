import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Empty, Form, Input, InputNumber, Row, Select, Skeleton, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatBRL, formatDate } from '../../../i18n/format.ts';
import { PROPOSALS_TEXT as T, QUOTE_ANALYSIS_TEXT } from '../../../i18n/procurement-quotes.ts';
import { useEngine } from '../../../react/context.ts';
import { usePermissions } from '../../../react/hooks.ts';
import { PageHeader } from '../../../renderers/antd/pages/PageHeader.tsx';
import { useDocumentTitle } from '../../../renderers/antd/screens/useDocumentTitle.ts';
import { notifyActionError, postAction } from '../api.ts';
import { proposalOf, type QuoteRequest } from './proposals-api.ts';

type QuoteRecord = { id: string; number: string; title: string; status: string; version: number; items: { description: string; quantity: number; unit?: string | null }[] };
const OPEN = ['ABERTA', 'ENVIADA', 'EM_ANALISE'];
/** Reais typed with a comma → centavos. */
const cents = (v: number | null | undefined) => (typeof v === 'number' ? Math.round(v * 100) : null);

/** "Registrar proposta recebida": prices per line and the terms, sent as the quote's `proposals` action (If-Match). */
function RecordForm({ request, quote }: { request: QuoteRequest; quote: QuoteRecord }) {
  const engine = useEngine();
  const client = useQueryClient();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const initial = {
    channel: request.channel && request.channel !== 'PORTAL' ? request.channel : 'TELEFONE', paymentTerms: request.paymentTerms, deliveryDays: request.deliveryDays, validUntil: request.validUntil,
    freightType: request.freightType ?? 'CIF', freightAmount: request.freightAmount ? request.freightAmount / 100 : null, discount: request.discount ? request.discount / 100 : null, notes: request.notes,
    ...Object.fromEntries(quote.items.map((_, i) => [`price${i + 1}`, (request.items.find((it) => it.quoteLine === i + 1)?.unitPrice ?? null) === null ? null : request.items.find((it) => it.quoteLine === i + 1)!.unitPrice! / 100])),
  };
  const finish = async (v: Record<string, unknown>) => {
    const items = quote.items.map((_, i) => ({ quoteLine: i + 1, unitPrice: cents(v[`price${i + 1}`] as number | null) })).filter((it) => it.unitPrice !== null);
    if (!items.length) return setError(T.atLeastOne);
    setError(null);
    setBusy(true);
    try {
      await postAction(engine, 'quotes', quote.id, quote.version, 'proposals', {
        supplierId: request.supplierId, channel: v.channel, items, paymentTerms: (v.paymentTerms as string | undefined)?.trim() || null, deliveryDays: v.deliveryDays ?? null,
        validUntil: v.validUntil || null, freightType: v.freightType, freightAmount: cents(v.freightAmount as number | null) ?? 0, discount: cents(v.discount as number | null) ?? 0,
        notes: (v.notes as string | undefined)?.trim() || null,
      });
      engine.snackbars.push({ type: 'success', message: T.saved });
      await client.invalidateQueries({ queryKey: ['procurement'] });
    } catch (err) {
      notifyActionError(engine, err, T.locked(QUOTE_ANALYSIS_TEXT.statuses[quote.status] ?? quote.status));
    } finally {
      setBusy(false);
    }
  };
  const money = { min: 0, step: 0.01, precision: 2, decimalSeparator: ',', style: { width: '100%' } } as const;
  return (
    <Card title={T.record} style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{T.recordLead}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => void finish(v as Record<string, unknown>)}>
        <Row gutter={12}>
          {quote.items.map((it, i) => (
            <Col key={i} xs={24} md={12}>
              <Form.Item name={`price${i + 1}`} label={T.priceLabel(i + 1, `${it.description} (${it.quantity} ${it.unit ?? ''})`)}><InputNumber {...money} /></Form.Item>
            </Col>
          ))}
        </Row>
        <Row gutter={12}>
          <Col xs={24} md={8}><Form.Item name="channel" label={T.channel}><Select options={['TELEFONE', 'EMAIL', 'PDF'].map((c) => ({ value: c, label: T.channels[c] }))} /></Form.Item></Col>
          <Col xs={24} md={8}><Form.Item name="paymentTerms" label={T.paymentTerms}><Input maxLength={60} placeholder="28 DDL" /></Form.Item></Col>
          <Col xs={24} md={8}><Form.Item name="deliveryDays" label={T.deliveryDays}><InputNumber min={0} max={365} precision={0} style={{ width: '100%' }} /></Form.Item></Col>
          <Col xs={24} md={8}><Form.Item name="validUntil" label={T.validUntil}><Input type="date" /></Form.Item></Col>
          <Col xs={24} md={8}><Form.Item name="freightType" label={T.freightType}><Select options={Object.entries(T.freightTypes).map(([value, label]) => ({ value, label }))} /></Form.Item></Col>
          <Col xs={24} md={8}><Form.Item name="freightAmount" label={T.freightAmount}><InputNumber {...money} /></Form.Item></Col>
          <Col xs={24} md={8}><Form.Item name="discount" label={T.discount}><InputNumber {...money} /></Form.Item></Col>
          <Col xs={24} md={16}><Form.Item name="notes" label={T.notes}><Input maxLength={500} /></Form.Item></Col>
        </Row>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
        <Button type="primary" htmlType="submit" loading={busy}>{T.save}</Button>
      </Form>
    </Card>
  );
}

/**
 * /cotacoes/orcamentos/{requestId}: one supplier's proposal — price per line, freight, payment terms, delivery,
 * validity, attachment — and, while the quote takes proposals, the form that records one received by phone,
 * e-mail or PDF (`POST pricing/v1/quotes/{id}/proposals`).
 */
export default function ProposalPage() {
  const engine = useEngine();
  const { requestId = '' } = useParams();
  const { can } = usePermissions();
  const request = useQuery({ queryKey: ['procurement', 'proposal', requestId], queryFn: () => proposalOf(engine, requestId), retry: false });
  const quoteId = request.data?.quoteId;
  const quote = useQuery({ queryKey: ['procurement', 'quote-record', quoteId], queryFn: () => engine.http.get<QuoteRecord>(`${engine.api.service('pricing')}/quotes/${encodeURIComponent(quoteId!)}`), enabled: !!quoteId });
  const r = request.data;
  useDocumentTitle(r?.label ?? T.title);
  const error = request.error ?? quote.error;
  return (
    <>
      <PageHeader title={r?.label ?? T.title} lead={r ? T.statuses[r.status] ?? r.status : undefined} back={{ to: '/cotacoes/orcamentos', label: T.back }} />
      {error ? ((error as { status?: number }).status === 404 ? <Card><Empty description={T.notFound}><Link to="/cotacoes/orcamentos">{T.back}</Link></Empty></Card>
        : <Alert type="error" showIcon title={(error as Error).message} action={<Button size="small" onClick={() => { void request.refetch(); void quote.refetch(); }}>{T.retry}</Button>} />)
        : !r || !quote.data ? <Card><Skeleton active /></Card> : (
          <>
            <Card>
              <Descriptions size="small" column={{ xs: 1, md: 2 }} items={[
                { key: 'quote', label: T.quote, children: <><Link to={`/cotacoes/${encodeURIComponent(quote.data.id)}`}>{quote.data.number}</Link> — {quote.data.title} · <Link to={`/cotacoes/analises?cotacao=${encodeURIComponent(quote.data.id)}`}>{T.openMap}</Link></> },
                { key: 'channel', label: T.columns.channel, children: r.channel ? T.channels[r.channel] ?? r.channel : '—' },
                { key: 'terms', label: T.paymentTerms, children: r.paymentTerms ?? '—' },
                { key: 'delivery', label: T.deliveryDays, children: r.deliveryDays ?? '—' },
                { key: 'valid', label: T.validUntil, children: r.validUntil ? formatDate(r.validUntil) : '—' },
                { key: 'freight', label: T.freightType, children: r.freightType ? `${T.freightTypes[r.freightType] ?? r.freightType} · ${formatBRL(r.freightAmount)}` : '—' },
                { key: 'discount', label: T.discount, children: formatBRL(r.discount) },
                { key: 'total', label: T.totalAmount, children: r.receivedAt ? <strong>{formatBRL(r.totalAmount)}</strong> : '—' },
                ...(r.notes ? [{ key: 'notes', label: T.notes, children: r.notes }] : []),
              ]} />
            </Card>
            {r.items.length > 0 && (
              <Card title={T.items} style={{ marginTop: 16 }} styles={{ body: { padding: 0 } }}>
                <Table rowKey="quoteLine" size="small" pagination={false} dataSource={r.items} columns={[
                  { title: T.line, dataIndex: 'quoteLine', width: 60 },
                  { title: T.description, dataIndex: 'description' },
                  { title: T.quantity, dataIndex: 'quantity', width: 90, align: 'right' },
                  { title: T.unitPrice, dataIndex: 'unitPrice', width: 150, align: 'right', render: (v: number | null) => formatBRL(v) },
                  { title: T.total, dataIndex: 'total', width: 150, align: 'right', render: (v: number | null) => formatBRL(v) },
                ]} />
              </Card>
            )}
            {OPEN.includes(quote.data.status) && ['PENDENTE', 'RECEBIDO'].includes(r.status) && can('quotes', 'update') && <RecordForm key={r.id + String(quote.data.version)} request={r} quote={quote.data} />}
          </>
        )}
    </>
  );
}
