import { AUTH_MESSAGES } from '../../i18n/messages.ts';
import type { EffectivePermissions } from '../access.ts';
import type { Api } from '../config/api.ts';
import type { HttpClient } from '../http/client.ts';
import { HttpError } from '../http/errors.ts';
import type { SnackbarStore } from '../snackbar/store.ts';
import type { SessionStore } from '../session/store.ts';
import { isVerificationTokenValid, jwtExpireAt } from '../session/tokens.ts';
import type { LoggedUser, SessionState, TwoFactorMethod } from '../session/types.ts';
import type { AuthResponse, TwoFactorSetup, VerifyInput } from './types.ts';

/** Same JSON value (the API's answers are plain JSON, keys in the server's order). */
const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export type Lock = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

export interface AuthServiceDeps {
  http: HttpClient;
  api: Api;
  session: SessionStore;
  snackbars?: SnackbarStore;
  now?: () => number;
  /** Serialises token refresh across tabs (Web Locks); refresh tokens rotate, so two tabs must not race. */
  lock?: Lock;
}

/** Verification codes travel without whitespace (spec §5): '123 456' → '123456'. */
export const normalizeCode = (code: string): string => code.replace(/\s+/g, '');

/** Resource/ACL name → scopes, merged (`policyEffectiveScopes`). */
export function effectiveScopes(p: EffectivePermissions): Record<string, string[]> {
  const out: Record<string, Set<string>> = {};
  for (const e of [...(p.resources ?? []), ...(p.acls ?? [])]) for (const s of e.scopes) (out[e.name] ??= new Set()).add(s);
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...v]]));
}

/**
 * The authentication state transitions of spec §4 over the identity API: login, two-factor setup and
 * verification, unbind, refresh, logout. Every method updates the session store; screens only call these.
 * @example await auth.login({ login: 'admin@demo.com.br', secret: '…', rememberMe: false });
 *          auth.session.getSnapshot().tokenType // 'Authorization' or 'PreAuthorization'
 */
export class AuthService {
  readonly session: SessionStore;
  private readonly now: () => number;
  private refreshing: Promise<void> | undefined;

  constructor(private readonly deps: AuthServiceDeps) {
    this.session = deps.session;
    this.now = deps.now ?? Date.now;
  }

  private url(key: string): string {
    return this.deps.api.url('identity', key);
  }

  private get state(): SessionState {
    return this.session.getSnapshot();
  }

  /** Stores tokens and two-factor info; the verification token only comes with Authorization. */
  private storeAuthResponse(res: AuthResponse): void {
    const tf = res.twoFactor ?? {};
    const methods = tf.allowedMethods ?? [];
    const patch: Partial<SessionState> = {
      accessToken: res.accessToken,
      tokenType: res.tokenType,
      accessTokenExpireAt: jwtExpireAt(res.accessToken) ?? res.accessTokenExpireAt ?? null,
      refreshToken: res.refreshToken ?? null,
      refreshTokenExpireAt: res.refreshTokenExpireAt ?? null,
      twoFactorIsSetupRequired: !!tf.isSetupRequired,
      twoFactorIsEmailAllowedMethod: methods.includes('Email'),
      twoFactorIsTotpAllowedMethod: methods.includes('TOTP'),
    };
    if (res.tokenType === 'Authorization' && tf.verificationToken) {
      patch.verificationToken = tf.verificationToken;
      patch.verificationTokenExpireAt = tf.verificationTokenExpireAt ?? tf.expireAt ?? null;
    }
    this.session.patch(patch);
  }

  /** Password login. Any failure resets the stored session (spec §4). */
  async login(input: { login: string; secret: string; rememberMe?: boolean }): Promise<SessionState> {
    this.session.resetAuth();
    this.session.patch({ rememberMe: !!input.rememberMe });
    try {
      const res = await this.deps.http.post<AuthResponse>(
        this.url('auth'),
        { login: input.login.trim(), secret: input.secret, grantType: 'Password' },
        { isPublic: true },
      );
      this.storeAuthResponse(res);
      if (res.tokenType === 'Authorization') await this.loadUserAndPermissions();
      return this.state;
    } catch (err) {
      this.session.resetAuth();
      throw err;
    }
  }

  async getTwoFactorSetup(): Promise<TwoFactorSetup> {
    return this.deps.http.get<TwoFactorSetup>(this.url('twoFactorsSetup'));
  }

