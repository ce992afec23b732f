import { Result, Typography } from 'antd';
import { LinkButton } from '../LinkButton.tsx';
import { NOT_FOUND_TEXT } from '../../../i18n/messages.ts';

/** The 404 page: titled "Page Not Found", showing the path (spec §2). */
export function NotFoundPage({ path }: { path: string }) {
  return (
    <Result
      status="404"
      title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>{NOT_FOUND_TEXT.title}</h1>}
      subTitle={
        <>
          <Typography.Text code data-testid="not-found-path">{path}</Typography.Text>
          <div style={{ marginTop: 8 }}>{NOT_FOUND_TEXT.description(path)}</div>
        </>
      }
      extra={<LinkButton type="primary" to="/">{NOT_FOUND_TEXT.home}</LinkButton>}
    />
  );
}
