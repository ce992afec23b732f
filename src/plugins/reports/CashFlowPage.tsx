import { Alert, Card, Empty, Segmented, Space, Statistic, Tag } from 'antd';
import { formatBRL } from '../../i18n/format.ts';
import { PageHeader } from '../../renderers/antd/pages/PageHeader.tsx';
import { useDocumentTitle } from '../../renderers/antd/screens/useDocumentTitle.ts';
import { useCashFlow, type CashFlowRow } from './api.ts';
import { ExportButtons } from './ExportButtons.tsx';
import { apiParams, FilterBar, useFilterHeading, useReportFilters } from './filters.tsx';
import { Money } from './format.tsx';
import { money, type ReportTable } from './table.ts';
import { ScrollTable } from '../../renderers/antd/ScrollTable.tsx';

const GRANULARITY = [
  { value: 'day', label: 'Dia' },
  { value: 'week', label: 'Semana' },
  { value: 'month', label: 'Mês' },
];

/** /bi/relatorios/fluxo-de-caixa: realized (baixas) and projected (open parcelas by due date), with the running balance. */
export default function CashFlowPage() {
  useDocumentTitle('Fluxo de caixa');
  const [f, set, search] = useReportFilters();
  const granularity = search.get('granularity') ?? 'month';
  const flow = useCashFlow({ ...apiParams(f), granularity });
  const data = flow.data;
  const kpis: [string, string][] = [['saldoInicial', 'Saldo inicial'], ['entradasRealizadas', 'Entradas realizadas'], ['saidasRealizadas', 'Saídas realizadas'], ['entradasPrevistas', 'Entradas previstas'], ['saidasPrevistas', 'Saídas previstas'], ['saldoFinal', 'Saldo final']];
  const heading = useFilterHeading();
  const exportTable = (): ReportTable => ({
    title: 'Fluxo de caixa',
    filters: [...heading(), ['Agrupado por', GRANULARITY.find((g) => g.value === granularity)?.label ?? granularity]],
    columns: [{ label: 'Período', width: 24 }, ...['Entradas realizadas', 'Saídas realizadas', 'Entradas previstas', 'Saídas previstas', 'Resultado', 'Saldo'].map((label) => ({ label, width: 20 }))],
    rows: (data?.rows ?? []).map((r) => ({ cells: [r.label, money(r.realizedIn), money(r.realizedOut), money(r.projectedIn), money(r.projectedOut), money(r.net), money(r.balance)] })),
  });
  return (
    <>
      <PageHeader
        title="Fluxo de caixa"
        lead="Realizado (pagamentos e recebimentos registrados) e previsto (parcelas em aberto pelo vencimento; as vencidas contam hoje), com o saldo acumulado das contas financeiras."
        actions={<ExportButtons name={`fluxo-de-caixa-${f.from}-a-${f.to}`} build={exportTable} disabled={!data} />}
      />
      <FilterBar extra={<Segmented aria-label="Agrupar por" value={granularity} options={GRANULARITY} onChange={(v) => set({ granularity: String(v) })} />} />
      {flow.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={(flow.error as Error).message} />}
      {data && data.totals.periodosNegativos > 0 && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`O saldo fica negativo em ${data.totals.periodosNegativos} ${data.totals.periodosNegativos === 1 ? 'período' : 'períodos'} (marcados na tabela).`} />
      )}
      <div data-testid="report-kpis" data-ready={data && !flow.isPlaceholderData ? 'true' : 'false'} style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))', gap: 16, marginBottom: 16 }}>
        {kpis.map(([key, title]) => (
          <Card key={key} size="small">
            <Statistic title={title} loading={!data} value={data ? formatBRL(data.totals[key]) : ''} styles={{ content: { fontSize: 18, color: data && data.totals[key] < 0 ? '#b42318' : undefined } }} />
          </Card>
        ))}
      </div>
      <Card styles={{ body: { padding: 0 } }}>
        {data && !data.rows.length ? (
          <Empty style={{ padding: 32 }} description="Nenhum período no intervalo escolhido." />
        ) : (
          <ScrollTable<CashFlowRow>
            label="Fluxo de caixa"
            rowKey="period"
            size="small"
            loading={flow.isFetching}
            dataSource={data?.rows ?? []}
            pagination={false}
            virtual
            scroll={{ y: 560 }}
            columns={[
              { title: 'Período', dataIndex: 'label', width: 190, render: (v: string, r) => <Space>{v}{r.balance < 0 && <Tag color="red">saldo negativo</Tag>}</Space> },
              { title: 'Entradas realizadas', dataIndex: 'realizedIn', align: 'right', render: (v: number) => <Money value={v} /> },
              { title: 'Saídas realizadas', dataIndex: 'realizedOut', align: 'right', render: (v: number) => <Money value={-v} /> },
              { title: 'Entradas previstas', dataIndex: 'projectedIn', align: 'right', render: (v: number) => <Money value={v} /> },
              { title: 'Saídas previstas', dataIndex: 'projectedOut', align: 'right', render: (v: number) => <Money value={-v} /> },
              { title: 'Resultado', dataIndex: 'net', align: 'right', render: (v: number) => <Money value={v} /> },
              { title: 'Saldo', dataIndex: 'balance', align: 'right', render: (v: number) => <Money value={v} strong /> },
            ]}
          />
        )}
      </Card>
    </>
  );
}
