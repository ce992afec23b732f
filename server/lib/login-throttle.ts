import { isIP } from 'node:net';
import type { Queryable } from '../db/index.ts';
import { THROTTLE_MESSAGES } from '../../src/i18n/security.ts';
import { tooManyRequests } from './errors.ts';

/**
 * Password-guessing throttle (ASVS V6.1.1, V6.3.1; docs/security.md "Tentativas de login"): progressive
 * delays, never a lockout. Three counters of consecutive failures, each with its own free attempts and a
 * wait that doubles after them up to a cap:
 * - pair (account + client address): always counted; slows one attacker on one account.
 * - account: counted only from addresses that have not logged in to that account in the last 30 days, so a
 *   stranger's failures never slow the owner on the computer they use.
 * - ip: counted only for account+address pairs that are not trusted, so an office behind one NAT address
 *   keeps logging in while someone there (or a sprayer) piles up failures on other accounts.
 * State lives in PostgreSQL (`login_throttle`, `login_trust`): every instance sees the same counters.
 */
export type ThrottleKind = 'pair' | 'account' | 'ip';

export const THROTTLE: Record<ThrottleKind, { free: number; baseMs: number; capMs: number }> = {
  pair: { free: 5, baseMs: 2_000, capMs: 5 * 60_000 },
  account: { free: 10, baseMs: 1_000, capMs: 5 * 60_000 },
  ip: { free: 50, baseMs: 1_000, capMs: 5 * 60_000 },
};
/** Failures older than this are forgotten (the counter starts over). */
export const FORGET_AFTER_MS = 24 * 60 * 60_000;
/** How long a successful login keeps an account+address pair trusted. */
export const TRUST_FOR_MS = 30 * 24 * 60 * 60_000;

/** Wait after `n` consecutive failures, in ms. @example waitMs('pair', 6) // 4000 */
export function waitMs(kind: ThrottleKind, n: number): number {
  const { free, baseMs, capMs } = THROTTLE[kind];
  return n < free ? 0 : Math.min(capMs, baseMs * 2 ** Math.min(n - free, 30));
}

/** SQL of the same wait, as an interval over the row's `failures`. */
const waitSql = (kind: ThrottleKind) => {
  const { free, baseMs, capMs } = THROTTLE[kind];
  return `make_interval(secs => CASE WHEN t.failures < ${free} THEN 0 ELSE least(${capMs}, ${baseMs} * power(2, least(t.failures - ${free}, 30))) / 1000.0 END)`;
};

/** The address a counter keys on: IPv4 as is (also when IPv4-mapped), IPv6 by its /64 (one host holds a whole /64). */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIP(ip) !== 6) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

export interface LoginAttempt {
  account: string;
  ip: string;
  at: Date;
  /** The counters this attempt was charged to. */
  kinds: ThrottleKind[];
}

const keyOf = (kind: ThrottleKind, a: Pick<LoginAttempt, 'account' | 'ip'>) => (kind === 'account' ? a.account : kind === 'ip' ? a.ip : `${a.account} ${a.ip}`);

/**
 * Charges one password check to the counters before the password is looked at (a burst cannot slip past a
 * check between "read" and "write": each claim is a conditional upsert under the row lock). When any counter
 * still asks to wait, nothing is charged and the answer is 429 with `Retry-After`.
 */
