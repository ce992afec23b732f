import { MailOutlined } from '@ant-design/icons';
import { Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { LOGIN_TEXT, RECOVERY_TEXT } from '../../../i18n/auth.ts';
import { useEngine } from '../../../react/context.ts';
import { AuthHeading } from '../components/AuthHeading.tsx';
import { applyFieldErrors } from '../components/form-errors.ts';
import { NewPasswordFields } from '../components/NewPasswordFields.tsx';
import { PtBrLocale } from '../../../renderers/antd/locale.tsx';
import { LinkButton } from '../../../renderers/antd/LinkButton.tsx';

/** Asks for the e-mail and sends a recovery link. The server answers 202 whether or not the account exists. */
function RequestLink() {
  const { http, api, notifyError } = useEngine();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  async function send({ email }: { email: string }) {
    setSending(true);
    try {
      await http.post(api.url('identity', 'passwordRecovery'), { email: email.trim() }, { isPublic: true });
      setSent(true);
    } catch (err) {
      notifyError(err);
    } finally {
      setSending(false);
    }
  }

  if (sent) {
    return (
      <Result
        status="success"
        title={RECOVERY_TEXT.sentTitle}
        subTitle={RECOVERY_TEXT.sentLead}
        extra={<LinkButton type="primary" to="/login">{RECOVERY_TEXT.backToLogin}</LinkButton>}
        style={{ padding: 0 }}
      />
    );
  }
  return (
    <>
      <AuthHeading title={RECOVERY_TEXT.title} lead={RECOVERY_TEXT.lead} />
      <Form layout="vertical" requiredMark={false} onFinish={send} disabled={sending}>
        <Form.Item
          label={LOGIN_TEXT.email}
          name="email"
          rules={[{ required: true, whitespace: true, message: LOGIN_TEXT.emailRequired }, { type: 'email', message: LOGIN_TEXT.emailInvalid }]}
        >
          <Input prefix={<MailOutlined />} type="email" autoComplete="email" autoFocus size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={sending}>{RECOVERY_TEXT.send}</Button>
      </Form>
      <div style={{ textAlign: 'center', marginTop: 20 }}>
        <Link to="/login">{RECOVERY_TEXT.backToLogin}</Link>
      </div>
    </>
  );
}

/** With the e-mailed token: sets a new password, then back to the login. */
function ResetPassword({ token }: { token: string }) {
  const { http, api, notifyError, snackbars } = useEngine();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);

  async function save({ newPassword }: { newPassword: string }) {
    setSaving(true);
    try {
      await http.post(api.url('identity', 'passwordReset'), { token, newPassword }, { isPublic: true });
      snackbars.push({ type: 'success', status: 204, message: RECOVERY_TEXT.saved });
      navigate('/login', { replace: true });
    } catch (err) {
      if (!applyFieldErrors(form, err, ['newPassword'])) notifyError(err);
      setSaving(false);
    }
  }

  return (
    <>
      <AuthHeading title={RECOVERY_TEXT.resetTitle} lead={RECOVERY_TEXT.resetLead} />
      <Form form={form} layout="vertical" requiredMark={false} onFinish={save} disabled={saving}>
        <NewPasswordFields autoFocus />
        <Button type="primary" htmlType="submit" block size="large" loading={saving}>{RECOVERY_TEXT.save}</Button>
      </Form>
      <div style={{ textAlign: 'center', marginTop: 20 }}>
        <Link to="/login">{RECOVERY_TEXT.backToLogin}</Link>
      </div>
    </>
  );
}

/** /auth/recuperar-senha: request a link by e-mail; with ?token= set a new password. */
function PasswordRecoveryPageContent() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <ResetPassword token={token} /> : <RequestLink />;
}

/** antd's own texts in pt-BR here too (the locale loads with this page, not with /login). */
export default function PasswordRecoveryPage() {
  return (
    <PtBrLocale>
      <PasswordRecoveryPageContent />
    </PtBrLocale>
  );
}
