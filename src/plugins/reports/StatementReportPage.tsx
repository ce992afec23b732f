import { PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Space, Statistic, Table } from 'antd';
import { useLocation } from 'react-router-dom';
import { PageHeader } from '../../renderers/antd/pages/PageHeader.tsx';
import { useDocumentTitle } from '../../renderers/antd/screens/useDocumentTitle.ts';
import { formatBRL, formatDate } from '../../i18n/format.ts';
import { useAccountingReport, type BudgetLine, type ReportRow } from './api.ts';
import { ExportButtons } from './ExportButtons.tsx';
import { apiParams, FilterBar, useFilterHeading, useReportFilters } from './filters.tsx';
import { drillTo, formatPct, Money, monthBR } from './format.tsx';
import { money, pct, type ReportTable } from './table.ts';

type Kind = 'dre' | 'dfc' | 'balanco';

const META: Record<Kind, { title: string; lead: string; kpis: [string, string][] }> = {
  dre: {
    title: 'DRE — Demonstração do Resultado',
    lead: 'Pelo regime de competência (Lei 6.404, art. 187): cada valor é a soma dos lançamentos contábeis do período. Clique num valor para ver os lançamentos.',
    kpis: [['receitaBruta', 'Receita bruta'], ['receitaLiquida', 'Receita líquida'], ['lucroBruto', 'Lucro bruto'], ['lucroLiquido', 'Lucro líquido']],
  },
  dfc: {
    title: 'DFC — Demonstração dos Fluxos de Caixa',
    lead: 'Método direto (CPC 03): recebimentos e pagamentos classificados pela classe da DFC de cada categoria. Saldos inicial e final iguais aos das contas financeiras.',
    kpis: [['saldoInicial', 'Saldo inicial'], ['operacional', 'Operacional'], ['investimento', 'Investimento'], ['financiamento', 'Financiamento'], ['saldoFinal', 'Saldo final']],
  },
  balanco: {
    title: 'Balanço Patrimonial',
    lead: 'Posição numa data (Lei 6.404, art. 178): saldos acumulados das contas contábeis. Ativo = Passivo + Patrimônio líquido.',
    kpis: [['ativo', 'Ativo'], ['passivo', 'Passivo'], ['patrimonioLiquido', 'Patrimônio líquido']],
  },
};

