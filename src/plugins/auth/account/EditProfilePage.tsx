import { Button, Card, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LoggedUser } from '../../../engine/session/types.ts';
import { ACCOUNT_TEXT } from '../../../i18n/auth.ts';
import { useEngine } from '../../../react/context.ts';
import { useLoggedUser } from '../../../react/hooks.ts';
import { PageHeader } from '../../../renderers/antd/pages/PageHeader.tsx';
import { applyFieldErrors } from '../components/form-errors.ts';
import { LinkButton } from '../../../renderers/antd/LinkButton.tsx';

interface ProfileValues {
  name: string;
  phone?: string;
}

/** /minha-conta/editar: name and phone (the e-mail is the login and changes only through an administrator). */
export default function EditProfilePage() {
  const { http, api, session, snackbars, notifyError } = useEngine();
  const user = useLoggedUser();
  const navigate = useNavigate();
  const [form] = Form.useForm<ProfileValues>();
  const [saving, setSaving] = useState(false);
  if (!user) return null;

  async function save(values: ProfileValues) {
    setSaving(true);
    try {
      const phone = values.phone?.trim();
      const updated = await http.put<LoggedUser>(api.url('identity', 'usersMe'), { name: values.name.trim(), ...(phone ? { phone } : { phone: null }) });
      session.patch({ loggedUser: updated });
      snackbars.push({ type: 'success', status: 200, message: ACCOUNT_TEXT.saved });
      navigate('/minha-conta');
    } catch (err) {
      if (!applyFieldErrors(form, err, ['name', 'phone'])) notifyError(err);
      setSaving(false);
    }
  }

  return (
    <>
      <PageHeader title={ACCOUNT_TEXT.editTitle} back={{ to: '/minha-conta', label: ACCOUNT_TEXT.back }} />
      <Card style={{ maxWidth: 560 }}>
        <Form<ProfileValues> form={form} layout="vertical" initialValues={{ name: user.name ?? '', phone: user.phone ?? '' }} onFinish={save} disabled={saving}>
          <Form.Item label={ACCOUNT_TEXT.email} htmlFor="profile-email">
            <Input id="profile-email" value={user.email} disabled />
          </Form.Item>
          <Form.Item label={ACCOUNT_TEXT.name} name="name" rules={[{ required: true, whitespace: true, message: ACCOUNT_TEXT.nameRequired }, { max: 120 }]}>
            <Input autoFocus autoComplete="name" />
          </Form.Item>
          <Form.Item label={ACCOUNT_TEXT.phone} name="phone" extra={ACCOUNT_TEXT.phoneHint}>
            <Input autoComplete="tel" inputMode="tel" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>{ACCOUNT_TEXT.save}</Button>
            <LinkButton to="/minha-conta">{ACCOUNT_TEXT.cancel}</LinkButton>
          </Space>
        </Form>
      </Card>
    </>
  );
}
