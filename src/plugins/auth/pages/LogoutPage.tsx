import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { AUTH_MESSAGES } from '../../../i18n/messages.ts';
import { useEngine } from '../../../react/context.ts';
import { PageLoading } from '../../../renderers/antd/pages/PageLoading.tsx';
import { AuthHeading } from '../components/AuthHeading.tsx';

/** /logout: ends the session on the server and here, with the two messages of spec §4, then /login. */
export default function LogoutPage() {
  const { auth } = useEngine();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode mounts twice; log out once
    started.current = true;
    void auth.logout({ notify: true }).then(() => navigate('/login', { replace: true }));
  }, [auth, navigate]);

  return (
    <>
      <AuthHeading title={AUTH_MESSAGES.loggingOut} />
      <PageLoading />
    </>
  );
}
