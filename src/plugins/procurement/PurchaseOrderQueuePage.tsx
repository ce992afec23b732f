import { ShoppingCartOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Skeleton, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatBRL } from '../../i18n/format.ts';
import { PROCUREMENT_QUEUES as Q, PROCUREMENT_UI as T } from '../../i18n/procurement-ui.ts';
import { useEngine } from '../../react/context.ts';
import { usePermissions } from '../../react/hooks.ts';
import { PageHeader } from '../../renderers/antd/pages/PageHeader.tsx';
import { useDocumentTitle } from '../../renderers/antd/screens/useDocumentTitle.ts';
import { notifyActionError, purchaseOrderFromProposal, purchaseOrderQueue, type PoQueueLine } from './api.ts';
import { formatQty } from './QuotationQueuePage.tsx';

const C = Q.columns;

export const proposalColumns: ColumnsType<PoQueueLine> = [
  { title: C.line, dataIndex: 'quoteLine', width: 60, align: 'right' },
  { title: C.description, dataIndex: 'description', ellipsis: true },
  { title: C.quantity, dataIndex: 'quantity', width: 110, align: 'right', render: (v: number, l) => `${formatQty(v)} ${l.unit ?? ''}` },
  { title: C.unitPrice, dataIndex: 'unitPrice', width: 130, align: 'right', render: (v: number) => formatBRL(v) },
  { title: C.total, dataIndex: 'total', width: 140, align: 'right', render: (v: number) => formatBRL(v) },
];

/** The queue of awarded lines (`GET pricing/v1/purchase-order-queue`), shared by the queue and the proposal page. */
export function usePurchaseOrderQueue() {
  const engine = useEngine();
  return useQuery({ queryKey: ['procurement', 'purchase-order-queue'], queryFn: () => purchaseOrderQueue(engine) });
}

/** Creates the purchase order of a winning proposal and opens it. */
export function useGenerate() {
  const engine = useEngine();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const generate = async (requestId: string, body: Record<string, unknown> = {}) => {
    setBusy(requestId);
    try {
      const po = await purchaseOrderFromProposal(engine, requestId, body);
      engine.snackbars.push({ type: 'success', message: T.createFrom.poDone(String(po.number ?? '')) });
      await client.invalidateQueries({ queryKey: ['procurement'] });
      navigate(`/ordens-de-compra/${encodeURIComponent(po.id)}`);
    } catch (err) {
      notifyActionError(engine, err, T.actionFailed);
    } finally {
      setBusy(null);
    }
  };
  return { generate, busy };
}

/**
 * /ordens-de-compra/fila: lines awarded in a quote still without a live purchase order, one group per
 * winning proposal; "Gerar ordem de compra" creates it in one step (or "Ver proposta" to set the delivery first);
 * "Adicionar a uma ordem de compra em rascunho" opens /ordens-de-compra/adicionar-itens (D77).
 */
export default function PurchaseOrderQueuePage() {
  useDocumentTitle(Q.purchaseOrder.title);
  const query = usePurchaseOrderQueue();
  const { generate, busy } = useGenerate();
  const { can } = usePermissions();
  const mayCreate = can('purchase-orders', 'create');
  return (
    <>
      <PageHeader
        title={Q.purchaseOrder.title}
        lead={Q.purchaseOrder.lead}
        actions={can('purchase-orders', 'update') ? <Link to="/ordens-de-compra/adicionar-itens">{Q.purchaseOrder.addToDraft}</Link> : undefined}
      />
      {query.isError ? (
        <Alert type="error" showIcon title={(query.error as Error).message} action={<Button size="small" onClick={() => void query.refetch()}>{Q.retry}</Button>} />
      ) : query.isPending ? (
        <Card><Skeleton active /></Card>
      ) : !query.data.groups.length ? (
        <Card><Empty description={Q.purchaseOrder.empty} /></Card>
      ) : (
        <>
          <Typography.Paragraph type="secondary">{Q.purchaseOrder.count(query.data.groups.length)}</Typography.Paragraph>
          {query.data.groups.map((g) => {
            const first = g.lines[0];
            return (
              <Card
                key={g.key}
                title={<Space size={8} wrap><Link to={`/cotacoes/${encodeURIComponent(first.quoteId)}`}>{first.quoteNumber}</Link><span>—</span><span>{first.supplierName}</span></Space>}
                extra={
                  <Space size={8} wrap>
                    <Typography.Text strong>{formatBRL(g.total)}</Typography.Text>
                    <Link to={`/ordens-de-compra/proposta/${encodeURIComponent(g.key)}`}>{Q.purchaseOrder.open}</Link>
                    {mayCreate && (
                      <Button type="primary" size="small" icon={<ShoppingCartOutlined />} loading={busy === g.key} disabled={!!busy && busy !== g.key} onClick={() => void generate(g.key)}>
                        {Q.purchaseOrder.generate}
                      </Button>
                    )}
                  </Space>
                }
                style={{ marginBottom: 16 }}
                styles={{ body: { padding: 0 } }}
              >
                <Typography.Paragraph type="secondary" style={{ margin: '8px 16px' }}>{Q.purchaseOrder.terms(first.paymentTerms, first.deliveryDays)}</Typography.Paragraph>
                <Table<PoQueueLine> rowKey={(l) => `${l.requestId}#${l.quoteLine}`} size="small" tableLayout="fixed" pagination={false} dataSource={g.lines} columns={proposalColumns} />
              </Card>
            );
          })}
        </>
      )}
    </>
  );
}
