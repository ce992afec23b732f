import { Button, Card, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ACCOUNT_TEXT, RECOVERY_TEXT } from '../../../i18n/auth.ts';
import { useEngine } from '../../../react/context.ts';
import { PageHeader } from '../../../renderers/antd/pages/PageHeader.tsx';
import { applyFieldErrors } from '../components/form-errors.ts';
import { NewPasswordFields } from '../components/NewPasswordFields.tsx';
import { LinkButton } from '../../../renderers/antd/LinkButton.tsx';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
}

/**
 * /minha-conta/alterar-senha. When two-factor is mandatory the route guard first demands a fresh
 * verification token, which the auth service sends along.
 */
export default function ChangePasswordPage() {
  const { auth, snackbars, notifyError } = useEngine();
  const navigate = useNavigate();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);

  async function save({ currentPassword, newPassword }: PasswordValues) {
    setSaving(true);
    try {
      await auth.changePassword({ currentPassword, newPassword });
      snackbars.push({ type: 'success', status: 204, message: ACCOUNT_TEXT.passwordChanged });
      navigate('/minha-conta');
    } catch (err) {
      if (!applyFieldErrors(form, err, ['currentPassword', 'newPassword'])) notifyError(err);
      setSaving(false);
    }
  }

  return (
    <>
      <PageHeader title={ACCOUNT_TEXT.changePasswordTitle} lead={RECOVERY_TEXT.resetLead} back={{ to: '/minha-conta', label: ACCOUNT_TEXT.back }} />
      <Card style={{ maxWidth: 560 }}>
        <Form<PasswordValues> form={form} layout="vertical" onFinish={save} disabled={saving}>
          <Form.Item label={ACCOUNT_TEXT.currentPassword} name="currentPassword" rules={[{ required: true, message: ACCOUNT_TEXT.currentRequired }]}>
            <Input.Password autoFocus autoComplete="current-password" />
          </Form.Item>
          <NewPasswordFields />
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>{ACCOUNT_TEXT.changePassword}</Button>
            <LinkButton to="/minha-conta">{ACCOUNT_TEXT.cancel}</LinkButton>
          </Space>
        </Form>
      </Card>
    </>
  );
}
