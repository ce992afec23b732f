import type { FastifyInstance } from 'fastify';
import { API, outbox, type Caller } from './helpers.ts';

/** Logs in from a given client address (the throttle keys on it). */
export const loginFrom = (app: FastifyInstance, email: string, password: string, ip: string) =>
  app.inject({ method: 'POST', url: `${API}/auth`, payload: { login: email, secret: password, grantType: 'Password' }, remoteAddress: ip });

/** Moves every login counter back in time, as if `seconds` had passed (no sleeping in tests). */
export const travel = (app: FastifyInstance, seconds: number) =>
  app.db.query(`UPDATE login_throttle SET last_at = last_at - make_interval(secs => $1), prev_at = prev_at - make_interval(secs => $1)`, [seconds]);

/** The token of the last password link e-mailed to `email` (invitation or recovery). */
export async function linkToken(app: FastifyInstance, email: string): Promise<string> {
  const [mail] = await outbox(app, email);
  return decodeURIComponent(/token=([^\s&"]+)/.exec(mail.text)![1]);
}

export const resetPassword = (app: FastifyInstance, token: string, newPassword: string, ip = '127.0.0.1') =>
  app.inject({ method: 'POST', url: `${API}/auth/password-reset`, payload: { token, newPassword }, remoteAddress: ip });

/**
 * A new active user of the admin's organization (no group, no second factor), invited by e-mail: returns its
 * id and the invitation link's token (the password is not set yet).
 */
export async function inviteUser(app: FastifyInstance, admin: Caller, user: { name: string; email: string; groupIds?: string[] }) {
  const me = (await admin.call('GET', `${API}/users/me`)).json() as { organizationId: string };
  const res = await admin.call('POST', `${API}/users`, {
    name: user.name,
    email: user.email,
    organizationId: me.organizationId,
    accessLevel: 'User',
    groupIds: user.groupIds ?? [],
    twoFactorMandatory: false,
    twoFactorMethods: ['TOTP', 'Email'],
    active: true,
  });
  if (res.statusCode !== 201) throw new Error(`usuário não criado: ${res.statusCode} ${res.body}`);
  return { id: (res.json() as { id: string }).id, token: await linkToken(app, user.email) };
}
