import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DEMO_USERS } from '../../../server/seed/demo-users.ts';

export const API = '/api/identity/v1';
export const [ADMIN, COMPRAS, FINANCEIRO] = DEMO_USERS;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function login(app: FastifyInstance, email: string, password: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: `${API}/auth`, payload: { login: email, secret: password, grantType: 'Password' }, headers });
}

/** Logs in and returns the AuthResponse body, failing the test when the status is not 200. */
export async function loginOk(app: FastifyInstance, user: { email: string; password: string }) {
  const res = await login(app, user.email, user.password);
  if (res.statusCode !== 200) throw new Error(`login de ${user.email} falhou: ${res.statusCode} ${res.body}`);
  return res.json() as AuthBody;
}

export interface AuthBody {
  accessToken: string;
  tokenType: 'Authorization' | 'PreAuthorization';
  accessTokenExpireAt: string;
  refreshToken: string | null;
  refreshTokenExpireAt: string | null;
  twoFactor: { isSetupRequired: boolean; allowedMethods: string[]; verificationToken?: string; verificationTokenExpireAt?: string };
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
}

/** Newest e-mails first, from the dev outbox. */
export async function outbox(app: FastifyInstance, to: string): Promise<OutboxMail[]> {
  // Some e-mails leave after the response (password recovery): wait for them first.
  await app.background.drain();
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  if (res.statusCode !== 200) throw new Error(`outbox: ${res.statusCode}`);
  return res.json();
}

export async function lastEmailCode(app: FastifyInstance, to: string): Promise<string> {
  const [mail] = await outbox(app, to);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error('nenhum código no e-mail');
  return code;
}
