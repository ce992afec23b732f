import { Alert, Button, Card, Empty, Skeleton, Space, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { SYSTEM_OWNER, type PermissionEntry } from '../../engine/access.ts';
import { ACCESS_TEXT } from '../../i18n/access.ts';
import { ACCOUNT_TEXT } from '../../i18n/auth.ts';
import { useResourceOne } from '../../react/resources.ts';
import { PageHeader } from '../../renderers/antd/pages/PageHeader.tsx';
import { useUserPolicies } from './api.ts';

function Entries({ title, entries }: { title: string; entries: PermissionEntry[] }) {
  if (!entries.length) return null;
  return (
    <div style={{ marginTop: 12 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12, textTransform: 'uppercase', letterSpacing: 0.6 }}>{title}</Typography.Text>
      <table style={{ width: '100%', borderCollapse: 'collapse', marginTop: 6 }}>
        <tbody>
          {entries.map((e) => (
            <tr key={e.name} style={{ borderTop: '1px solid #eef1f5' }}>
              <td style={{ padding: '8px 12px 8px 0', fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 13, width: '40%' }}>{e.name}</td>
              <td style={{ padding: '8px 0' }}>{e.scopes.map((s) => <Tag key={s}>{ACCOUNT_TEXT.scopes[s] ?? s}</Tag>)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /usuarios/{userId}/politicas: the policies behind the user's effective permissions, read-only, with the groups that grant them. */
export default function UserPoliciesPage() {
  const userId = useParams().userId ?? '';
  const user = useResourceOne<{ id: string; name: string; accessLevel: string }>('users', userId);
  const policies = useUserPolicies(userId);
  const error = policies.error ?? user.error;
  return (
    <>
      <PageHeader
        title={user.data ? `${ACCESS_TEXT.policies} — ${user.data.name}` : ACCESS_TEXT.policies}
        lead={ACCESS_TEXT.policiesHelp}
        back={{ to: `/usuarios/${encodeURIComponent(userId)}`, label: ACCESS_TEXT.back }}
      />
      {user.data?.accessLevel === SYSTEM_OWNER && <Alert type="info" showIcon title={ACCESS_TEXT.systemOwner} style={{ marginBottom: 16, maxWidth: 900 }} />}
      {error ? (
        <Alert type="error" showIcon title={(error as Error).message} action={<Button size="small" onClick={() => void policies.refetch()}>{ACCESS_TEXT.retry}</Button>} />
      ) : !policies.data ? (
        <Card><Skeleton active /></Card>
      ) : !policies.data.length ? (
        <Card style={{ maxWidth: 900 }}><Empty description={ACCESS_TEXT.policiesEmpty} /></Card>
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: 900 }}>
          {policies.data.map((p) => (
            <Card key={p.id} title={p.name} size="small">
              {p.description && <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{p.description}</Typography.Paragraph>}
              <div style={{ marginTop: 8 }}>
                <Typography.Text type="secondary">{ACCESS_TEXT.grantedBy}: </Typography.Text>
                {p.groups.map((g, i) => (
                  <span key={g.id}>
                    {i > 0 && ', '}
                    <Link to={`/grupos-de-usuario/${encodeURIComponent(g.id)}`} style={{ textDecoration: 'underline' }}>{g.name}</Link>
                  </span>
                ))}
              </div>
              <Entries title={ACCESS_TEXT.resources} entries={p.resources} />
              <Entries title={ACCESS_TEXT.acls} entries={p.acls} />
            </Card>
          ))}
        </Space>
      )}
    </>
  );
}
