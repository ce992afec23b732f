import type { Queryable } from '../../db/index.ts';
import type { Principal } from '../../lib/principal.ts';
import type { ResourceRecord } from '../../resources/types.ts';

/**
 * How submitting a lançamento reaches the approval queues (alçadas), kept behind a port so the payables
 * workflow does not depend on how the approval engine stores its requests. `server/finance/index.ts`
 * plugs in the approval engine; without one, no queue ever matches and a user with `approve` approves
 * directly.
 */
export interface ApprovalRouting {
  /** A queue's trigger matched: the lançamento waits for its stages. */
  queued: boolean;
  /** The queue (`approvals` record) the engine chose. */
  queueId?: string;
  queueName?: string;
}

export interface ApprovalPort {
  route(q: Queryable, args: { resource: string; record: ResourceRecord; actor: Principal }): Promise<ApprovalRouting>;
  /** The queue a record is still waiting in, or null (decided, withdrawn or never queued). */
  pending(q: Queryable, resource: string, recordId: string): Promise<{ queueName: string } | null>;
  /** The queues several records still wait in, in one query: record id → queue name (absent: none). */
  pendingMany(q: Queryable, resource: string, recordIds: readonly string[]): Promise<Map<string, string>>;
  /** Withdraws a pending request (the lançamento was cancelled while waiting). */
  withdraw(q: Queryable, args: { resource: string; recordId: string; actor: Principal; reason: string }): Promise<void>;
  /**
   * Everyone who approved each record at any stage (and the approvers substitutes stood in for), for the
   * segregation of duties: record id → user ids (lowercase).
   */
  approvers(q: Queryable, resource: string, recordIds: readonly string[]): Promise<Map<string, Set<string>>>;
}

const NO_QUEUES: ApprovalPort = { route: async () => ({ queued: false }), pending: async () => null, pendingMany: async () => new Map(), withdraw: async () => {}, approvers: async () => new Map() };

let port: ApprovalPort = NO_QUEUES;

/** Plugs the approval engine in (once, at start). */
export function setApprovalPort(next: ApprovalPort | null): void {
  port = next ?? NO_QUEUES;
}

export const approvalPort = (): ApprovalPort => port;
