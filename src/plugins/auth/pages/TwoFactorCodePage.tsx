import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { Button, Form, Segmented, Space } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { SETUP_PATH, withRedirectTo } from '../../../engine/guard/paths.ts';
import type { TwoFactorMethod } from '../../../engine/session/types.ts';
import { TWO_FACTOR_TEXT } from '../../../i18n/auth.ts';
import { useEngine } from '../../../react/context.ts';
import { useSession } from '../../../react/hooks.ts';
import { AuthHeading } from '../components/AuthHeading.tsx';
import { verificationFailure } from '../components/feedback.ts';
import { useRedirectTarget } from '../components/use-redirect-target.ts';
import { CodeField } from '../components/CodeField.tsx';
import { PtBrLocale } from '../../../renderers/antd/locale.tsx';

/**
 * /auth/codigo: the second step. TOTP or e-mail, as allowed; with endpoint=usersMe it proves a recent second
 * factor for an already signed-in user (users/me/two-factors/verify) instead of completing a login.
 */
function TwoFactorCodePageContent() {
  const { auth, snackbars } = useEngine();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = useRedirectTarget();
  const endpoint = params.get('endpoint') === 'usersMe' ? 'usersMe' : 'auth';
  const setupRequired = useSession((s) => s.twoFactorIsSetupRequired);
  // Without a confirmed TOTP key only e-mail codes can work.
  const methods = auth.allowedMethods().filter((m) => !(m === 'TOTP' && setupRequired && endpoint === 'auth'));
  const [method, setMethod] = useState<TwoFactorMethod>(params.get('method') === 'Email' || !methods.includes('TOTP') ? 'Email' : 'TOTP');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [form] = Form.useForm<{ code: string }>();

  async function sendEmail() {
    setSending(true);
    try {
      await auth.sendEmailCode(endpoint);
      setSent(true);
      snackbars.push({ id: 'email-code', type: 'success', message: TWO_FACTOR_TEXT.emailSent });
      form.focusField('code');
    } catch (err) {
      snackbars.push(verificationFailure(err));
    } finally {
      setSending(false);
    }
  }

  async function verify({ code }: { code: string }) {
    setVerifying(true);
    try {
      await auth.verify({ method, verificationCode: code, endpoint });
      snackbars.dismiss('verification-failure');
      navigate(redirectTo, { replace: true });
    } catch (err) {
      snackbars.push(verificationFailure(err));
      form.setFieldValue('code', '');
      form.focusField('code');
      setVerifying(false);
    }
  }

  const lead = endpoint === 'usersMe' ? TWO_FACTOR_TEXT.confirmIdentityLead : method === 'TOTP' ? TWO_FACTOR_TEXT.codeLeadTotp : TWO_FACTOR_TEXT.codeLeadEmail;
  return (
    <>
      <AuthHeading title={TWO_FACTOR_TEXT.codeTitle} lead={lead} />
      {methods.length > 1 && (
        <Segmented<TwoFactorMethod>
          block
          value={method}
          onChange={(m) => { setMethod(m); setSent(false); }}
          options={[
            { value: 'TOTP', label: TWO_FACTOR_TEXT.totp, icon: <MobileOutlined /> },
            { value: 'Email', label: TWO_FACTOR_TEXT.email, icon: <MailOutlined /> },
          ]}
          aria-label={TWO_FACTOR_TEXT.method}
          style={{ marginBottom: 20 }}
        />
      )}
      {method === 'Email' && (
        <Button block icon={<MailOutlined />} onClick={sendEmail} loading={sending} style={{ marginBottom: 20 }}>
          {sent ? TWO_FACTOR_TEXT.resendEmail : TWO_FACTOR_TEXT.sendEmail}
        </Button>
      )}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={verify} disabled={verifying}>
        <CodeField autoFocus />
        <Button type="primary" htmlType="submit" block size="large" loading={verifying}>
          {TWO_FACTOR_TEXT.verify}
        </Button>
      </Form>
      <Space orientation="vertical" size={4} style={{ marginTop: 20, width: '100%', alignItems: 'center' }}>
        {endpoint === 'auth' && setupRequired && methods.length < auth.allowedMethods().length && (
          <Link to={withRedirectTo(SETUP_PATH, redirectTo)}>{TWO_FACTOR_TEXT.setupInstead}</Link>
        )}
        {endpoint === 'auth' && <Link to="/logout">{TWO_FACTOR_TEXT.otherAccount}</Link>}
      </Space>
    </>
  );
}

/** antd's own texts in pt-BR here too (the locale loads with this page, not with /login). */
export default function TwoFactorCodePage() {
  return (
    <PtBrLocale>
      <TwoFactorCodePageContent />
    </PtBrLocale>
  );
}
