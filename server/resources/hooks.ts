import type { Queryable } from '../db/index.ts';
import type { Principal } from '../lib/principal.ts';
import type { ResourceDef, ResourceRecord } from './types.ts';

export type WriteAction = 'create' | 'update' | 'delete';

/** What a hook sees of one write. It runs inside the write's transaction (`q`). */
export interface WriteContext {
  q: Queryable;
  def: ResourceDef;
  action: WriteAction;
  /**
   * The record as it will be stored: the validated body on create, the merged record on update, the stored
   * one on delete. `beforeWrite` may change it (the engine writes what is here afterwards).
   */
  record: Record<string, unknown>;
  /** The stored record (update, delete). */
  stored?: ResourceRecord;
  principal: Principal;
  /** Runs `fn` after the transaction commits (e-mails): never inside it, never when the write fails. */
  onCommit(fn: () => Promise<void>): void;
  /** Marks another resource's list totals as stale (rows written by the hook). */
  invalidate(resource: string): void;
}

/**
 * Rules of one resource that its schema cannot say (checks against other tables, rows that change with
 * it), run by the generic writes: throw an `HttpError` (400 with field errors, 403, 409) to refuse the
 * write — nothing is written, since everything runs in one transaction.
 * @example engine.hooks.set('users', { beforeWrite: async (ctx) => { if (…) throw badRequest({ email: ['…'] }) } })
 */
export interface ResourceHooks {
  /**
   * Update and delete, inside the write's transaction, before the engine locks the record (`id`): lock here
   * the rows other writes lock before this one (its parent), so every path takes them in one order and two
   * writes never deadlock. Nothing is checked yet (the record may not exist or be out of scope).
   */
  beforeLock?(ctx: { q: Queryable; def: ResourceDef; id: string; principal: Principal }): Promise<void>;
  /** After validation, scope and reference checks, before the row is written. */
  beforeWrite?(ctx: WriteContext): Promise<void>;
  /** After the row is written (`row`: as the API returns it; the stored one on delete). Skipped when an update changed nothing. */
  afterWrite?(ctx: WriteContext & { row: ResourceRecord }): Promise<void>;
}

/** The commit callbacks and stale totals a write collected, applied by the engine once it commits. */
export class WriteEffects {
  readonly commits: (() => Promise<void>)[] = [];
  readonly stale = new Set<string>();

  context(base: Omit<WriteContext, 'onCommit' | 'invalidate'>): WriteContext {
    return { ...base, onCommit: (fn) => void this.commits.push(fn), invalidate: (r) => void this.stale.add(r) };
  }

  async afterCommit(): Promise<void> {
    for (const fn of this.commits) await fn();
  }
}