  /** Confirms a new TOTP key; clears the setup-required flag. */
  async setupTwoFactor(input: { totpKey: string; verificationCode: string }): Promise<void> {
    const res = await this.deps.http.post<AuthResponse>(this.url('twoFactorsSetup'), {
      totpKey: input.totpKey,
      verificationCode: normalizeCode(input.verificationCode),
    });
    this.storeAuthResponse(res);
    this.session.patch({ twoFactorIsSetupRequired: false });
    if (res.tokenType === 'Authorization') await this.loadUserAndPermissions();
  }

  /** Methods the user may use: the loaded user's settings, else the login response's flags. */
  allowedMethods(): TwoFactorMethod[] {
    const fromUser = this.state.loggedUser?.twoFactorsSettings?.allowedMethods;
    if (fromUser && this.state.tokenType === 'Authorization') return fromUser;
    const s = this.state;
    return [...(s.twoFactorIsTotpAllowedMethod ? ['TOTP' as const] : []), ...(s.twoFactorIsEmailAllowedMethod ? ['Email' as const] : [])];
  }

  /** Two-factor is mandatory for the loaded user; during PreAuthorization the second step is mandatory by definition. */
  isTwoFactorMandatory(): boolean {
    if (this.state.tokenType === 'PreAuthorization') return true;
    return !!this.state.loggedUser?.twoFactorsSettings?.isMandatory;
  }

  async sendEmailCode(endpoint: VerifyInput['endpoint'] = 'auth'): Promise<{ expireAt?: string }> {
    return this.deps.http.post(this.url(endpoint === 'usersMe' ? 'usersMeEmailCode' : 'twoFactorsEmailCode'));
  }

  /**
   * Verifies a code; stores the new tokens / verification token, reloads the user and then requires a valid
   * verification token (400 otherwise). A method that is not allowed under mandatory two-factor is a local 405.
   */
  async verify({ method, verificationCode, endpoint = 'auth' }: VerifyInput): Promise<void> {
    if (this.isTwoFactorMandatory() && !this.allowedMethods().includes(method)) {
      throw new HttpError(405, AUTH_MESSAGES.methodNotAllowed);
    }
    const body = { method, verificationCode: normalizeCode(verificationCode) };
    if (endpoint === 'usersMe') {
      const res = await this.deps.http.post<{ verificationToken: string; verificationTokenExpireAt?: string; expireAt?: string }>(
        this.url('usersMeVerify'),
        body,
      );
      this.session.patch({ verificationToken: res.verificationToken, verificationTokenExpireAt: res.verificationTokenExpireAt ?? res.expireAt ?? null });
    } else {
      this.storeAuthResponse(await this.deps.http.post<AuthResponse>(this.url('twoFactorsVerify'), body));
    }
    await this.loadUserAndPermissions();
    if (!isVerificationTokenValid(this.state, this.now())) throw new HttpError(400, AUTH_MESSAGES.verificationTokenMissing);
  }

  /** Removes the TOTP key. Failure clears the verification token; success reloads the user and requires setup again. */
  async unbind(): Promise<void> {
    try {
      await this.deps.http.delete(this.url('usersMeUnbind'), { verificationToken: this.state.verificationToken });
    } catch (err) {
      this.session.patch({ verificationToken: null, verificationTokenExpireAt: null });
      throw err;
    }
    await this.loadUser();
    this.session.patch({ twoFactorIsSetupRequired: true });
  }

  /** Enables or disables two-factor (disabling needs a valid verification token, which is sent when held). */
  async setTwoFactorEnabled(isTwoFactorEnabled: boolean): Promise<LoggedUser> {
    const token = isVerificationTokenValid(this.state, this.now()) ? this.state.verificationToken : undefined;
    const user = await this.deps.http.put<LoggedUser>(this.url('usersMeSecurity'), { isTwoFactorEnabled, ...(token ? { verificationToken: token } : {}) });
    const tf = user.twoFactorsSettings;
    this.session.patch({ loggedUser: user, twoFactorIsSetupRequired: !!tf && (tf.isMandatory || tf.isEnabledByUser) && !tf.isTotpConfigured && tf.allowedMethods.includes('TOTP') });
    return user;
  }

  async changePassword(input: { currentPassword: string; newPassword: string }): Promise<void> {
    const token = isVerificationTokenValid(this.state, this.now()) ? this.state.verificationToken : undefined;
    await this.deps.http.put(this.url('usersMePassword'), { ...input, ...(token ? { verificationToken: token } : {}) });
  }

