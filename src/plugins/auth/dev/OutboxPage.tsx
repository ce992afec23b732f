import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Collapse, Empty, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { HttpError } from '../../../engine/http/errors.ts';
import { formatDateTime } from '../../../i18n/format.ts';
import { OUTBOX_TEXT } from '../../../i18n/auth.ts';
import { useEngine } from '../../../react/context.ts';

interface OutboxMail {
  id: string | number;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** Links in the e-mail text become clickable, so recovery links can be followed from here. */
function MailText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <pre style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', margin: 0 }}>
      {parts.map((p, i) => (i % 2 ? <a key={i} href={p}>{p}</a> : p))}
    </pre>
  );
}

/** /dev/caixa-de-saida: e-mails kept by the server when SMTP is not configured (GET /api/dev/outbox). */
export default function OutboxPage() {
  const { http, session } = useEngine();
  // Signed in, the Bearer goes along: a SystemOwner may read the outbox from any machine (decisions D21).
  const fetchOutbox = () => http.get<OutboxMail[]>('/api/dev/outbox', { isPublic: !session.getSnapshot().accessToken });
  const query = useQuery({ queryKey: ['dev', 'outbox'], queryFn: fetchOutbox, staleTime: 0 });
  const mails = query.data;
  const error = query.error ? (query.error instanceof HttpError && query.error.status === 404 ? OUTBOX_TEXT.unavailable : query.error.message) : null;

  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 16, marginBottom: 16 }}>
        <div>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>{OUTBOX_TEXT.title}</Typography.Title>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>{OUTBOX_TEXT.lead}</Typography.Paragraph>
        </div>
        <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>{OUTBOX_TEXT.refresh}</Button>
      </div>
      {error ? (
        <Alert type="warning" showIcon title={error} />
      ) : !mails ? (
        <Skeleton active />
      ) : !mails.length ? (
        <div style={{ background: '#fff', border: '1px solid #e3e8ef', borderRadius: 8, padding: 32 }}>
          <Empty description={OUTBOX_TEXT.empty} />
        </div>
      ) : (
        <Collapse
          items={mails.map((m) => ({
            key: String(m.id),
            label: (
              <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
                <strong style={{ flex: 1, minWidth: 200 }}>{m.subject}</strong>
                <span>{OUTBOX_TEXT.to}: {m.to}</span>
                <span style={{ color: '#5b6776' }}>{formatDateTime(m.createdAt)}</span>
              </div>
            ),
            children: <MailText text={m.text} />,
          }))}
          defaultActiveKey={mails[0] ? [String(mails[0].id)] : []}
        />
      )}
    </>
  );
}
