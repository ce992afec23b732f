import { Alert, Card, Col, Row, Statistic } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { formatBRL } from '../../i18n/format.ts';
import { PageHeader } from '../../renderers/antd/pages/PageHeader.tsx';
import { useDocumentTitle } from '../../renderers/antd/screens/useDocumentTitle.ts';
import { AgingCard } from './AgingCard.tsx';
import { overdueAmount, overdueLink } from './aging.ts';
import { useAccountingReport, useAging, useCashFlow } from './api.ts';
import { Bars } from './Bars.tsx';
import { apiParams, FilterBar, useReportFilters } from './filters.tsx';
import { drillTo } from './format.tsx';

/** `MM/AAAA` → `MM/AA` under a month's bars (twelve months leave no room for the year in full). */
const shortMonth = (label: string) => label.replace(/^(\d{2})\/\d{2}(\d{2})$/, '$1/$2');

const TITLES: Record<string, string> = { dashboards: 'Painel financeiro', dre: 'Painel da DRE', dfc: 'Painel do caixa (DFC)' };

/**
 * /bi/dashboards, /bi/dashboards/dre and /bi/dashboards/dfc: KPIs and charts over the same reports (each chart
 * links into its report with the same filters).
 */
export default function DashboardPage() {
  const variant = useLocation().pathname.split('/').pop() ?? 'dashboards';
  const title = TITLES[variant] ?? TITLES.dashboards;
  useDocumentTitle(title);
  const [f] = useReportFilters();
  const params = apiParams(f);
  const dre = useAccountingReport('dre', params);
  const dfc = useAccountingReport('dfc', params);
  const flow = useCashFlow({ ...params, granularity: 'month' });
  const withAging = variant !== 'dre';
  const aging = useAging({ organizationId: params.organizationId, costCenterId: params.costCenterId }, withAging);
  const query = new URLSearchParams(Object.entries(params).filter(([, v]) => typeof v === 'string' && v) as [string, string][]).toString();
  const ready = dre.data && dfc.data && flow.data && !dre.isPlaceholderData && !dfc.isPlaceholderData && !flow.isPlaceholderData && (!withAging || (aging.data && !aging.isPlaceholderData));
  const error = dre.error ?? dfc.error ?? flow.error ?? (withAging ? aging.error : null);
  const agingScope = { organizationId: f.organizationId || undefined, costCenterId: f.costCenterId || undefined };
  const today = aging.data?.date;

  const report = (name: string) => `/bi/relatorios/${name}?${query}`;
  const kpis: [string, number | undefined, string | undefined][] = variant === 'dfc'
    ? [['Saldo inicial', dfc.data?.totals.saldoInicial, report('dfc')], ['Caixa operacional', dfc.data?.totals.operacional, report('dfc')], ['Saldo final', dfc.data?.totals.saldoFinal, report('dfc')], ['Saídas previstas', flow.data?.totals.saidasPrevistas, report('fluxo-de-caixa')]]
    : [['Receita líquida', dre.data?.totals.receitaLiquida, report('dre')], ['Lucro bruto', dre.data?.totals.lucroBruto, report('dre')], ['Lucro líquido', dre.data?.totals.lucroLiquido, report('dre')], ['Caixa no fim do período', dfc.data?.totals.saldoFinal, report('dfc')]];
  if (variant === 'dashboards') {
    // Vencidos hoje (não pagos, vencimento antes de hoje), each side as the amount still open.
    kpis.push(['Vencidos a pagar', overdueAmount(aging.data?.pagar), today && overdueLink('pagar', today, agingScope)]);
    kpis.push(['Vencidos a receber', overdueAmount(aging.data?.receber), today && overdueLink('receber', today, agingScope)]);
  }

  const months = flow.data?.rows ?? [];
  const expenseGroups = (dre.data?.rows ?? []).filter((r) => r.kind === 'group' && r.amount < 0).sort((a, b) => a.amount - b.amount).slice(0, 6);
  const base = { from: f.from, to: f.to, organizationId: f.organizationId || undefined, costCenterId: f.costCenterId || undefined, departmentId: f.departmentId || undefined, projectId: f.projectId || undefined };

  return (
    <>
      <PageHeader title={title} lead="Indicadores do período escolhido; cada gráfico abre o relatório de onde vem." />
      <FilterBar />
      {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={(error as Error).message} />}
      <div data-testid="report-kpis" data-ready={ready ? 'true' : 'false'}>
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          {kpis.map(([label, value, to]) => (
            <Col key={label} xs={24} sm={12} lg={kpis.length > 4 ? 8 : 6}>
              <Card size="small">
                <Statistic title={to ? <Link to={to}>{label}</Link> : label} loading={value === undefined} value={value === undefined ? '' : formatBRL(value)} styles={{ content: { fontSize: 20, color: (value ?? 0) < 0 ? '#b42318' : undefined } }} />
              </Card>
            </Col>
          ))}
        </Row>
      </div>
      <Row gutter={[16, 16]}>
        {variant !== 'dre' && (
          <Col xs={24} lg={variant === 'dfc' ? 24 : 12}>
            <Card>
              <Bars
                title="Entradas × saídas de caixa por mês (realizado + previsto)"
                bars={months.map((m) => ({
                  label: m.label,
                  short: shortMonth(m.label),
                  to: `/bi/relatorios/fluxo-de-caixa?${query}`,
                  values: [
                    { name: 'Entradas', value: m.realizedIn + m.projectedIn, color: '#1a7f37' },
                    { name: 'Saídas', value: -(m.realizedOut + m.projectedOut), color: '#cf222e' },
                  ],
                }))}
              />
            </Card>
          </Col>
        )}
        {variant !== 'dfc' && (
          <Col xs={24} lg={variant === 'dre' ? 24 : 12}>
            <Card>
              <Bars
                title="Maiores grupos de despesa (DRE)"
                bars={expenseGroups.map((g) => ({ label: g.label, to: drillTo(g.drill, base), values: [{ name: 'Despesa', value: g.amount, color: '#bc4c00' }] }))}
              />
            </Card>
          </Col>
        )}
        <Col xs={24} lg={24}>
          <Card>
            <Bars
              title="Saldo de caixa no fim de cada mês"
              bars={months.map((m) => ({ label: m.label, short: shortMonth(m.label), to: `/bi/relatorios/fluxo-de-caixa?${query}`, values: [{ name: 'Saldo', value: m.balance, color: m.balance < 0 ? '#cf222e' : '#0969da' }] }))}
            />
          </Card>
        </Col>
      </Row>
      {withAging && (
        <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
          {(['pagar', 'receber'] as const).map((side) => (
            <Col key={side} xs={24} lg={12}>
              <AgingCard side={side} buckets={aging.data?.[side]} today={today} scope={agingScope} />
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