  /** Loads `users/me`; a user without id is 'O login é inválido.'. */
  async loadUser(): Promise<LoggedUser> {
    const user = await this.fetchUser();
    this.session.patch(this.userPatch(user));
    return user;
  }

  async loadPermissions(): Promise<EffectivePermissions> {
    const permissions = await this.fetchPermissions();
    this.session.patch(this.permissionsPatch(permissions));
    return permissions;
  }

  /**
   * Both, stored in one session update. The guard reloads them on every navigation (spec §2 step 6) and they
   * rarely change: an answer equal to what the session holds keeps the stored objects, so the many components
   * reading the user or the permissions do not re-render for nothing.
   */
  async loadUserAndPermissions(): Promise<void> {
    const [user, permissions] = await Promise.allSettled([this.fetchUser(), this.fetchPermissions()]);
    const patch = {
      ...(user.status === 'fulfilled' ? this.userPatch(user.value) : {}),
      ...(permissions.status === 'fulfilled' ? this.permissionsPatch(permissions.value) : {}),
    };
    if (Object.keys(patch).length) this.session.patch(patch);
    if (user.status === 'rejected') throw user.reason;
    if (permissions.status === 'rejected') throw permissions.reason;
  }

  private async fetchUser(): Promise<LoggedUser> {
    const user = await this.deps.http.get<LoggedUser | null>(this.url('usersMe'));
    if (!user?.id) throw new HttpError(400, AUTH_MESSAGES.invalidLogin);
    return user;
  }

  private async fetchPermissions(): Promise<EffectivePermissions> {
    const p = await this.deps.http.get<EffectivePermissions>(this.url('usersMeEffectivePermissions'));
    return { resources: p?.resources ?? [], acls: p?.acls ?? [] };
  }

  private userPatch(user: LoggedUser): Partial<SessionState> {
    return sameJson(this.state.loggedUser, user) ? {} : { loggedUser: user };
  }

  private permissionsPatch(permissions: EffectivePermissions): Partial<SessionState> {
    if (sameJson(this.state.policyEffectivePermissions, permissions)) return {};
    return { policyEffectivePermissions: permissions, policyEffectiveScopes: effectiveScopes(permissions) };
  }

  /**
   * Exchanges the refresh token (rotated by the server), then reloads user and permissions. Concurrent
   * callers share one request; across tabs a lock serialises it and a tab that finds the token already
   * rotated by another tab skips its own exchange.
   */
  refresh(): Promise<void> {
    this.refreshing ??= this.runRefresh().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async runRefresh(): Promise<void> {
    const seen = this.state.refreshToken;
    let loading: Promise<void> | undefined;
    const lock: Lock = this.deps.lock ?? ((_n, fn) => fn());
    await lock('auth-refresh', async () => {
      this.session.reload();
      const s = this.state;
      if (s.refreshToken !== seen && s.refreshToken) return;
      if (!s.refreshToken || !s.loggedUser?.email) throw new HttpError(401, AUTH_MESSAGES.privateRouteWithoutToken);
      const res = await this.deps.http.post<AuthResponse>(this.url('auth'), {
        login: s.loggedUser.email,
        secret: s.refreshToken,
        grantType: 'RefreshToken',
      });
      this.storeAuthResponse(res);
      // Asked for at once, with the new token: the session update above re-renders its readers in a microtask,
      // and awaiting first would send these two calls only after that render.
      loading = this.loadUserAndPermissions();
      loading.catch(() => undefined); // awaited below, once the lock is released
    });
    await (loading ?? this.loadUserAndPermissions());
  }

  /** Logs out on the server (best effort), clears the access token and resets the authentication keys. */
  async logout(options: { notify?: boolean } = {}): Promise<void> {
    const { snackbars } = this.deps;
    if (options.notify) snackbars?.push({ id: 'logout', type: 'info', message: AUTH_MESSAGES.loggingOut, autoDismiss: false });
    const { accessToken, refreshToken } = this.state;
    if (accessToken) {
      // The local session ends whatever the server says: an expired or revoked token must not trap the user.
      await this.deps.http.post(this.url('authLogout'), refreshToken ? { refreshToken } : {}).catch(() => undefined);
    }
    this.session.patch({ accessToken: null });
    this.session.resetAuth();
    if (options.notify) snackbars?.push({ id: 'logout', type: 'success', message: AUTH_MESSAGES.loggedOut });
  }
}
