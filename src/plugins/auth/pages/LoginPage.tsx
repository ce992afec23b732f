import { LockOutlined, MailOutlined } from '@ant-design/icons';
// The two inputs straight from their modules: `Input` from 'antd' carries TextArea, Search and OTP along
// (static members), which /login never shows (its 200 KiB budget, docs/decisions.md D5).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState, type CSSProperties, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { CODE_PATH, SETUP_PATH, withRedirectTo } from '../../../engine/guard/paths.ts';
import { LOGIN_TEXT } from '../../../i18n/auth.ts';
import { useEngine } from '../../../react/context.ts';
import { BRAND } from '../../../renderers/antd/theme.ts';
import { AuthHeading } from '../components/AuthHeading.tsx';
import '../components/login-controls.css';
import { Field } from '../components/Field.tsx';
import { loginFailure } from '../components/feedback.ts';
import { useRedirectTarget } from '../components/use-redirect-target.ts';

/** Where a finished sign-in goes in the popup mode: the callback page hands the session to the opener. */
export const CALLBACK_PATH = '/auth/callback';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validate(login: string, secret: string): { login?: string; secret?: string } {
  return {
    ...(!login.trim() ? { login: LOGIN_TEXT.emailRequired } : !EMAIL.test(login.trim()) ? { login: LOGIN_TEXT.emailInvalid } : {}),
    ...(!secret ? { secret: LOGIN_TEXT.passwordRequired } : {}),
  };
}

/** /login: e-mail and password; honours redirectTo and the popup mode (locationReload=0). */
/** The theme's colors for the plain checkbox and button of login-controls.css. */
const CONTROL_COLORS = { '--bo-primary': BRAND.primary, '--bo-primary-dark': BRAND.primaryDark, '--bo-text': BRAND.text } as CSSProperties;

export default function LoginPage() {
  const { auth, snackbars, session } = useEngine();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = useRedirectTarget();
  const popup = params.get('locationReload') === '0';
  const [login, setLogin] = useState('');
  const [secret, setSecret] = useState('');
  const [rememberMe, setRememberMe] = useState(() => session.getSnapshot().rememberMe);
  const [errors, setErrors] = useState<{ login?: string; secret?: string }>({});
  const [touched, setTouched] = useState(false);
  const [loading, setLoading] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (loading) return;
    const found = validate(login, secret);
    setErrors(found);
    setTouched(true);
    if (found.login || found.secret) {
      document.getElementById(found.login ? 'login' : 'secret')?.focus();
      return;
    }
    setLoading(true);
    try {
      const s = await auth.login({ login, secret, rememberMe });
      snackbars.dismiss('login-failure');
      const target = popup ? `${CALLBACK_PATH}?redirectTo=${encodeURIComponent(redirectTo)}` : redirectTo;
      if (s.tokenType === 'PreAuthorization') navigate(withRedirectTo(s.twoFactorIsSetupRequired ? SETUP_PATH : CODE_PATH, target), { replace: true });
      else navigate(target, { replace: true });
    } catch (err) {
      snackbars.push(loginFailure(err));
      setSecret('');
      setLoading(false);
      document.getElementById('secret')?.focus();
    }
  }

  // After a first submit, errors follow the typing; before it, nobody is scolded for an empty field.
  const revalidate = (l: string, s: string) => touched && setErrors(validate(l, s));

  return (
    <>
      <AuthHeading title={LOGIN_TEXT.title} lead={popup ? LOGIN_TEXT.popupLead : LOGIN_TEXT.lead} />
      <form onSubmit={submit} noValidate aria-busy={loading} style={CONTROL_COLORS}>
        <Field id="login" label={LOGIN_TEXT.email} error={errors.login}>
          <Input
            prefix={<MailOutlined />}
            type="email"
            autoComplete="username"
            autoFocus
            inputMode="email"
            size="large"
            value={login}
            disabled={loading}
            onChange={(e) => { setLogin(e.target.value); revalidate(e.target.value, secret); }}
          />
        </Field>
        <Field id="secret" label={LOGIN_TEXT.password} error={errors.secret} extra={<Link to="/auth/recuperar-senha">{LOGIN_TEXT.forgot}</Link>}>
          <Password
            prefix={<LockOutlined />}
            autoComplete="current-password"
            size="large"
            value={secret}
            disabled={loading}
            onChange={(e) => { setSecret(e.target.value); revalidate(login, e.target.value); }}
          />
        </Field>
        <div style={{ marginBottom: 24 }}>
          <label className="bo-auth-check">
            <input type="checkbox" checked={rememberMe} disabled={loading} onChange={(e) => setRememberMe(e.target.checked)} />
            {LOGIN_TEXT.rememberMe}
          </label>
        </div>
        {/* While signing in the button stays focusable (disabled would drop the focus); submit() ignores a second press. */}
        <button type="submit" className="bo-auth-submit" aria-busy={loading}>
          {LOGIN_TEXT.submit}
        </button>
      </form>
    </>
  );
}