export async function beginLogin(db: { tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> }, login: string, ip: string, at = new Date()): Promise<LoginAttempt> {
  const account = login.trim().toLowerCase();
  const attempt: LoginAttempt = { account, ip: addressKey(ip), at, kinds: [] };
  return db.tx(async (q) => {
    const { rows } = await q.query('SELECT 1 FROM login_trust WHERE account = $1 AND ip = $2 AND last_success_at > $3', [
      account,
      attempt.ip,
      new Date(at.getTime() - TRUST_FOR_MS),
    ]);
    const kinds: ThrottleKind[] = rows.length ? ['pair'] : ['pair', 'account', 'ip'];
    let waitSeconds = 0;
    for (const kind of kinds) {
      const key = keyOf(kind, attempt);
      const forget = new Date(at.getTime() - FORGET_AFTER_MS);
      const claimed = await q.query(
        `INSERT INTO login_throttle AS t (kind, key, failures, last_at) VALUES ($1, $2, 1, $3)
         ON CONFLICT (kind, key) DO UPDATE SET
           failures = CASE WHEN t.last_at < $4 THEN 1 ELSE t.failures + 1 END, prev_at = t.last_at, last_at = $3
         WHERE t.last_at < $4 OR t.last_at + ${waitSql(kind)} <= $3
         RETURNING failures`,
        [kind, key, at, forget],
      );
      if (claimed.rows.length) continue;
      const { rows: left } = await q.query<{ until: Date }>(`SELECT t.last_at + ${waitSql(kind)} AS until FROM login_throttle t WHERE kind = $1 AND key = $2`, [kind, key]);
      waitSeconds = Math.max(waitSeconds, Math.ceil((new Date(left[0].until).getTime() - at.getTime()) / 1000), 1);
    }
    // Blocked: throw inside the transaction so the claims of the other counters roll back with it.
    if (waitSeconds) throw tooManyRequests(THROTTLE_MESSAGES.wait(waitSeconds), waitSeconds);
    attempt.kinds = kinds;
    return attempt;
  });
}

/**
 * The password was right: the pair and account counters start over, the address counter takes back this
 * attempt (a spraying attacker cannot reset it with a login of his own), and the pair becomes trusted.
 */
export async function loginSucceeded(q: Queryable, attempt: LoginAttempt): Promise<void> {
  await q.query(`DELETE FROM login_throttle WHERE (kind = 'pair' AND key = $1) OR (kind = 'account' AND key = $2)`, [keyOf('pair', attempt), attempt.account]);
  if (attempt.kinds.includes('ip')) {
    await q.query(
      `UPDATE login_throttle SET failures = greatest(failures - 1, 0),
         last_at = CASE WHEN last_at = $2 THEN coalesce(prev_at, last_at) ELSE last_at END, prev_at = NULL
       WHERE kind = 'ip' AND key = $1`,
      [attempt.ip, attempt.at],
    );
  }
  await trust(q, attempt.account, attempt.ip, attempt.at);
}

async function trust(q: Queryable, account: string, ip: string, at: Date): Promise<void> {
  await q.query(
    `INSERT INTO login_trust (account, ip, last_success_at) VALUES ($1, $2, $3)
     ON CONFLICT (account, ip) DO UPDATE SET last_success_at = greatest(login_trust.last_success_at, EXCLUDED.last_success_at)`,
    [account, ip, at],
  );
}

/**
 * A password set from an e-mailed link (recovery or invitation) proves the mailbox: the account's counters
 * start over and the address that used the link is trusted — the way back in for someone a stranger slows.
 */
export async function passwordResetFrom(q: Queryable, email: string, ip: string, at = new Date()): Promise<void> {
  const account = email.trim().toLowerCase();
  await q.query(`DELETE FROM login_throttle WHERE (kind = 'account' AND key = $1) OR (kind = 'pair' AND key LIKE $2 ESCAPE '\\')`, [
    account,
    `${account.replace(/[\\%_]/g, (c) => `\\${c}`)} %`,
  ]);
  await trust(q, account, addressKey(ip), at);
}

let lastSweep = 0;

/** Drops forgotten counters and expired trust, at most once an hour per process. */
export async function sweepThrottle(q: Queryable, now = new Date()): Promise<void> {
  if (now.getTime() - lastSweep < 60 * 60_000) return;
  lastSweep = now.getTime();
  await q.query('DELETE FROM login_throttle WHERE last_at < $1', [new Date(now.getTime() - FORGET_AFTER_MS)]);
  await q.query('DELETE FROM login_trust WHERE last_success_at < $1', [new Date(now.getTime() - TRUST_FOR_MS)]);
}
