import type { Engine } from '../../../engine/create-engine.ts';

/** `GET supply-management/v1/orders/analytics` (server/procurement/analytics.ts, D64). */
export interface OrderAnalytics {
  today: string;
  mine: boolean;
  from: string | null;
  to: string | null;
  total: { count: number; amount: number };
  byStatus: { status: string; count: number; amount: number }[];
  byAge: { minDays: number; maxDays: number | null; fromDate: string | null; toDate: string; count: number; amount: number }[];
  byAmount: { min: number; max: number | null; count: number; amount: number }[];
  byApprover: {
    approvalId: string;
    approvalName: string;
    stageId: string | null;
    stageName: string | null;
    approvers: string[];
    count: number;
    amount: number;
    oldestSince: string | null;
    orders: { id: string; number: string; title: string; amount: number | null; since: string | null }[];
  }[];
}

export const orderAnalytics = (engine: Engine, params: { mine: boolean; from?: string; to?: string }, signal?: AbortSignal) =>
  engine.http.get<OrderAnalytics>(`${engine.api.service('supplyManagement')}/orders/analytics`, {
    params: { mine: String(params.mine), ...(params.from ? { from: params.from } : {}), ...(params.to ? { to: params.to } : {}) },
    signal,
  });

/** Orders still moving (the server's OPEN_STATUSES): what "por idade" counts. */
export const OPEN_STATUSES = ['ENVIADO', 'APROVADO', 'EM_COTACAO', 'COTADO', 'PEDIDO_GERADO', 'PARCIALMENTE_ATENDIDO'];

/**
 * The orders list (`/pedidos/lista`) filtered like a number of the page: the list reads `filter[field][op]`
 * from its URL (src/engine/list/list-state.ts), so the drill-down shows exactly the orders counted.
 */
export function listLink(base: { mine: boolean; userId?: string; from?: string; to?: string }, extra: [string, string | number][]): string {
  const p = new URLSearchParams();
  if (base.mine && base.userId) p.append('filter[requesterId][eq]', base.userId);
  const dates = extra.find(([k]) => k === 'filter[requestDate][between]') ? [] : [base.from ?? '2000-01-01', base.to ?? '2999-12-31'];
  if (base.from || base.to) dates.forEach((d) => p.append('filter[requestDate][between]', d));
  for (const [k, v] of extra) p.append(k, String(v));
  return `/pedidos/lista?${p.toString()}`;
}
