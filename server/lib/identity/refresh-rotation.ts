import type { Db, Queryable } from '../../db/index.ts';
import type { SecretBox } from '../secret-box.ts';
import { endSessions, issueRefreshToken, sha256, type IssuedRefresh } from './sessions.ts';

interface RefreshRow {
  id: string;
  user_id: string;
  family_id: string;
  expires_at: Date;
  revoked_at: Date | null;
  replaced_by: string | null;
  successor_sealed: string | null;
}

export type RotateResult = { ok: true; refresh: IssuedRefresh } | { ok: false; reuse: boolean };

/**
 * A rotated token replayed this soon after its rotation is a lost response (a reload or closed tab while the
 * refresh was in flight), not a theft: it gets back the SAME successor (kept sealed for this), never a second
 * branch of the family. Later, or once that successor was itself rotated or ended, it is a theft.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

/**
 * Trades a refresh token for the next one of its family (session). A token already rotated, replayed outside the
 * grace window, is a sign of theft: the session ends (its tokens revoked, its access tokens 401 at once); that
 * commits even though the caller then answers 401.
 */
export async function rotateRefreshToken(db: Db, box: SecretBox, userId: string, token: string, now: Date): Promise<RotateResult> {
  return db.tx(async (q) => {
    const { rows } = await q.query<RefreshRow>(
      `SELECT id, user_id, family_id, expires_at, revoked_at, replaced_by, successor_sealed FROM refresh_tokens
       WHERE token_hash = $1 FOR UPDATE`,
      [sha256(token)],
    );
    const row = rows[0];
    if (!row || row.user_id !== userId) return { ok: false, reuse: false };
    if (row.revoked_at) {
      if (!row.replaced_by) return { ok: false, reuse: false }; // revoked by a logout or an ended session
      const replay = await sameSuccessor(q, box, row, now);
      if (replay) return { ok: true, refresh: replay };
      await endSessions(q, { userId, sessionId: row.family_id }, 'refresh-reuse', now);
      return { ok: false, reuse: true };
    }
    if (new Date(row.expires_at) <= now) return { ok: false, reuse: false };
    const next = await issueRefreshToken(q, userId, now, row.family_id);
    await q.query('UPDATE refresh_tokens SET revoked_at = $2, replaced_by = $3, successor_sealed = $4 WHERE id = $1', [
      row.id,
      now,
      next.id,
      box.seal(next.token),
    ]);
    // The predecessor's replay can no longer be answered with this token (it is rotated now): drop its copy.
    await q.query('UPDATE refresh_tokens SET successor_sealed = NULL WHERE replaced_by = $1 AND successor_sealed IS NOT NULL', [row.id]);
    return { ok: true, refresh: { token: next.token, expiresAt: next.expiresAt, sessionId: row.family_id } };
  });
}

/** Within the grace window, the rotated token's successor when it is still the live head of a live session. */
async function sameSuccessor(q: Queryable, box: SecretBox, row: RefreshRow, now: Date): Promise<IssuedRefresh | null> {
  const inGrace = now.getTime() - new Date(row.revoked_at!).getTime() < REFRESH_REUSE_GRACE_MS;
  if (!inGrace || !row.successor_sealed) return null;
  const { rows } = await q.query<{ expires_at: Date }>(
    `SELECT t.expires_at FROM refresh_tokens t JOIN sessions s ON s.id = t.family_id AND s.ended_at IS NULL
     WHERE t.id = $1 AND t.revoked_at IS NULL AND t.expires_at > $2`,
    [row.replaced_by, now],
  );
  if (!rows[0]) return null;
  try {
    return { token: box.open(row.successor_sealed), expiresAt: new Date(rows[0].expires_at), sessionId: row.family_id };
  } catch {
    return null; // sealed under another server secret: treat as a replay outside the window
  }
}
