import { Alert, Button, Card, DatePicker, Modal, Popconfirm, Segmented, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { HttpError } from '../../engine/http/errors.ts';
import { formatBRL, formatDate } from '../../i18n/format.ts';
import { useEngine } from '../../react/context.ts';
import { usePermissions } from '../../react/hooks.ts';
import { NotFoundPage } from '../../renderers/antd/pages/NotFoundPage.tsx';
import { PageHeader } from '../../renderers/antd/pages/PageHeader.tsx';
import { useDocumentTitle } from '../../renderers/antd/screens/useDocumentTitle.ts';
import { acceptSuggestions, applyRules, lineAction, matchMany, splitLine, useRefresh, useWorkspace, type AcceptResult, type BankLine, type Suggestion } from './api.ts';
import { BankLinesPane } from './BankLinesPane.tsx';
import { ImportPanel } from './ImportPanel.tsx';
import { MovementsPane } from './MovementsPane.tsx';
import { SelectionBar } from './SelectionBar.tsx';
import { money, plural, STATUS } from './ui.tsx';

type Filter = 'PENDENTE' | 'CONCILIADO' | 'TODOS';
const NONE: never[] = [];
const CONFIDENCE: Record<Suggestion['confidence'], string> = { alta: 'green', média: 'blue', baixa: 'default' };
const KIND: Record<Suggestion['kind'], string> = { transaction: 'Movimentação', batch: 'Lote', 'payable-installment': 'Parcela a pagar', 'receivable-installment': 'Parcela a receber' };


/**
 * /contas-financeiras/{bankAccountId}/conciliacao-de-conta: import a bank file, then two panes — the bank's lines
 * and the system's movements — with the suggestions of the selected line (why each), confirm / create the
 * movement / ignore / undo, filters, balances (bank × system) and "conciliado até". Keyboard: ↑ ↓ move between
 * lines, Enter confirms the best suggestion, P skips to the next pending line, Espaço marks a pending line for N:1.
 * "Aceitar sugestões de alta confiança" matches every pending line whose best suggestion is high (preview, then a
 * confirmation with the count and the total); marked lines + the movements ticked in the system's table →
 * "Conciliar selecionadas" (several lines, one movement — D79).
 */
export default function ReconciliationPage() {
  const id = useParams().bankAccountId ?? '';
  const engine = useEngine();
  const { can } = usePermissions();
  const [search, setSearch] = useSearchParams();
  const to = search.get('to') ?? dayjs().format('YYYY-MM-DD');
  const from = search.get('from') ?? dayjs(to).subtract(3, 'month').startOf('month').format('YYYY-MM-DD');
  const filter = (search.get('status') as Filter | null) ?? 'PENDENTE';
  const ws = useWorkspace(id, from, to);
  const refresh = useRefresh(id);
  const [selected, setSelected] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [marked, setMarked] = useState<ReadonlySet<string>>(new Set());
  const [picked, setPicked] = useState<string[]>([]);
  const [bulkPreview, setBulkPreview] = useState<AcceptResult | null>(null);
  const [bulkResult, setBulkResult] = useState<AcceptResult | null>(null);
  const w = ws.data;
  const canAct = can('reconcilables', 'update');
  useDocumentTitle(w ? `Conciliação — ${w.bankAccount.name}` : 'Conciliação de conta');

  const lines = useMemo(() => (w?.lines ?? []).filter((l) => filter === 'TODOS' || (filter === 'CONCILIADO' ? l.status !== 'PENDENTE' : l.status === 'PENDENTE')), [w, filter]);
  // The chosen line, or the first one shown when it left the filter.
  const current = lines.find((l) => l.id === selected) ?? lines[0] ?? null;
  const active = current?.id ?? null;
  // N:1: the marked lines still pending and the ticked movements still free, as the workspace now says.
  const markedLines = (w?.lines ?? []).filter((l) => l.status === 'PENDENTE' && marked.has(l.id));
  const pickedMoves = useMemo(() => (w?.movements ?? []).filter((m) => !m.reconciledBy && picked.includes(m.id)), [w, picked]);
  const pickedIds = useMemo(() => pickedMoves.map((m) => m.id), [pickedMoves]);
  const markedSum = markedLines.reduce((s, l) => s + l.amount, 0);
  const pickedSum = pickedMoves.reduce((s, m) => s + m.amount, 0);
  // Split: one marked line, movements for part of it in the same direction; the rest becomes a manual movement.
  const splitRest = markedLines.length === 1 && pickedMoves.length > 0 && Math.sign(pickedSum) === Math.sign(markedSum) && Math.abs(pickedSum) < Math.abs(markedSum) ? markedSum - pickedSum : 0;
  const highCount = (w?.lines ?? []).filter((l) => l.status === 'PENDENTE' && l.suggestions[0]?.confidence === 'alta').length;
  const toggle = useCallback(
    (lineId: string) =>
      setMarked((m) => {
        const next = new Set(m);
        if (!next.delete(lineId)) next.add(lineId);
        return next;
      }),
    [],
  );

  if (ws.error instanceof HttpError && ws.error.status === 404) return <NotFoundPage path={`/contas-financeiras/${id}/conciliacao-de-conta`} />;

  const set = (patch: Record<string, string>) => setSearch({ from, to, status: filter, ...patch }, { replace: true });
  const run = async (fn: () => Promise<unknown>, ok: string) => {
    setBusy(true);
    try {
      await fn();
      engine.snackbars.push({ type: 'success', message: ok });
      await refresh();
    } catch (err) {
      engine.notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  const accept = (line: BankLine, s: Suggestion) =>
    run(
      () =>
        lineAction(engine, line.id, 'match', {
          version: line.version,
          ...(s.kind === 'transaction' || s.kind === 'batch'
            ? { transactionIds: s.ids }
            : { installments: [{ kind: s.kind === 'payable-installment' ? 'payable' : 'receivable', id: s.ids[0], version: s.version ?? 0 }] }),
        }),
      'Lançamento conciliado.',
    );
  return (
    <>
      <PageHeader
        title={w ? `Conciliação — ${w.bankAccount.name}` : <Skeleton.Input active size="small" style={{ width: 320 }} />}
        lead={<>{w?.reconciledUntil ? `Conciliado até ${formatDate(w.reconciledUntil)}.` : 'Importe o extrato do banco e confirme cada lançamento com o que o sistema registrou.'} <Link to="/contas-financeiras/regras-de-conciliacao" style={{ textDecoration: 'underline' }}>Regras</Link></>}
        back={{ to: `/contas-financeiras/${encodeURIComponent(id)}`, label: 'Voltar para a conta' }}
        actions={
          canAct && (
            <Space wrap>
              <Button
                type="primary"
                disabled={busy || !highCount}
                onClick={async () => {
                  setBusy(true);
                  try {
                    const p = await acceptSuggestions(engine, id, { from, to, preview: true });
                    if (p.matched.length) setBulkPreview(p);
                    else engine.snackbars.push({ type: 'info', message: p.skipped.length ? `Nenhuma sugestão pode ser aceita: ${p.skipped[0].reason}` : 'Nenhuma sugestão de alta confiança a aceitar neste período.' });
                  } catch (err) {
                    engine.notifyError(err);
                  } finally {
                    setBusy(false);
                  }
                }}
              >
                Aceitar sugestões de alta confiança ({highCount})
              </Button>
              <Button
                disabled={busy}
                onClick={async () => {
                  try {
                    const p = await applyRules(engine, id, true);
                    if (!p.applied.length) return engine.snackbars.push({ type: 'info', message: 'Nenhuma regra casa com os lançamentos pendentes.' });
                    if (window.confirm(`Criar ${p.applied.length} movimentação(ões) pelas regras?\n${p.applied.map((a) => `${a.rule}: ${a.memo} ${formatBRL(a.amount)}`).join('\n')}`)) {
                      await run(() => applyRules(engine, id, false), `${p.applied.length} lançamento(s) conciliado(s) pelas regras.`);
                    }
                  } catch (err) {
                    engine.notifyError(err);
                  }
                }}
              >
                Aplicar regras
              </Button>
            </Space>
          )
        }
      />
      <Modal
        open={!!bulkPreview}
        title="Aceitar sugestões de alta confiança"
        okText={bulkPreview ? `Conciliar ${plural(bulkPreview.matched.length, 'lançamento', 'lançamentos')}` : 'Conciliar'}
        cancelText="Cancelar"
        okButtonProps={{ loading: busy }}
        onCancel={() => setBulkPreview(null)}
        onOk={async () => {
          setBusy(true);
          try {
            const r = await acceptSuggestions(engine, id, { from, to, preview: false });
            setBulkPreview(null);
            setBulkResult(r);
            engine.snackbars.push({ type: 'success', message: `${plural(r.matched.length, 'lançamento conciliado', 'lançamentos conciliados')} pelas sugestões.` });
            await refresh();
          } catch (err) {
            engine.notifyError(err);
          } finally {
            setBusy(false);
          }
        }}
        destroyOnHidden
      >
        {bulkPreview && (
          <div data-testid="bulk-preview">
            <Typography.Paragraph>
              Conciliar <strong>{plural(bulkPreview.matched.length, 'lançamento', 'lançamentos')}</strong> do extrato de {formatDate(from)} a {formatDate(to)} com a melhor sugestão de cada um,
              total <strong>{formatBRL(bulkPreview.total)}</strong>. Sugestões de parcelas registram o pagamento ou o recebimento na data do banco.
            </Typography.Paragraph>
            <ul style={{ maxHeight: 240, overflowY: 'auto', paddingInlineStart: 20 }}>
              {bulkPreview.matched.map((m) => (
                <li key={m.lineId}>
                  {formatDate(m.date)} · {m.memo || '(sem histórico)'} · {money(m.amount)} → {m.suggestion.label}
                </li>
              ))}
            </ul>
            {bulkPreview.skipped.length > 0 && <SkippedList skipped={bulkPreview.skipped} title={`${plural(bulkPreview.skipped.length, 'lançamento fica pendente', 'lançamentos ficam pendentes')}:`} />}
          </div>
        )}
      </Modal>
      {bulkResult && (
        <Alert
          data-testid="bulk-result"
          type={bulkResult.skipped.length ? 'warning' : 'success'}
          showIcon
          closable={{ 'aria-label': 'Fechar o resultado' }}
          onClose={() => setBulkResult(null)}
          style={{ marginBottom: 16 }}
          title={`${plural(bulkResult.matched.length, 'lançamento conciliado', 'lançamentos conciliados')} pelas sugestões de alta confiança (${formatBRL(bulkResult.total)}).`}
          description={bulkResult.skipped.length > 0 && <SkippedList skipped={bulkResult.skipped} title={`${plural(bulkResult.skipped.length, 'ficou pendente', 'ficaram pendentes')}:`} />}
        />
      )}
      {can('reconcilables', 'create') && <ImportPanel bankAccountId={id} onImported={() => void refresh()} />}
      <Card size="small" style={{ marginBottom: 16 }}>
        <Space wrap size={12}>
          <Segmented<Filter>
            aria-label="Situação"
            value={filter}
            options={[{ label: 'Pendentes', value: 'PENDENTE' }, { label: 'Conciliados', value: 'CONCILIADO' }, { label: 'Todos', value: 'TODOS' }]}
            onChange={(v) => set({ status: v })}
          />
          <Typography.Text strong>Período</Typography.Text>
          <DatePicker.RangePicker
            aria-label="Período"
            allowClear={false}
            format="DD/MM/YYYY"
            value={[dayjs(from), dayjs(to)]}
            onChange={(v: [Dayjs | null, Dayjs | null] | null) => v?.[0] && v[1] && set({ from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') })}
          />
        </Space>
      </Card>
      {ws.isError && !(ws.error instanceof HttpError && ws.error.status === 404) && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={(ws.error as Error).message} />}
      {w?.truncated && (
        <Alert
          data-testid="reconciliation-truncated"
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`O período tem mais de ${w.truncated.limit.toLocaleString('pt-BR')} lançamentos do extrato: a tela mostra os primeiros ${w.truncated.limit.toLocaleString('pt-BR')}, por data.`}
          description="Escolha um período menor para ver e conciliar os demais; os totais acima contam só os lançamentos mostrados."
        />
      )}
      <div data-testid="reconciliation-summary" aria-busy={ws.isFetching} style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: 16, marginBottom: 16 }}>
        <Card size="small"><Statistic title={w?.balances ? `Saldo do banco em ${formatDate(w.balances.date)}` : 'Saldo do banco'} value={w?.balances ? formatBRL(w.balances.bank) : '—'} /></Card>
        <Card size="small"><Statistic title="Saldo do sistema na mesma data" value={w?.balances ? formatBRL(w.balances.system) : '—'} /></Card>
        <Card size="small"><Statistic title="Diferença" value={w?.balances ? formatBRL(w.balances.difference) : '—'} valueStyle={{ color: w?.balances?.difference ? '#a61d24' : '#237804' }} /></Card>
        <Card size="small"><Statistic title="Pendentes no período" value={w ? `${w.lines.filter((l) => l.status === 'PENDENTE').length} · ${formatBRL(w.totals.bankPending)}` : '—'} /></Card>
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 16 }}>
        <BankLinesPane
          lines={w ? lines : undefined}
          emptyText={filter === 'PENDENTE' ? 'Nenhum lançamento pendente neste período.' : 'Nenhum lançamento neste período.'}
          activeId={active}
          marked={marked}
          canAct={canAct}
          busy={busy}
          onSelect={setSelected}
          onToggle={toggle}
          onAccept={(line) => void accept(line, line.suggestions[0])}
          footer={
            canAct &&
            w && (
              <SelectionBar
                markedCount={markedLines.length}
                markedSum={markedSum}
                pickedCount={pickedMoves.length}
                pickedSum={pickedSum}
                splitRest={splitRest}
                busy={busy}
                onMatch={() =>
                  run(async () => {
                    await matchMany(engine, id, { lines: markedLines.map((l) => ({ id: l.id, version: l.version })), transactionIds: pickedMoves.map((m) => m.id) });
                    setMarked(new Set());
                    setPicked([]);
                  }, `${plural(markedLines.length, 'lançamento conciliado', 'lançamentos conciliados')} com ${plural(pickedMoves.length, 'movimentação', 'movimentações')}.`)
                }
                onSplit={() =>
                  run(async () => {
                    await splitLine(engine, markedLines[0].id, { version: markedLines[0].version, transactionIds: pickedMoves.map((m) => m.id) });
                    setMarked(new Set());
                    setPicked([]);
                  }, `Lançamento conciliado; diferença de ${formatBRL(splitRest)} lançada como movimentação.`)
                }
                onClear={() => (setMarked(new Set()), setPicked([]))}
              />
            )
          }
        />
        <div style={{ display: 'grid', gap: 16, alignContent: 'start' }}>
          <Card size="small" title={current ? `Lançamento de ${formatDate(current.date)} · ${formatBRL(current.amount)}` : 'Selecione um lançamento do extrato'}>
            {current && <LineDetail line={current} lines={w?.lines ?? []} canAct={canAct} busy={busy} onAccept={(s) => void accept(current, s)} run={run} engine={engine} />}
          </Card>
          <MovementsPane movements={w?.movements ?? NONE} highlighted={current?.transactionIds ?? NONE} canAct={canAct} picked={pickedIds} onPick={setPicked} />
        </div>
      </div>
    </>
  );
}

function SkippedList({ skipped, title }: { skipped: AcceptResult['skipped']; title: string }) {
  return (
    <div>
      <Typography.Text strong>{title}</Typography.Text>
      <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
        {skipped.map((s) => (
          <li key={s.lineId}>
            {formatDate(s.date)} · {s.memo || '(sem histórico)'} · {formatBRL(s.amount)}: {s.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

function LineDetail({ line, lines, canAct, busy, onAccept, run, engine }: { line: BankLine; lines: BankLine[]; canAct: boolean; busy: boolean; onAccept: (s: Suggestion) => void; run: (fn: () => Promise<unknown>, ok: string) => Promise<void>; engine: ReturnType<typeof useEngine> }) {
  if (line.status !== 'PENDENTE') {
    const group = line.group ?? [];
    const groupTotal = line.amount + lines.filter((l) => group.includes(l.id)).reduce((s, l) => s + l.amount, 0);
    return (
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>{line.memo}</Typography.Text>
        <Typography.Text>
          <Tag color={STATUS[line.status].color}>{STATUS[line.status].label}</Tag>
          {line.status === 'CONCILIADO' && `com ${plural(line.transactionIds.length, 'movimentação', 'movimentações')} do sistema.`}
        </Typography.Text>
        {group.length > 0 && (
          <Alert
            type="info"
            showIcon
            title={`Conciliado junto com ${plural(group.length, 'outro lançamento', 'outros lançamentos')} do extrato${group.length === lines.filter((l) => group.includes(l.id)).length ? ` (soma ${formatBRL(groupTotal)})` : ''}.`}
          />
        )}
        {canAct && (
          <Popconfirm
            title={group.length ? `Desfazer a conciliação do grupo (${plural(group.length + 1, 'lançamento', 'lançamentos')})?` : 'Desfazer a conciliação?'}
            description={group.length ? `Os ${group.length + 1} lançamentos conciliados juntos voltam a pendentes; as movimentações do sistema continuam.` : 'O lançamento volta a pendente; as movimentações do sistema continuam.'}
            okText="Desfazer" cancelText="Cancelar" onConfirm={() => run(() => lineAction(engine, line.id, 'unmatch', { version: line.version }), 'Conciliação desfeita.')}>
            <Button danger disabled={busy}>Desfazer conciliação</Button>
          </Popconfirm>
        )}
      </Space>
    );
  }
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Typography.Text>{line.memo || '(sem histórico)'}</Typography.Text>
      {line.rule && <Alert type="info" showIcon title={`A regra "${line.rule.name}" cria a movimentação deste lançamento ("Aplicar regras").`} />}
      {line.suggestions.length === 0 && <Typography.Text type="secondary">Nenhuma sugestão: nada no sistema com o mesmo valor e data próxima.</Typography.Text>}
      <div role="list" aria-label="Sugestões" hidden={!line.suggestions.length}>
        {line.suggestions.map((s, i) => (
          <div key={s.ids.join()} role="listitem" data-testid="suggestion" style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 8, marginBottom: 8 }}>
            <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
              <span>
                <Tag>{KIND[s.kind]}</Tag> {s.label} · {formatDate(s.date)} · {money(s.amount)}
              </span>
              <Tag color={CONFIDENCE[s.confidence]}>confiança {s.confidence}</Tag>
            </Space>
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0' }}>Por quê: {s.reasons.join('; ')}.</Typography.Paragraph>
            {canAct && (
              <Button type={i === 0 ? 'primary' : 'default'} size="small" disabled={busy} onClick={() => onAccept(s)}>
                {s.kind.endsWith('installment') ? 'Confirmar e registrar a baixa' : 'Confirmar'}
              </Button>
            )}
          </div>
        ))}
      </div>
      {canAct && (
        <Space wrap>
          <Button disabled={busy} onClick={() => run(() => lineAction(engine, line.id, 'create-entry', { version: line.version }), 'Movimentação criada e conciliada.')}>
            Criar movimentação ({line.amount < 0 ? 'tarifa, IOF…' : 'rendimento…'})
          </Button>
          <Popconfirm title="Ignorar este lançamento?" description="Ele sai dos pendentes sem movimentação no sistema." okText="Ignorar" cancelText="Cancelar" onConfirm={() => run(() => lineAction(engine, line.id, 'ignore', { version: line.version }), 'Lançamento ignorado.')}>
            <Button disabled={busy}>Ignorar</Button>
          </Popconfirm>
        </Space>
      )}
    </Space>
  );
}
