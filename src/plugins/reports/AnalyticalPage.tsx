import { Alert, Button, Card, Empty, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { formatBRL, formatDate } from '../../i18n/format.ts';
import { useEngine } from '../../react/context.ts';
import { PageHeader } from '../../renderers/antd/pages/PageHeader.tsx';
import { useDocumentTitle } from '../../renderers/antd/screens/useDocumentTitle.ts';
import { useAnalytical, type Analytical, type AnalyticalLine } from './api.ts';
import { ExportButtons } from './ExportButtons.tsx';
import { apiParams, FilterBar, useFilterHeading, useReportFilters } from './filters.tsx';
import { Money } from './format.tsx';
import { money, type ReportTable } from './table.ts';
import { ScrollTable } from '../../renderers/antd/ScrollTable.tsx';

const KIND: Record<string, { label: string; color: string }> = {
  APROPRIACAO: { label: 'Competência', color: 'blue' },
  AJUSTE: { label: 'Ajuste', color: 'gold' },
  BAIXA: { label: 'Baixa', color: 'green' },
  ESTORNO: { label: 'Estorno', color: 'purple' },
  MOVIMENTO: { label: 'Movimento', color: 'default' },
  ABERTURA: { label: 'Abertura', color: 'cyan' },
};

/** Drill-down filters the reports put in the URL (kept as they came). */
const DRILL = ['ledgerAccountId', 'accountingGroupId', 'statementSection', 'bankAccountId', 'documentId', 'dfcClass', 'dfcLine', 'cash'];

/** /bi/relatorios/analitico: every journal line behind a figure, paginated, with its source document; CSV of all the lines. */
export default function AnalyticalPage() {
  useDocumentTitle('Relatório analítico');
  const engine = useEngine();
  const [f, set, search] = useReportFilters();
  const page = Number(search.get('page') ?? 1) || 1;
  const pageSize = Number(search.get('pageSize') ?? 50) || 50;
  const drill = Object.fromEntries(DRILL.filter((k) => search.has(k)).map((k) => [k, search.get(k) ?? '']));
  const params = { ...apiParams(f), ...drill, page: String(page), pageSize: String(pageSize) };
  const lines = useAnalytical(params);
  const data = lines.data;
  const heading = useFilterHeading();

  /** Every line of the filter (500 per request), then the table. */
  const exportTable = async (): Promise<ReportTable> => {
    const all: AnalyticalLine[] = [];
    for (let p = 1; p <= 200; p++) {
      const chunk = await engine.http.get<Analytical>(`${engine.api.service('financeReporting')}/analytical-reports`, {
        params: Object.fromEntries(Object.entries({ ...params, page: String(p), pageSize: '500' }).filter(([, v]) => v !== undefined && (v !== '' || drill.dfcLine !== undefined))) as Record<string, string>,
      });
      all.push(...chunk.items);
      if (all.length >= chunk.total || !chunk.items.length) break;
    }
    return {
      title: 'Relatório analítico',
      filters: [...heading(), ...(Object.keys(drill).length ? [['Filtro do relatório de origem', Object.entries(drill).map(([k, v]) => `${k}=${v}`).join(', ')] as [string, string]] : [])],
      columns: [{ label: 'Data' }, { label: 'Competência' }, { label: 'Tipo' }, { label: 'Histórico', width: 50 }, { label: 'Conta contábil', width: 40 }, { label: 'Débito', width: 18 }, { label: 'Crédito', width: 18 }, { label: 'Centro de custos', width: 28 }, { label: 'Conta financeira', width: 28 }, { label: 'Fornecedor/cliente', width: 36 }],
      rows: all.map((l) => ({ cells: [{ t: 'date', v: l.date }, { t: 'month', v: l.competence }, KIND[l.kind]?.label ?? l.kind, l.description, `${l.ledgerAccountCode} ${l.ledgerAccountName}`, l.debit ? money(l.debit) : null, l.credit ? money(l.credit) : null, l.costCenterName, l.bankAccountName, l.partyName] })),
    };
  };

  return (
    <>
      <PageHeader
        title="Relatório analítico"
        lead="Os lançamentos contábeis (partidas dobradas) por trás de cada número dos relatórios, com o documento de origem."
        actions={<ExportButtons name={`analitico-${f.from}-a-${f.to}`} build={exportTable} disabled={!data?.total} />}
      />
      <FilterBar />
      {Object.keys(drill).length > 0 && (
        <Space style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary">Filtrado a partir de um relatório.</Typography.Text>
          <Button size="small" onClick={() => set(Object.fromEntries(DRILL.map((k) => [k, ''])))}>Mostrar todos os lançamentos</Button>
        </Space>
      )}
      {lines.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={(lines.error as Error).message} />}
      <Card
        styles={{ body: { padding: 0 } }}
        title={data ? `${data.total.toLocaleString('pt-BR')} ${data.total === 1 ? 'linha' : 'linhas'} — débitos ${formatBRL(data.totals.debit)}, créditos ${formatBRL(data.totals.credit)}` : 'Carregando…'}
      >
        {data && !data.total ? (
          <Empty style={{ padding: 32 }} description="Nenhum lançamento contábil com estes filtros." />
        ) : (
          <ScrollTable<AnalyticalLine>
            label="Lançamentos contábeis"
            data-testid="analytical-table"
            rowKey="id"
            size="small"
            loading={lines.isFetching}
            dataSource={data?.items ?? []}
            scroll={{ x: 1300 }}
            pagination={{
              current: page,
              pageSize,
              total: data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [25, 50, 100, 200],
              showTotal: (t) => `${t.toLocaleString('pt-BR')} linhas`,
              onChange: (p, s) => set({ page: p > 1 ? String(p) : '', pageSize: s !== 50 ? String(s) : '' }),
            }}
            columns={[
              { title: 'Data', dataIndex: 'date', width: 110, render: (v: string) => formatDate(v) },
              { title: 'Tipo', dataIndex: 'kind', width: 120, render: (v: string) => <Tag color={KIND[v]?.color}>{KIND[v]?.label ?? v}</Tag> },
              { title: 'Histórico', dataIndex: 'description', width: 360, ellipsis: true, render: (v: string, r) => (r.documentPath ? <Link to={r.documentPath}>{v}</Link> : v) },
              { title: 'Conta contábil', dataIndex: 'ledgerAccountCode', width: 260, ellipsis: true, render: (v: string, r) => `${v} ${r.ledgerAccountName}` },
              { title: 'Centro de custos', dataIndex: 'costCenterName', width: 170, ellipsis: true },
              { title: 'Débito', dataIndex: 'debit', align: 'right', width: 140, render: (v: number) => (v ? <Money value={v} /> : '') },
              { title: 'Crédito', dataIndex: 'credit', align: 'right', width: 140, render: (v: number) => (v ? <Money value={v} /> : '') },
            ]}
          />
        )}
      </Card>
    </>
  );
}