/** /bi/relatorios/dre, /dfc and /balanco: one statement over the ledger, with its filters, drill-down, CSV and print. */
export default function StatementReportPage() {
  const kind = (useLocation().pathname.split('/').pop() ?? 'dre') as Kind;
  const meta = META[kind];
  useDocumentTitle(meta.title);
  const [f] = useReportFilters();
  const report = useAccountingReport(kind, apiParams(f, kind === 'balanco'));
  const data = report.data;
  const base = { from: kind === 'balanco' ? `${Number(f.date.slice(0, 4)) - 10}-${f.date.slice(5, 7)}` : f.from, to: kind === 'balanco' ? f.date.slice(0, 7) : f.to, organizationId: f.organizationId || undefined, costCenterId: f.costCenterId || undefined, departmentId: f.departmentId || undefined, projectId: f.projectId || undefined };
  const isDre = kind === 'dre';
  const subtitle = kind === 'balanco' ? `Posição em ${formatDate(f.date)}` : `${monthBR(f.from)} a ${monthBR(f.to)}`;
  const empty = data && data.rows.every((r) => r.amount === 0);

  const heading = useFilterHeading(kind === 'balanco' ? 'date' : 'period');
  const exportTable = (): ReportTable => {
    const rows = data?.rows ?? [];
    return {
      title: meta.title,
      filters: heading(),
      columns: [{ label: 'Código', width: 14 }, { label: 'Linha', width: 48 }, { label: 'Valor (R$)', width: 18 }, ...(isDre ? [{ label: 'Período anterior (R$)', width: 20 }, { label: 'Mesmo período do ano anterior (R$)', width: 20 }, { label: 'AV %' }, { label: 'AH %' }] : [{ label: 'AV %' }])],
      rows: rows.map((r) => ({
        strong: r.kind !== 'account',
        cells: [r.code, `${'  '.repeat(Math.max(0, r.level - 1))}${r.label}`, money(r.amount), ...(isDre ? [money(r.previous), money(r.lastYear), pct(r.verticalPct), pct(r.horizontalPct)] : [pct(r.verticalPct)])],
      })),
    };
  };

  return (
    <>
      <PageHeader
        title={meta.title}
        lead={meta.lead}
        actions={
          <Space>
            <ExportButtons name={`${kind}-${kind === 'balanco' ? f.date : `${f.from}-a-${f.to}`}`} build={exportTable} disabled={!data} />
            <Button icon={<PrinterOutlined />} onClick={() => window.print()}>Imprimir</Button>
          </Space>
        }
      />
      <FilterBar mode={kind === 'balanco' ? 'date' : 'period'} />
      {report.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={(report.error as Error).message} />}
      <div data-testid="report-kpis" data-ready={data && !report.isPlaceholderData ? 'true' : 'false'} style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: 16, marginBottom: 16 }}>
        {meta.kpis.map(([key, title]) => (
          <Card key={key} size="small">
            <Statistic title={title} loading={!data} value={data ? formatBRL(data.totals[key]) : ''} styles={{ content: { fontSize: 20, color: data && data.totals[key] < 0 ? '#b42318' : undefined } }} />
          </Card>
        ))}
      </div>
      {data?.budget && (
        <Alert
          type={data.budget.realizado > data.budget.orcamento ? 'warning' : 'info'}
          showIcon
          style={{ marginBottom: 16 }}
          title={`Orçamento dos centros de custos no período: ${formatBRL(data.budget.orcamento)} — realizado (custos e despesas operacionais): ${formatBRL(data.budget.realizado)} (${formatPct(data.budget.consumoPct)} do orçamento).`}
        />
      )}
      {isDre && data?.budget && data.budget.costCenters.length > 0 && (
        <Card title="Orçamento × realizado por centro de custos" size="small" style={{ marginBottom: 16 }} styles={{ body: { padding: 0 } }}>
          <Table<BudgetLine>
            data-testid="budget-table"
            rowKey="costCenterId"
            size="small"
            pagination={false}
            dataSource={data.budget.costCenters}
            columns={[
              { title: 'Centro de custos', dataIndex: 'name', render: (v: string, r) => `${r.code} ${v}` },
              { title: 'Orçamento', dataIndex: 'orcamento', align: 'right', width: 170, render: (v: number) => <Money value={v} /> },
              { title: 'Realizado', dataIndex: 'realizado', align: 'right', width: 170, render: (v: number, r) => <Money value={v} to={drillTo({ costCenterId: r.costCenterId, statementSection: 'CUSTOS,DESPESAS_OPERACIONAIS,OUTRAS_OPERACIONAIS' }, { ...base, costCenterId: undefined })} /> },
              { title: 'Saldo do orçamento', dataIndex: 'diferenca', align: 'right', width: 170, render: (v: number) => <Money value={v} /> },
              { title: 'Consumo', dataIndex: 'consumoPct', align: 'right', width: 100, render: (v: number | null) => <span style={{ color: v != null && v > 100 ? '#b42318' : undefined }}>{formatPct(v)}</span> },
            ]}
          />
        </Card>
      )}
      {kind === 'balanco' && data && data.totals.diferenca !== 0 && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`Há contas sem grupo contábil: diferença de ${formatBRL(data.totals.diferenca)} entre o ativo e o passivo + PL.`} />
      )}
      <Card title={subtitle} styles={{ body: { padding: 0 } }}>
        {empty ? (
          <Empty style={{ padding: 32 }} description="Nenhum lançamento contábil neste período com estes filtros." />
        ) : (
          <Table<ReportRow>
            rowKey={(r) => `${r.kind}-${r.code}-${r.label}`}
            size="small"
            loading={report.isFetching}
            dataSource={data?.rows ?? []}
            pagination={false}
            onRow={(r) => ({ style: r.kind === 'total' ? { background: '#f6f8fa', fontWeight: 600 } : r.kind === 'section' ? { fontWeight: 600 } : {} })}
            columns={[
              { title: 'Linha', dataIndex: 'label', render: (v: string, r) => <span style={{ paddingInlineStart: Math.max(0, r.level - 1) * 20 }}>{v}</span> },
              { title: 'Valor', dataIndex: 'amount', align: 'right', width: 170, render: (v: number, r) => <Money value={v} strong={r.kind !== 'account'} to={drillTo(r.drill, base)} /> },
              ...(isDre
                ? [
                    { title: 'Período anterior', dataIndex: 'previous', align: 'right' as const, width: 160, render: (v: number) => <Money value={v} /> },
                    { title: 'Ano anterior', dataIndex: 'lastYear', align: 'right' as const, width: 160, render: (v: number) => <Money value={v} /> },
                    { title: 'AV %', dataIndex: 'verticalPct', align: 'right' as const, width: 90, render: (v: number | null) => formatPct(v) },
                    { title: 'AH %', dataIndex: 'horizontalPct', align: 'right' as const, width: 90, render: (v: number | null) => formatPct(v) },
                  ]
                : kind === 'balanco'
                  ? [{ title: 'AV %', dataIndex: 'verticalPct', align: 'right' as const, width: 90, render: (v: number | null) => formatPct(v) }]
                  : []),
            ]}
          />
        )}
      </Card>
    </>
  );
}
