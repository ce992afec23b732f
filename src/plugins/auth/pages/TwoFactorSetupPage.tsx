import { Alert, Button, Form, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { TwoFactorSetup } from '../../../engine/auth/types.ts';
import { CODE_PATH, withRedirectTo } from '../../../engine/guard/paths.ts';
import { TWO_FACTOR_TEXT } from '../../../i18n/auth.ts';
import { useEngine } from '../../../react/context.ts';
import { useSession } from '../../../react/hooks.ts';
import { AuthHeading } from '../components/AuthHeading.tsx';
import { CodeField } from '../components/CodeField.tsx';
import { verificationFailure } from '../components/feedback.ts';
import { useRedirectTarget } from '../components/use-redirect-target.ts';
import { PtBrLocale } from '../../../renderers/antd/locale.tsx';

/** A numbered step: badge and text. */
function Step({ n, children }: { n: number; children: string }) {
  return (
    <p style={{ display: 'flex', gap: 10, alignItems: 'flex-start', margin: '0 0 10px', lineHeight: 1.5 }}>
      <span aria-hidden style={{ flex: 'none', width: 22, height: 22, borderRadius: '50%', background: '#e8f0fb', color: '#16427a', fontSize: 12, fontWeight: 700, display: 'grid', placeItems: 'center', marginTop: 1 }}>
        {n}
      </span>
      <span>{children}</span>
    </p>
  );
}

/** The key in groups of four, as authenticator apps print it (they ignore the spaces). */
const groupKey = (key: string) => key.replace(/(.{4})(?=.)/g, '$1 ');

/** /auth/configurar-verificacao-em-duas-etapas: QR code, the key as text ("Chave"), and the first code. */
function TwoFactorSetupPageContent() {
  const { auth, snackbars } = useEngine();
  const navigate = useNavigate();
  const redirectTo = useRedirectTarget();
  // A fresh key per visit (no cache): a key shown once and abandoned is never reused.
  const [setup, setSetup] = useState<TwoFactorSetup | undefined>();
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    auth.getTwoFactorSetup().then(
      (s) => live && setSetup(s),
      (err: Error) => live && setLoadError(err.message),
    );
    return () => {
      live = false;
    };
  }, [auth]);
  const [saving, setSaving] = useState(false);
  const preAuth = useSession((s) => s.tokenType === 'PreAuthorization');
  const emailAllowed = preAuth && auth.allowedMethods().includes('Email');

  const retry = () => {
    setLoadError(null);
    auth.getTwoFactorSetup().then(setSetup, (err: Error) => setLoadError(err.message));
  };

  async function activate({ code }: { code: string }) {
    if (!setup) return;
    setSaving(true);
    try {
      await auth.setupTwoFactor({ totpKey: setup.totpKey, verificationCode: code });
      snackbars.dismiss('verification-failure');
      navigate(redirectTo, { replace: true });
    } catch (err) {
      snackbars.push(verificationFailure(err));
      setSaving(false);
    }
  }

  return (
    <>
      <AuthHeading title={TWO_FACTOR_TEXT.setupTitle} lead={TWO_FACTOR_TEXT.setupLead} />
      {loadError ? (
        <Alert
          type="error"
          showIcon
          title={TWO_FACTOR_TEXT.setupLoadFailed}
          description={loadError}
          action={<Button size="small" onClick={retry}>{TWO_FACTOR_TEXT.retry}</Button>}
          style={{ marginBottom: 16 }}
        />
      ) : (
        <>
          <Step n={1}>{TWO_FACTOR_TEXT.setupStep1}</Step>
          <div style={{ display: 'grid', placeItems: 'center', marginBottom: 20 }}>
            {setup ? (
              <img src={setup.qrCode} alt={TWO_FACTOR_TEXT.qrAlt} width={184} height={184} style={{ border: '1px solid #e3e8ef', borderRadius: 8, padding: 8, background: '#fff' }} />
            ) : (
              <Skeleton.Image active style={{ width: 184, height: 184 }} />
            )}
          </div>
          <Step n={2}>{TWO_FACTOR_TEXT.setupStep2}</Step>
          <div style={{ background: '#f7f9fc', border: '1px solid #e3e8ef', borderRadius: 6, padding: '10px 12px', marginBottom: 20 }}>
            <div id="totp-key-label" style={{ fontSize: 12, color: '#5b6776' }}>{TWO_FACTOR_TEXT.key}</div>
            {setup ? (
              <Typography.Text
                aria-labelledby="totp-key-label"
                data-testid="totp-key"
                copyable={{ text: setup.totpKey, tooltips: [TWO_FACTOR_TEXT.copy, TWO_FACTOR_TEXT.copied] }}
                style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 15, letterSpacing: 0.5, wordSpacing: 2 }}
              >
                {groupKey(setup.totpKey)}
              </Typography.Text>
            ) : (
              <Skeleton.Input active size="small" />
            )}
          </div>
          <Step n={3}>{TWO_FACTOR_TEXT.setupStep3}</Step>
          <Form layout="vertical" requiredMark={false} onFinish={activate} disabled={!setup || saving}>
            <CodeField autoFocus />
            <Button type="primary" htmlType="submit" block size="large" loading={saving}>
              {TWO_FACTOR_TEXT.activate}
            </Button>
          </Form>
        </>
      )}
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4, marginTop: 20 }}>
        {emailAllowed && <Link to={`${withRedirectTo(CODE_PATH, redirectTo)}&method=Email`}>{TWO_FACTOR_TEXT.emailInstead}</Link>}
        {preAuth ? <Link to="/logout">{TWO_FACTOR_TEXT.otherAccount}</Link> : <Link to={redirectTo}>{TWO_FACTOR_TEXT.cancel}</Link>}
      </div>
    </>
  );
}

/** antd's own texts in pt-BR here too (the locale loads with this page, not with /login). */
export default function TwoFactorSetupPage() {
  return (
    <PtBrLocale>
      <TwoFactorSetupPageContent />
    </PtBrLocale>
  );
}
