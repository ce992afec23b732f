import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Input, Modal, Segmented, Skeleton, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { awardCost } from '../../../engine/procurement/comparison.ts';
import { formatBRL, formatDate } from '../../../i18n/format.ts';
import { QUOTE_ANALYSIS_TEXT as T } from '../../../i18n/procurement-quotes.ts';
import { useEngine } from '../../../react/context.ts';
import { usePermissions } from '../../../react/hooks.ts';
import { PageHeader } from '../../../renderers/antd/pages/PageHeader.tsx';
import { useDocumentTitle } from '../../../renderers/antd/screens/useDocumentTitle.ts';
import { notifyActionError, postAction } from '../api.ts';
import { comparison, quoteOf, quotesToAnalyse, type Comparison, type QuoteRow } from './api.ts';
import { ComparisonTable, type Mode } from './ComparisonTable.tsx';

/** Quotes with proposals to compare: pick one (the map opens with `?cotacao=`). */
function QuotePicker() {
  const engine = useEngine();
  const list = useQuery({ queryKey: ['procurement', 'quotes-to-analyse'], queryFn: () => quotesToAnalyse(engine) });
  if (list.isError) return <Alert type="error" showIcon title={(list.error as Error).message} action={<Button size="small" onClick={() => void list.refetch()}>{T.retry}</Button>} />;
  if (list.isPending) return <Card><Skeleton active /></Card>;
  if (!list.data.length) return <Card><Empty description={T.noQuotes} /></Card>;
  return (
    <Card title={T.pick} styles={{ body: { padding: 0 } }}>
      <Table<QuoteRow> rowKey="id" size="small" pagination={false} dataSource={list.data} columns={[
        { title: T.columns.number, dataIndex: 'number', width: 130, render: (v: string, q) => <Link to={`/cotacoes/analises?cotacao=${encodeURIComponent(q.id)}`} aria-label={`${T.columns.open} ${v}`}>{v}</Link> },
        { title: T.columns.title, dataIndex: 'title', ellipsis: true },
        { title: T.columns.status, dataIndex: 'status', width: 190, render: (v: string) => T.statuses[v] ?? v },
        { title: T.columns.deadline, dataIndex: 'responseDeadline', width: 160, render: (v: string | null) => (v ? formatDate(v) : '—') },
      ]} />
    </Card>
  );
}

