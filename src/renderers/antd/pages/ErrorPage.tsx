import { Result } from 'antd';
import { LinkButton } from '../LinkButton.tsx';
import { NOT_FOUND_TEXT } from '../../../i18n/messages.ts';

/**
 * Generic error page (spec §8): status (default 500), 'Page Not Found' for 404 else 'Internal Server
 * Error', the error's message as description; the not-found look for 404, the server-error look otherwise.
 */
export function ErrorPage({ status = 500, description }: { status?: number; description?: string }) {
  const notFound = status === 404;
  return (
    <Result
      status={notFound ? '404' : '500'}
      title={<h1 style={{ fontSize: 'inherit', margin: 0 }} data-testid="error-status">{status}</h1>}
      subTitle={
        <>
          <div style={{ fontSize: 18, fontWeight: 600, color: 'inherit' }}>{notFound ? NOT_FOUND_TEXT.title : NOT_FOUND_TEXT.serverError}</div>
          {description && <div style={{ marginTop: 8 }}>{description}</div>}
        </>
      }
      extra={<LinkButton type="primary" to="/">{NOT_FOUND_TEXT.home}</LinkButton>}
    />
  );
}
