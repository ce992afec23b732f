import { Alert, Button, Card, Descriptions, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CODE_PATH, SETUP_PATH, TWO_STEP_PATH, withRedirectTo } from '../../../engine/guard/paths.ts';
import { isVerificationTokenValid } from '../../../engine/session/tokens.ts';
import { formatDateTime } from '../../../i18n/format.ts';
import { ACCOUNT_TEXT, TWO_STEP_TEXT } from '../../../i18n/auth.ts';
import { useEngine } from '../../../react/context.ts';
import { useSession } from '../../../react/hooks.ts';
import { PageHeader } from '../../../renderers/antd/pages/PageHeader.tsx';
import { twoStepStatus } from './two-step-status.ts';

const METHOD_LABEL = { TOTP: TWO_STEP_TEXT.authenticator, Email: 'E-mail' } as const;

/**
 * /minha-conta/verificacao-em-duas-etapas: status, enable, disable and unbind. Disabling and unbinding need
 * a recent second factor (verification token); without one the page sends the user to confirm it first.
 */
export default function TwoStepVerificationPage() {
  const { auth, snackbars, notifyError } = useEngine();
  const navigate = useNavigate();
  const user = useSession((s) => s.loggedUser);
  const verification = useSession((s) => (isVerificationTokenValid(s) ? s.verificationTokenExpireAt : null));
  const [busy, setBusy] = useState<string | null>(null);
  if (!user) return null;
  const tf = user.twoFactorsSettings ?? { isMandatory: false, isEnabledByUser: false, allowedMethods: [], isTotpConfigured: false };
  const status = twoStepStatus(user);
  const confirmIdentity = () => navigate(withRedirectTo(CODE_PATH, TWO_STEP_PATH, 'endpoint=usersMe'));
  const setup = () => navigate(withRedirectTo(SETUP_PATH, TWO_STEP_PATH));

  async function run(name: string, action: () => Promise<unknown>, message: string, after?: () => void) {
    setBusy(name);
    try {
      await action();
      snackbars.push({ type: 'success', status: 200, message });
      after?.();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(null);
    }
  }

  // Disabling (when not mandatory) and unbinding both need a fresh second factor.
  const canTurnOff = (tf.isEnabledByUser && !tf.isMandatory) || !!tf.isTotpConfigured;
  const needsTotpSetup = status.on && tf.allowedMethods.includes('TOTP') && !tf.isTotpConfigured;
  return (
    <>
      <PageHeader title={ACCOUNT_TEXT.twoStep} lead={TWO_STEP_TEXT.lead} back={{ to: '/minha-conta', label: ACCOUNT_TEXT.back }} />
      <Card style={{ maxWidth: 760 }}>
        <Descriptions column={1} colon={false} styles={{ label: { width: 220, color: '#5b6776' } }}>
          <Descriptions.Item label={TWO_STEP_TEXT.status}><Tag color={status.color}>{status.label}</Tag></Descriptions.Item>
          <Descriptions.Item label={TWO_STEP_TEXT.methods}>{tf.allowedMethods.map((m) => METHOD_LABEL[m]).join(', ') || '—'}</Descriptions.Item>
          <Descriptions.Item label={TWO_STEP_TEXT.authenticator}>
            <Tag color={tf.isTotpConfigured ? 'green' : 'default'}>{tf.isTotpConfigured ? TWO_STEP_TEXT.configured : TWO_STEP_TEXT.notConfigured}</Tag>
          </Descriptions.Item>
          {canTurnOff && (
            <Descriptions.Item label={TWO_STEP_TEXT.identity}>
              {verification ? TWO_STEP_TEXT.identityValidUntil(formatDateTime(verification).slice(11)) : TWO_STEP_TEXT.identityNeeded}
            </Descriptions.Item>
          )}
        </Descriptions>
        {needsTotpSetup && <Alert type="warning" showIcon title={TWO_STEP_TEXT.setup} style={{ margin: '8px 0 16px' }} />}
        <Space wrap style={{ marginTop: 16, paddingTop: 16, borderTop: '1px solid #eef1f5', width: '100%' }}>
          {!status.on && (
            <Button type="primary" loading={busy === 'enable'} onClick={() => run('enable', () => auth.setTwoFactorEnabled(true), TWO_STEP_TEXT.enabledMsg, () => { if (auth.session.getSnapshot().twoFactorIsSetupRequired) setup(); })}>
              {TWO_STEP_TEXT.enable}
            </Button>
          )}
          {needsTotpSetup && <Button type="primary" onClick={setup}>{TWO_STEP_TEXT.setup}</Button>}
          {canTurnOff ? (
            verification ? (
              <>
                {tf.isEnabledByUser && !tf.isMandatory && (
                  <Button loading={busy === 'disable'} onClick={() => run('disable', () => auth.setTwoFactorEnabled(false), TWO_STEP_TEXT.disabledMsg)}>
                    {TWO_STEP_TEXT.disable}
                  </Button>
                )}
                {tf.isTotpConfigured && (
                  <Popconfirm
                    title={TWO_STEP_TEXT.unbind}
                    description={TWO_STEP_TEXT.unbindConfirm}
                    okText={TWO_STEP_TEXT.yes}
                    cancelText={TWO_STEP_TEXT.no}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => run('unbind', () => auth.unbind(), TWO_STEP_TEXT.unboundMsg)}
                  >
                    <Button danger loading={busy === 'unbind'}>{TWO_STEP_TEXT.unbind}</Button>
                  </Popconfirm>
                )}
              </>
            ) : (
              <Button onClick={confirmIdentity}>{TWO_STEP_TEXT.confirmIdentity}</Button>
            )
          ) : null}
        </Space>
      </Card>
    </>
  );
}