/** The award: mode, choice, its cost against the lowest, the justification when needed, and the action. */
function AwardPanel({ data, quote, mode, setMode, award, setAward }: { data: Comparison; quote: QuoteRow; mode: Mode; setMode: (m: Mode) => void; award: Record<number, string>; setAward: (a: Record<number, string>) => void }) {
  const engine = useEngine();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [modal, holder] = Modal.useModal();
  const [justification, setJustification] = useState(quote.awardJustification ?? '');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const rate = data.discountRatePercent / 100;
  const complete = data.lines.every((l) => award[l.line]);
  const cost = complete ? awardCost(data.lines, data.proposals, award, rate) : null;
  const lowest = data.lowest?.cost ?? null;
  const above = cost !== null && lowest !== null && cost > lowest;
  const few = data.proposals.length < data.quote.minimumQuotes;
  const needsWhy = above || few;
  const missingWhy = needsWhy && !justification.trim();
  const submit = async () => {
    setTried(true);
    if (!complete || missingWhy || cost === null) return;
    if (!(await modal.confirm({ title: T.submit, content: T.confirm(formatBRL(cost)), okText: T.submit, cancelText: T.back }))) return;
    setBusy(true);
    try {
      const body = mode === 'FORNECEDOR'
        ? { mode, supplierId: award[data.lines[0].line], justification: justification.trim() || undefined }
        : { mode, lines: data.lines.map((l) => ({ line: l.line, supplierId: award[l.line] })), justification: justification.trim() || undefined };
      await postAction(engine, 'quotes', quote.id, quote.version, 'award', body);
      engine.snackbars.push({ type: 'success', message: T.done });
      await client.invalidateQueries({ queryKey: ['procurement'] });
      navigate(`/cotacoes/${encodeURIComponent(quote.id)}`);
    } catch (err) {
      notifyActionError(engine, err, T.notInAnalysis(T.statuses[quote.status] ?? quote.status));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={T.award} style={{ marginTop: 16 }}>
      {holder}
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        <Space size={8}>
          <Typography.Text id="award-mode">{T.mode}</Typography.Text>
          <Segmented aria-labelledby="award-mode" value={mode} onChange={(v) => { setMode(v as Mode); setAward({}); }} options={[{ value: 'FORNECEDOR', label: T.bySupplier }, { value: 'ITEM', label: T.byLine }]} />
        </Space>
        <Space size={24} wrap aria-live="polite">
          <Typography.Text>{T.chosenCost}: <strong data-testid="award-cost">{cost === null ? '—' : formatBRL(cost)}</strong></Typography.Text>
          <Typography.Text>{T.lowestCost}: <strong>{lowest === null ? '—' : formatBRL(lowest)}</strong></Typography.Text>
        </Space>
        {above && <Alert type="warning" showIcon title={T.difference(formatBRL((cost ?? 0) - (lowest ?? 0)))} />}
        {few && <Alert type="warning" showIcon title={T.fewQuotes(data.proposals.length, data.quote.minimumQuotes)} />}
        {tried && !complete && <Alert type="error" showIcon title={T.incompleteChoice} />}
        <div>
          <label htmlFor="award-justification">{T.justification}{needsWhy ? ' *' : ''}</label>
          <Input.TextArea id="award-justification" rows={3} maxLength={2000} showCount value={justification} onChange={(e) => setJustification(e.target.value)}
            status={tried && missingWhy ? 'error' : undefined} aria-invalid={tried && missingWhy} aria-describedby={tried && missingWhy ? 'award-justification-error' : undefined} />
          {tried && missingWhy && <Typography.Text id="award-justification-error" type="danger">{T.justificationRequired}</Typography.Text>}
        </div>
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button type="primary" loading={busy} onClick={() => void submit()}>{T.submit}</Button>
        </Space>
      </Space>
    </Card>
  );
}

function QuoteMap({ id }: { id: string }) {
  const engine = useEngine();
  const { can } = usePermissions();
  const map = useQuery({ queryKey: ['procurement', 'comparison', id], queryFn: () => comparison(engine, id), retry: false });
  const quote = useQuery({ queryKey: ['procurement', 'quote', id], queryFn: () => quoteOf(engine, id), retry: false });
  const [mode, setMode] = useState<Mode>('FORNECEDOR');
  const [chosen, setAward] = useState<Record<number, string> | null>(null);
  // Until the buyer chooses, the lowest award is proposed (the one needing no justification).
  const award = useMemo(() => chosen ?? (map.data?.lowest?.award ?? {}), [chosen, map.data]);
  const proposedMode: Mode = chosen === null && map.data?.lowest ? (new Set(Object.values(map.data.lowest.award)).size > 1 ? 'ITEM' : 'FORNECEDOR') : mode;
  const error = map.error ?? quote.error;
  if (error) return (error as { status?: number }).status === 404 ? <Card><Empty description={T.notFound}><Link to="/cotacoes/analises">{T.other}</Link></Empty></Card>
    : <Alert type="error" showIcon title={(error as Error).message} action={<Button size="small" onClick={() => { void map.refetch(); void quote.refetch(); }}>{T.retry}</Button>} />;
  if (!map.data || !quote.data) return <Card><Skeleton active /></Card>;
  const d = map.data;
  const canAward = d.quote.status === 'EM_ANALISE' && can('quotes', 'update') && d.proposals.length > 0;
  const choose = (line: number | null, supplierId: string) => {
    setMode(proposedMode);
    setAward(line === null ? Object.fromEntries(d.lines.map((l) => [l.line, supplierId])) : { ...award, [line]: supplierId });
  };
  return (
    <>
      <Typography.Paragraph>
        <Link to={`/cotacoes/${encodeURIComponent(d.quote.id)}`} style={{ textDecoration: 'underline' }}>{d.quote.number}</Link> — {quote.data.title} · {T.statuses[d.quote.status] ?? d.quote.status}
      </Typography.Paragraph>
      {!d.proposals.length ? (
        <Card><Empty description={T.noProposals} /></Card>
      ) : (
        <Card styles={{ body: { padding: 0 } }}>
          <ComparisonTable data={d} mode={proposedMode} award={award} onChoose={canAward ? choose : undefined} />
        </Card>
      )}
      {canAward && <AwardPanel data={d} quote={quote.data} mode={proposedMode} setMode={setMode} award={award} setAward={setAward} />}
    </>
  );
}

/**
 * /cotacoes/analises (?cotacao={quoteId}): the comparison map (mapa de cotação) of a quote — best price per line
 * highlighted, each proposal's total with freight and discount and its present value under its payment terms —
 * and the award by supplier or by line, with the written justification the server requires when the choice costs
 * more than the lowest (or there are fewer proposals than the minimum). Without a quote: the quotes to analyse.
 */
export default function AnalysisPage() {
  useDocumentTitle(T.title);
  const [params] = useSearchParams();
  const id = params.get('cotacao');
  return (
    <>
      <PageHeader title={T.title} lead={id ? T.lead : T.pickLead} back={id ? { to: '/cotacoes/analises', label: T.other } : undefined} />
      {id ? <QuoteMap key={id} id={id} /> : <QuotePicker />}
    </>
  );
}
