import type { Queryable } from '../db/index.ts';
import { statusDescriptor } from '../../src/i18n/status.ts';
import { tooManyRequests } from './errors.ts';

/**
 * Sliding-window counters kept in the database (stateless API, several processes): one row per event
 * in `rate_limit_events`; a key is blocked while its `max`-th most recent event is inside the window.
 * For actions only a signed-in user (or a mailbox owner) can repeat: second-factor codes, e-mails, upload
 * starts. Password guessing has its own progressive throttle that no stranger can turn into a lockout
 * (`login-throttle.ts`).
 */
export type LimitKind = 'two-factor' | 'email-code' | 'password-recovery' | 'upload-start';

const MINUTE = 60_000;
export const LIMITS: Record<LimitKind, { max: number; windowMs: number }> = {
  'two-factor': { max: 10, windowMs: 15 * MINUTE }, // wrong TOTP / e-mail codes of one user
  'email-code': { max: 5, windowMs: 15 * MINUTE }, // codes e-mailed to one user
  'password-recovery': { max: 3, windowMs: 15 * MINUTE }, // recovery e-mails to one address
  'upload-start': { max: 60, windowMs: 10 * MINUTE }, // files one user starts to upload (docs/security.md)
};

export interface LimitKey {
  kind: LimitKind;
  key: string;
}

/** Events counted ahead of a check (`countAttempt`), to be dropped if the attempt turns out fine. */
export interface CountedAttempt {
  ids: string[];
}

/**
 * Counts the attempt FIRST, then checks: concurrent attempts all see each other's rows, so a burst cannot
 * slip past the limit between a check and a record (check-then-record is a race on a real server).
 * A blocked attempt takes its rows back (blocked tries do not extend the block) and throws 429; an allowed
 * one keeps them as failures until `releaseAttempt` says it succeeded.
 */
export async function countAttempt(q: Queryable, keys: LimitKey[], now = new Date()): Promise<CountedAttempt> {
  const ids: string[] = [];
  for (const { kind, key } of keys) {
    await q.query('DELETE FROM rate_limit_events WHERE kind = $1 AND key = $2 AND at <= $3', [
      kind,
      key,
      new Date(now.getTime() - LIMITS[kind].windowMs),
    ]);
    const { rows } = await q.query<{ id: string }>('INSERT INTO rate_limit_events (kind, key, at) VALUES ($1, $2, $3) RETURNING id', [kind, key, now]);
    ids.push(String(rows[0].id));
  }
  let wait = 0;
  for (const k of keys) {
    const { max, windowMs } = LIMITS[k.kind];
    // Blocked when, besides this attempt, `max` events are already in the window.
    const { rows } = await q.query<{ at: Date }>(
      `SELECT at FROM rate_limit_events WHERE kind = $1 AND key = $2 AND at > $3 AND id <> ALL($5::bigint[])
        ORDER BY at DESC OFFSET $4 LIMIT 1`,
      [k.kind, k.key, new Date(now.getTime() - windowMs), max - 1, ids],
    );
    if (rows[0]) wait = Math.max(wait, Math.max(1, Math.ceil((new Date(rows[0].at).getTime() + windowMs - now.getTime()) / 1000)));
  }
  if (wait > 0) {
    await releaseAttempt(q, { ids });
    throw tooManyRequests(statusDescriptor(429).message, wait);
  }
  return { ids };
}

/** The counted attempt succeeded: it is not a failure. */
export async function releaseAttempt(q: Queryable, attempt: CountedAttempt): Promise<void> {
  if (attempt.ids.length) await q.query('DELETE FROM rate_limit_events WHERE id = ANY($1::bigint[])', [attempt.ids]);
}

export async function clearEvents(q: Queryable, { kind, key }: LimitKey): Promise<void> {
  await q.query('DELETE FROM rate_limit_events WHERE kind = $1 AND key = $2', [kind, key]);
}
