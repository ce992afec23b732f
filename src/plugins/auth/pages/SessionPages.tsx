import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { configuredProjectId } from '../../../engine/config/app-config.ts';
import { CODE_PATH, LOGIN_PATH, SETUP_PATH, withRedirectTo } from '../../../engine/guard/paths.ts';
import { isAccessTokenValid } from '../../../engine/session/tokens.ts';
import { SESSION_KEYS } from '../../../engine/session/types.ts';
import { SESSION_TEXT } from '../../../i18n/auth.ts';
import { useEngine } from '../../../react/context.ts';
import { useRedirectTarget } from '../components/use-redirect-target.ts';

/** Where the current session should go next: the app, the second step, or the login. */
function useNextStep(redirectTo: string): string {
  const { session, config } = useEngine();
  const s = session.getSnapshot();
  if (!isAccessTokenValid(s, configuredProjectId(config))) return withRedirectTo(LOGIN_PATH, redirectTo);
  if (s.tokenType === 'PreAuthorization') return withRedirectTo(s.twoFactorIsSetupRequired ? SETUP_PATH : CODE_PATH, redirectTo);
  return redirectTo;
}

/** /autenticacao: the sign-in entry point; sends the visitor to the step their session is at. */
export function AuthenticationPage() {
  return <Navigate to={useNextStep(useRedirectTarget())} replace />;
}

/** /auth/authorized: confirms a completed sign-in and continues to redirectTo. */
export function AuthorizedPage() {
  const redirectTo = useRedirectTarget();
  const next = useNextStep(redirectTo);
  const navigate = useNavigate();
  useEffect(() => {
    const t = setTimeout(() => navigate(next, { replace: true }), 1200);
    return () => clearTimeout(t);
  }, [navigate, next]);
  if (next !== redirectTo) return <Navigate to={next} replace />;
  return (
    <Result
      status="success"
      title={SESSION_TEXT.authorizedTitle}
      subTitle={SESSION_TEXT.authorizedLead}
      extra={<Button type="primary" onClick={() => navigate(next, { replace: true })}>{SESSION_TEXT.continue}</Button>}
      style={{ padding: 0 }}
    />
  );
}

/**
 * Hands this window's session to the window that opened it (same origin), reloads that one and closes.
 * sessionStorage is per window, so a session without "Lembrar de mim" must be copied over explicitly.
 */
function handOverToOpener(): boolean {
  const opener = window.opener as Window | null;
  if (!opener || opener.closed) return false;
  try {
    if (opener.location.origin !== window.location.origin) return false;
    for (const key of SESSION_KEYS) {
      const value = window.sessionStorage.getItem(key);
      if (value === null) opener.sessionStorage.removeItem(key);
      else opener.sessionStorage.setItem(key, value);
    }
    opener.location.reload();
    window.close();
    return true;
  } catch {
    return false; // cross-origin opener: leave it alone
  }
}

/** /auth/callback: end of the small login window (locationReload=0), or a plain continue. */
export function CallbackPage() {
  const redirectTo = useRedirectTarget();
  const next = useNextStep(redirectTo);
  const isPopup = !!window.opener && next === redirectTo;
  useEffect(() => {
    if (isPopup) handOverToOpener();
  }, [isPopup]);
  if (!isPopup) return <Navigate to={next} replace />;
  // Shown only if the browser refuses window.close().
  return (
    <Result
      status="success"
      title={SESSION_TEXT.callbackDone}
      extra={<Button onClick={() => window.close()}>{SESSION_TEXT.closeWindow}</Button>}
      style={{ padding: 0 }}
    />
  );
}
