import { Form, Input } from 'antd';
import { TWO_FACTOR_TEXT } from '../../../i18n/auth.ts';

/** "Código de verificação": digits only once spaces are removed (the engine strips whitespace too). */
export function CodeField({ autoFocus }: { autoFocus?: boolean }) {
  return (
    <Form.Item
      label={TWO_FACTOR_TEXT.code}
      name="code"
      rules={[
        { required: true, whitespace: true, message: TWO_FACTOR_TEXT.codeRequired },
        { pattern: /^\s*(\d\s*){6}$/, message: TWO_FACTOR_TEXT.codeInvalidFormat },
      ]}
    >
      <Input
        autoFocus={autoFocus}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={12}
        size="large"
        placeholder="000000"
        style={{ letterSpacing: 6, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 20, textAlign: 'center' }}
      />
    </Form.Item>
  );
}
