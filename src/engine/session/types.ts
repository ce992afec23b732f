import type { EffectivePermissions } from '../access.ts';
import type { AppParams } from '../config/app-config.ts';

export type TokenType = 'Authorization' | 'PreAuthorization';
export type TwoFactorMethod = 'TOTP' | 'Email';

export interface TwoFactorsSettings {
  isMandatory: boolean;
  isEnabledByUser: boolean;
  allowedMethods: TwoFactorMethod[];
  isTotpConfigured?: boolean;
}

/** `GET users/me` (docs/api-identity.md). */
export interface LoggedUser {
  id: string;
  email: string;
  name?: string;
  phone?: string | null;
  accessLevel?: string;
  organizationId?: string | null;
  twoFactorsSettings?: TwoFactorsSettings;
}

/** The session kept in browser storage, one storage key per field, named exactly as spec §3 lists them. */
export interface SessionState {
  accessToken: string | null;
  tokenType: TokenType | null;
  /** ISO date from the access token's `exp` claim. */
  accessTokenExpireAt: string | null;
  refreshToken: string | null;
  refreshTokenExpireAt: string | null;
  verificationToken: string | null;
  verificationTokenExpireAt: string | null;
  twoFactorIsSetupRequired: boolean;
  twoFactorIsEmailAllowedMethod: boolean;
  twoFactorIsTotpAllowedMethod: boolean;
  /** true: the session lives in localStorage (survives the browser); false: sessionStorage. */
  rememberMe: boolean;
  loggedUser: LoggedUser | null;
  policyEffectivePermissions: EffectivePermissions | null;
  /** Resource or ACL name → scopes, merged from the effective permissions. */
  policyEffectiveScopes: Record<string, string[]> | null;
  appParams: AppParams | null;
  /** Build id of a newer client, when one was detected. */
  newAppVersionAvailable: string | null;
}

export const EMPTY_SESSION: SessionState = {
  accessToken: null,
  tokenType: null,
  accessTokenExpireAt: null,
  refreshToken: null,
  refreshTokenExpireAt: null,
  verificationToken: null,
  verificationTokenExpireAt: null,
  twoFactorIsSetupRequired: false,
  twoFactorIsEmailAllowedMethod: false,
  twoFactorIsTotpAllowedMethod: false,
  rememberMe: false,
  loggedUser: null,
  policyEffectivePermissions: null,
  policyEffectiveScopes: null,
  appParams: null,
  newAppVersionAvailable: null,
};

export type SessionKey = keyof SessionState;
export const SESSION_KEYS = Object.keys(EMPTY_SESSION) as SessionKey[];

/** The keys a logout or a failed login resets (preferences, config and version info survive). */
export const AUTH_KEYS: readonly SessionKey[] = SESSION_KEYS.filter(
  (k) => k !== 'rememberMe' && k !== 'appParams' && k !== 'newAppVersionAvailable',
);
