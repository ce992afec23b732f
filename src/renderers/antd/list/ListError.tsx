import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { HttpError } from '../../../engine/http/errors.ts';
import { LIST_TEXT } from '../../../i18n/list.ts';

/** The list could not load: the server's reason and a retry — none for a refusal, which trying again cannot fix. */
export default function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const detail = error instanceof Error ? error.message : undefined;
  const refused = error instanceof HttpError && (error.status === 403 || error.status === 401);
  return (
    <div className="bo-list-scroll">
      <Result
        status={refused ? '403' : 'warning'}
        title={refused ? LIST_TEXT.refused : LIST_TEXT.loadError}
        subTitle={detail}
        extra={refused ? undefined : <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>{LIST_TEXT.retry}</Button>}
      />
    </div>
  );
}
