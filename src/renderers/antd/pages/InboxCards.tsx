import { Alert, Button, Card, Col, Row, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { APP_TEXT } from '../../../i18n/ui.ts';
import { useEngine } from '../../../react/context.ts';
import { ActionIcon } from '../list/action-icons.tsx';
import { BRAND } from '../theme.ts';

/** One card of the work inbox (server/inbox): what waits, how many, and the list that shows them. */
export interface InboxItem {
  key: string;
  title: string;
  description: string;
  to: string;
  icon?: string;
  count: number;
}

/**
 * The person's work inbox on the home page: one card per kind of pending work they may act on (approvals,
 * requester checks, payments to authorize and to pay, deliveries to receive…), each count a link to the filtered
 * list. The cards and their counts come from one call (`GET users/me/inbox`), computed by the server in one query.
 */
export function InboxCards() {
  const engine = useEngine();
  const query = useQuery({
    queryKey: ['inbox'],
    queryFn: ({ signal }) => engine.http.get<InboxItem[]>(`${engine.api.service('identity')}/users/me/inbox`, { signal }),
  });
  if (query.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (query.isError) {
    return <Alert type="warning" showIcon title={APP_TEXT.inboxError} action={<Button size="small" onClick={() => void query.refetch()}>{APP_TEXT.retry}</Button>} />;
  }
  const items = query.data;
  const waiting = items.filter((i) => i.count > 0);
  return (
    <>
      {!waiting.length && <Typography.Paragraph type="secondary">{APP_TEXT.inboxEmpty}</Typography.Paragraph>}
      <Row gutter={[16, 16]}>
        {items.map((item) => (
          <Col key={item.key} xs={24} sm={12} xl={8}>
            <Link to={item.to} style={{ display: 'block', height: '100%' }} aria-label={APP_TEXT.inboxCount(item.count, item.title)} data-testid={`inbox-${item.key}`}>
              <Card hoverable size="small" style={{ height: '100%' }} styles={{ body: { display: 'flex', gap: 14, padding: '16px 18px' } }}>
                <span aria-hidden style={{ width: 40, height: 40, borderRadius: 10, display: 'grid', placeItems: 'center', flex: 'none', fontSize: 18, background: item.count ? '#e8f0fb' : '#f0f2f5', color: item.count ? BRAND.primary : BRAND.muted }}>
                  <ActionIcon name={item.icon} />
                </span>
                <span style={{ minWidth: 0 }}>
                  <span style={{ display: 'flex', alignItems: 'baseline', gap: 8 }}>
                    <strong style={{ fontSize: 24, lineHeight: 1.1, color: item.count ? BRAND.text : BRAND.muted, fontVariantNumeric: 'tabular-nums' }}>{item.count.toLocaleString('pt-BR')}</strong>
                    <span style={{ fontWeight: 600, color: BRAND.text }}>{item.title}</span>
                  </span>
                  <span style={{ display: 'block', marginTop: 4, fontSize: 13, color: BRAND.muted }}>{item.count ? item.description : APP_TEXT.inboxNone}</span>
                </span>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </>
  );
}
