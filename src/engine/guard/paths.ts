/** Paths the engine itself knows (spec §2). */
export const LOGIN_PATH = '/login';
export const LOGOUT_PATH = '/logout';
export const CODE_PATH = '/auth/codigo';
export const SETUP_PATH = '/auth/configurar-verificacao-em-duas-etapas';
export const CHANGE_PASSWORD_PATH = '/minha-conta/alterar-senha';
export const TWO_STEP_PATH = '/minha-conta/verificacao-em-duas-etapas';

/** The two auth pages that need a (pre-)authenticated session. */
export const PROTECTED_AUTH_PATHS: readonly string[] = [CODE_PATH, SETUP_PATH];
/** Pages that need a fresh second factor when two-factor is mandatory. */
export const SECOND_FACTOR_PATHS: readonly string[] = [CHANGE_PASSWORD_PATH, TWO_STEP_PATH];

/** `path?redirectTo=…` with the target encoded. */
export const withRedirectTo = (path: string, redirectTo: string, extra = ''): string =>
  `${path}?${extra}${extra ? '&' : ''}redirectTo=${encodeURIComponent(redirectTo)}`;

/**
 * A `redirectTo` value is followed only when it is a path of this site, never another origin
 * (`//evil.example`, `https://…`, `javascript:`), so a crafted login link cannot send the user away.
 * @example safeRedirectTarget('/pedidos?page=2') // '/pedidos?page=2'; safeRedirectTarget('//x.com') // '/'
 */
export function safeRedirectTarget(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

export const isExternalUrl = (to: string): boolean => /^[a-z][a-z\d+.-]*:/i.test(to) || to.startsWith('//');
