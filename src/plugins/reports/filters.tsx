import { Button, Card, DatePicker, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router-dom';
import { useFilterOptions, type Params } from './api.ts';

/**
 * The filters every report shares, kept in the URL (a link or a reload shows the same figures): period in
 * months (or a date, balanço), organization (one or all the user may see), cost center.
 */
export interface ReportFilters {
  from: string;
  to: string;
  date: string;
  organizationId: string;
  costCenterId: string;
  departmentId: string;
  projectId: string;
}

const defaults = (): ReportFilters => ({
  from: dayjs().startOf('year').format('YYYY-MM'),
  to: dayjs().format('YYYY-MM'),
  date: dayjs().format('YYYY-MM-DD'),
  organizationId: '',
  costCenterId: '',
  departmentId: '',
  projectId: '',
});

export function useReportFilters(): [ReportFilters, (patch: Partial<ReportFilters> & Record<string, string>) => void, URLSearchParams] {
  const [search, setSearch] = useSearchParams();
  const d = defaults();
  const f: ReportFilters = {
    from: search.get('from') ?? d.from,
    to: search.get('to') ?? d.to,
    date: search.get('date') ?? d.date,
    organizationId: search.get('organizationId') ?? '',
    costCenterId: search.get('costCenterId') ?? '',
    departmentId: search.get('departmentId') ?? '',
    projectId: search.get('projectId') ?? '',
  };
  const set = (patch: Partial<ReportFilters> & Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in patch)) next.delete('page');
    setSearch(next, { replace: true });
  };
  return [f, set, search];
}

/** The API parameters of the filters (period or date, organization, cost center). */
export const apiParams = (f: ReportFilters, withDate = false): Params => ({
  ...(withDate ? { date: f.date } : { from: f.from, to: f.to }),
  organizationId: f.organizationId || undefined,
  costCenterId: f.costCenterId || undefined,
  departmentId: f.departmentId || undefined,
  projectId: f.projectId || undefined,
});

const PRESETS: { label: string; range: () => [Dayjs, Dayjs] }[] = [
  { label: 'Este mês', range: () => [dayjs(), dayjs()] },
  { label: 'Este ano', range: () => [dayjs().startOf('year'), dayjs()] },
  { label: 'Últimos 12 meses', range: () => [dayjs().subtract(11, 'month'), dayjs()] },
  { label: 'Ano passado', range: () => [dayjs().subtract(1, 'year').startOf('year'), dayjs().subtract(1, 'year').endOf('year')] },
];

export function FilterBar({ mode = 'period', extra }: { mode?: 'period' | 'date'; extra?: React.ReactNode }) {
  const [f, set] = useReportFilters();
  const options = useFilterOptions();
  return (
    <Card styles={{ body: { padding: 16 } }} style={{ marginBottom: 16 }} className="report-filters">
      <Space wrap size={12}>
        {mode === 'period' ? (
          <>
            <Typography.Text strong id="report-period-label">Período</Typography.Text>
            <DatePicker.RangePicker
              picker="month"
              aria-labelledby="report-period-label"
              allowClear={false}
              format="MM/YYYY"
              value={[dayjs(`${f.from}-01`), dayjs(`${f.to}-01`)]}
              onChange={(v: [Dayjs | null, Dayjs | null] | null) => v?.[0] && v[1] && set({ from: v[0].format('YYYY-MM'), to: v[1].format('YYYY-MM') })}
            />
            {PRESETS.map((p) => (
              <Button key={p.label} size="small" type="text" onClick={() => {
                const [a, b] = p.range();
                set({ from: a.format('YYYY-MM'), to: b.format('YYYY-MM') });
              }}>{p.label}</Button>
            ))}
          </>
        ) : (
          <>
            <Typography.Text strong id="report-date-label">Posição em</Typography.Text>
            <DatePicker aria-labelledby="report-date-label" allowClear={false} format="DD/MM/YYYY" value={dayjs(f.date)} onChange={(v: Dayjs | null) => v && set({ date: v.format('YYYY-MM-DD') })} />
          </>
        )}
        <Select
          aria-label="Organização"
          style={{ minWidth: 220 }}
          value={f.organizationId}
          loading={options.isLoading}
          onChange={(v: string) => set({ organizationId: v })}
          options={[{ value: '', label: 'Todas as organizações (consolidado)' }, ...(options.data?.organizations ?? []).map((o) => ({ value: o.id, label: o.name }))]}
        />
        <Select
          aria-label="Centro de custos"
          style={{ minWidth: 220 }}
          value={f.costCenterId}
          loading={options.isLoading}
          showSearch
          optionFilterProp="label"
          onChange={(v: string) => set({ costCenterId: v })}
          options={[{ value: '', label: 'Todos os centros de custos' }, ...(options.data?.costCenters ?? []).map((c) => ({ value: c.id, label: `${c.code ?? ''} ${c.name}`.trim() }))]}
        />
        {(options.data?.departments.length ?? 0) > 0 && (
          <Select
            aria-label="Departamento"
            style={{ minWidth: 200 }}
            value={f.departmentId}
            showSearch
            optionFilterProp="label"
            onChange={(v: string) => set({ departmentId: v })}
            options={[{ value: '', label: 'Todos os departamentos' }, ...(options.data?.departments ?? []).map((d) => ({ value: d.id, label: `${d.code ?? ''} ${d.name}`.trim() }))]}
          />
        )}
        {(options.data?.projects.length ?? 0) > 0 && (
          <Select
            aria-label="Projeto"
            style={{ minWidth: 200 }}
            value={f.projectId}
            showSearch
            optionFilterProp="label"
            onChange={(v: string) => set({ projectId: v })}
            options={[{ value: '', label: 'Todos os projetos' }, ...(options.data?.projects ?? []).map((p) => ({ value: p.id, label: `${p.code ?? ''} ${p.name}`.trim() }))]}
          />
        )}
        {extra}
      </Space>
    </Card>
  );
}

/** The heading of an exported report: the filters as the page shows them, and when it was generated. */
export function useFilterHeading(mode: 'period' | 'date' = 'period'): () => [string, string][] {
  const [f] = useReportFilters();
  const options = useFilterOptions();
  return () => {
    const org = options.data?.organizations.find((o) => o.id === f.organizationId);
    const cc = options.data?.costCenters.find((c) => c.id === f.costCenterId);
    const month = (m: string) => `${m.slice(5, 7)}/${m.slice(0, 4)}`;
    return [
      mode === 'date' ? ['Posição em', dayjs(f.date).format('DD/MM/YYYY')] : ['Período', `${month(f.from)} a ${month(f.to)}`],
      ['Organização', f.organizationId ? (org?.name ?? f.organizationId) : 'Todas as organizações (consolidado)'],
      ['Centro de custos', f.costCenterId ? (cc ? `${cc.code ?? ''} ${cc.name}`.trim() : f.costCenterId) : 'Todos os centros de custos'],
      ...(f.departmentId ? [['Departamento', options.data?.departments.find((d) => d.id === f.departmentId)?.name ?? f.departmentId] as [string, string]] : []),
      ...(f.projectId ? [['Projeto', options.data?.projects.find((p) => p.id === f.projectId)?.name ?? f.projectId] as [string, string]] : []),
      ['Gerado em', dayjs().format('DD/MM/YYYY HH:mm')],
    ];
  };
}
