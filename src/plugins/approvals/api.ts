import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEngine } from '../../react/context.ts';
import { metadata, screenOfResource } from '../../react/metadata.ts';
import type { ActionVerdict } from '../../engine/data/record-actions.ts';

/** Shapes of `/api/approvals/v1` (server/approvals/README.md). */
export interface Person {
  id: string;
  name: string;
}

export interface StageSummary {
  id: string;
  order: number;
  name: string;
  rule: 'ANY' | 'ALL';
  active: boolean;
  approvers: Person[];
  substitute: (Person & { from: string; until: string }) | null;
  isApprover: boolean;
  pending: number;
  waitingForMe: number;
}

export interface QueueSummary {
  id: string;
  name: string;
  description: string | null;
  active: boolean;
  isApprover: boolean;
  pending: number;
  waitingForMe: number;
  stages: StageSummary[];
}

export interface RequestItem {
  id: string;
  resourceName: string;
  recordId: string;
  recordLabel: string;
  amount: number | null;
  status: 'PENDENTE' | 'APROVADO' | 'REJEITADO' | 'CANCELADO';
  approvalId: string;
  approvalName: string;
  stageId: string | null;
  stageName: string | null;
  stageOrder: number | null;
  stageCount: number;
  stageRule: 'ANY' | 'ALL' | null;
  requester: Person | null;
  createdAt: string;
  stageEnteredAt: string;
  decidedAt: string | null;
  reason: string | null;
  canDecide: boolean;
  actingFor: Person[];
  progress: { approved: number; required: number } | null;
  noApprover: boolean;
  /** Allowed actions (architecture §12): whether the caller may approve / reject it now, and why not. */
  actions?: { approve: ActionVerdict; reject: ActionVerdict };
}

export interface DecisionItem {
  id: string;
  stageId: string;
  stageName: string | null;
  approver: Person | null;
  actingFor: Person | null;
  decision: 'APROVAR' | 'REJEITAR';
  comment: string | null;
  createdAt: string;
}

export interface RequestDetail {
  request: RequestItem;
  stages: { id: string; order: number; name: string; rule: string; status: string; approvers: Person[] }[];
  decisions: DecisionItem[];
}

export interface Page<T> {
  items: T[];
  total: number;
}

export interface DecisionInput {
  decision: 'APROVAR' | 'REJEITAR';
  comment?: string;
  actingForId?: string | null;
}

export interface BulkResult {
  requestId: string;
  ok: boolean;
  message?: string;
}

/** Query keys: everything of the plugin under `['approvals']`, so one decision refreshes every page. */
export const approvalKeys = {
  all: ['approvals'] as const,
  queues: ['approvals', 'queues'] as const,
  queue: (id: string) => ['approvals', 'queue', id] as const,
  requests: (id: string, params: Record<string, unknown>) => ['approvals', 'queue', id, 'requests', params] as const,
  pending: (page: number) => ['approvals', 'pending', page] as const,
  detail: (id: string) => ['approvals', 'request', id] as const,
};

function useUrl(): (path: string) => string {
  const { api } = useEngine();
  return (path) => `${api.service('approvals')}/${path}`;
}

const PAGE_SIZE = 50;

/** A list with its `X-Total-Count`. */
function usePage<T>(key: readonly unknown[], path: string) {
  const { http } = useEngine();
  const url = useUrl();
  return useQuery({
    queryKey: key,
    queryFn: async (): Promise<Page<T>> => {
      const res = await http.request<T[]>({ url: url(path), method: 'GET' });
      return { items: res.data, total: Number(res.headers.get('x-total-count') ?? res.data.length) };
    },
    placeholderData: keepPreviousData,
  });
}

export function useQueues() {
  const { http } = useEngine();
  const url = useUrl();
  return useQuery({ queryKey: approvalKeys.queues, queryFn: () => http.get<QueueSummary[]>(url('queues')) });
}

export function useQueue(approvalId: string) {
  const { http } = useEngine();
  const url = useUrl();
  return useQuery({ queryKey: approvalKeys.queue(approvalId), queryFn: () => http.get<QueueSummary>(url(`queues/${encodeURIComponent(approvalId)}`)) });
}

export function useQueueRequests(approvalId: string, params: { stageId?: string; status: string; page: number }) {
  const qs = new URLSearchParams({ status: params.status, page: String(params.page), pageSize: String(PAGE_SIZE) });
  if (params.stageId) qs.set('stageId', params.stageId);
  return usePage<RequestItem>(approvalKeys.requests(approvalId, params), `queues/${encodeURIComponent(approvalId)}/requests?${qs}`);
}

export function usePending(page: number) {
  return usePage<RequestItem>(approvalKeys.pending(page), `approval-requests/pending?page=${page}&pageSize=${PAGE_SIZE}`);
}

export function useRequestDetail(requestId: string, enabled: boolean) {
  const { http } = useEngine();
  const url = useUrl();
  return useQuery({
    queryKey: approvalKeys.detail(requestId),
    queryFn: () => http.get<RequestDetail>(url(`approval-requests/${encodeURIComponent(requestId)}/decisions`)),
    enabled,
  });
}

/** One decision; every approval page refetches afterwards (counts, lists, histories). */
export function useDecide() {
  const { http } = useEngine();
  const url = useUrl();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ item, input }: { item: RequestItem; input: DecisionInput }) =>
      http.post<{ request: RequestItem; outcome: string }>(url(`approval-requests/${encodeURIComponent(item.id)}/decisions`), { stageId: item.stageId, ...input }),
    onSettled: () => client.invalidateQueries({ queryKey: approvalKeys.all }),
  });
}

export function useBulkApprove() {
  const { http } = useEngine();
  const url = useUrl();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ items, comment }: { items: RequestItem[]; comment?: string }) =>
      http.post<{ results: BulkResult[] }>(url('approval-requests/decisions'), {
        decision: 'APROVAR',
        ...(comment ? { comment } : {}),
        items: items.map((i) => ({ requestId: i.id, stageId: i.stageId })),
      }),
    onSettled: () => client.invalidateQueries({ queryKey: approvalKeys.all }),
  });
}

/** The record page of a request's record (the screen that shows its resource), when there is one. */
export function recordPath(item: Pick<RequestItem, 'resourceName' | 'recordId'>): string | undefined {
  const hit = screenOfResource(metadata, item.resourceName);
  if (!hit?.screen.view || hit.screen.route.base.includes('{')) return undefined;
  return `${hit.screen.route.base}/${encodeURIComponent(item.recordId)}`;
}
