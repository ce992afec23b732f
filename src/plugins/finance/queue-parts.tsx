import { SearchOutlined } from '@ant-design/icons';
import { DatePicker, Input, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useContext, useMemo } from 'react';
import { Link, UNSAFE_DataRouterContext, useLocation, useNavigate } from 'react-router-dom';
import { isOverdue } from '../../engine/finance/status.ts';
import { formatDate } from '../../i18n/format.ts';
import type { QueueParams } from './api.ts';

/**
 * The queue's query string, and a setter that writes it to the URL being opened: a tab clicked a moment ago
 * is still loading (the route guard runs on every path change), and a search typed meanwhile must go with
 * that tab, not cancel it by rewriting the query of the tab being left. A pending navigation to another
 * module is left alone.
 */
export function useQueueSearch(): [URLSearchParams, (next: URLSearchParams) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  // The router's own state, read when the setter runs: router updates render in a transition, so what this
  // page last rendered (useLocation, useNavigation) can lag behind a navigation that started or finished.
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const search = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = (next: URLSearchParams) => {
    // Also the current URL from the router: a tab switch that already finished may not have re-rendered this
    // page yet, and the rendered `location` would send the search back to the tab that was left.
    const current = dataRouter?.router.state.location ?? location;
    const pending = dataRouter?.router.state.navigation.location;
    const module = (path: string) => path.split('/')[1];
    const base = pending && module(pending.pathname) === module(current.pathname) ? pending : current;
    navigate({ pathname: base.pathname, search: next.size ? `?${next}` : '' }, { replace: true });
  };
  return [search, set];
}

/** Search, due-date range and page of a queue, kept in the page URL (reload and back keep them). */
export function useQueueParams(): [QueueParams, (next: Partial<QueueParams>) => void] {
  const [search, setSearch] = useQueueSearch();
  const params = useMemo<QueueParams>(
    () => ({
      page: Math.max(1, Number(search.get('page')) || 1),
      pageSize: [25, 50, 100, 200].includes(Number(search.get('pageSize'))) ? Number(search.get('pageSize')) : 50,
      q: search.get('q') || undefined,
      dueFrom: search.get('dueFrom') || undefined,
      dueTo: search.get('dueTo') || undefined,
    }),
    [search],
  );
  const update = (next: Partial<QueueParams>) => {
    const merged = { ...params, ...next };
    // Other parameters of the page (the requester queue's `check`) stay.
    const out = new URLSearchParams(search);
    for (const [k, v] of Object.entries(merged)) {
      if (v !== undefined && v !== '' && !(k === 'page' && v === 1) && !(k === 'pageSize' && v === 50)) out.set(k, String(v));
      else out.delete(k);
    }
    setSearch(out);
  };
  return [params, update];
}

/** The text search and the due-date range over a queue. */
export function QueueFilters({ params, onChange }: { params: QueueParams; onChange: (next: Partial<QueueParams>) => void }) {
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Input.Search
        allowClear
        defaultValue={params.q}
        placeholder="Buscar por descrição, documento ou fornecedor"
        prefix={<SearchOutlined />}
        style={{ width: 360 }}
        aria-label="Buscar"
        onSearch={(q) => onChange({ q: q.trim() || undefined, page: 1 })}
      />
      <DatePicker.RangePicker
        format="DD/MM/YYYY"
        aria-label="Vencimento"
        placeholder={['Vencimento de', 'até']}
        value={[params.dueFrom ? dayjs(params.dueFrom) : null, params.dueTo ? dayjs(params.dueTo) : null]}
        onChange={(v: [Dayjs | null, Dayjs | null] | null) => onChange({ dueFrom: v?.[0]?.format('YYYY-MM-DD'), dueTo: v?.[1]?.format('YYYY-MM-DD'), page: 1 })}
      />
    </Space>
  );
}

const today = () => dayjs().format('YYYY-MM-DD');

/** A due date, with "Vencida" when it passed and the parcela is still open (VENCIDO is computed). */
export function DueDate({ date, status }: { date: string; status: string }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {formatDate(date)}
      {isOverdue(status, date, today()) && <Tag color="error" style={{ marginInlineStart: 6 }}>Vencida</Tag>}
    </span>
  );
}

/** Link to the lançamento's record page. */
export const PayableLink = ({ id, children }: { id: string; children: React.ReactNode }) => <Link to={`/contas-a-pagar/lancamentos/${encodeURIComponent(id)}`}>{children}</Link>;
