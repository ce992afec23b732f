import { Button, Result, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { NOT_FOUND_TEXT } from '../../../i18n/messages.ts';

/** The 404 page: titled "Page Not Found", showing the path (spec §2). */
export function NotFoundPage({ path }: { path: string }) {
  return (
    <Result
      status="404"
      title={NOT_FOUND_TEXT.title}
      subTitle={
        <>
          <Typography.Text code data-testid="not-found-path">{path}</Typography.Text>
          <div style={{ marginTop: 8 }}>{NOT_FOUND_TEXT.description(path)}</div>
        </>
      }
      extra={
        <Link to="/">
          <Button type="primary">{NOT_FOUND_TEXT.home}</Button>
        </Link>
      }
    />
  );
}
