import { Form, Input } from 'antd';
import { RECOVERY_TEXT } from '../../../i18n/auth.ts';

/** "Nova senha" + confirmation, 8–128 characters; the server's policy (docs/security.md) answers on the field. */
export function NewPasswordFields({ autoFocus }: { autoFocus?: boolean }) {
  return (
    <>
      <Form.Item
        label={RECOVERY_TEXT.newPassword}
        name="newPassword"
        rules={[{ required: true, min: 8, max: 128, message: RECOVERY_TEXT.passwordLength }]}
        extra={RECOVERY_TEXT.passwordHint}
        hasFeedback
      >
        <Input.Password autoComplete="new-password" autoFocus={autoFocus} size="large" />
      </Form.Item>
      <Form.Item
        label={RECOVERY_TEXT.confirmPassword}
        name="confirmPassword"
        dependencies={['newPassword']}
        hasFeedback
        rules={[
          { required: true, message: RECOVERY_TEXT.mismatch },
          ({ getFieldValue }) => ({
            validator: (_, value) => (!value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(RECOVERY_TEXT.mismatch))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" size="large" />
      </Form.Item>
    </>
  );
}
