import { Alert, Button, Card, Empty, Skeleton, Space, Tag, Typography } from 'antd';
import type { PermissionEntry } from '../../../engine/access.ts';
import { SYSTEM_OWNER } from '../../../engine/access.ts';
import { ACCOUNT_TEXT } from '../../../i18n/auth.ts';
import { useLoggedUser } from '../../../react/hooks.ts';
import { PageHeader } from '../../../renderers/antd/pages/PageHeader.tsx';
import { useIdentityResource } from './use-resource.ts';

interface Policy {
  id: string;
  name: string;
  description?: string | null;
  resources: PermissionEntry[];
  acls: PermissionEntry[];
}

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
              <td style={{ padding: '8px 0' }}>
                {e.scopes.map((s) => <Tag key={s}>{ACCOUNT_TEXT.scopes[s] ?? s}</Tag>)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /minha-conta/politicas: the policies that apply to the user, with resources, ACLs and scopes. */
export default function PoliciesPage() {
  const user = useLoggedUser();
  const policies = useIdentityResource<Policy[]>('usersMePolicies');
  return (
    <>
      <PageHeader title={ACCOUNT_TEXT.policies} lead={ACCOUNT_TEXT.policiesHint} back={{ to: '/minha-conta', label: ACCOUNT_TEXT.back }} />
      {user?.accessLevel === SYSTEM_OWNER && <Alert type="info" showIcon title={ACCOUNT_TEXT.systemOwner} style={{ marginBottom: 16, maxWidth: 900 }} />}
      {policies.error ? (
        <Alert type="error" showIcon title={(policies.error as Error).message} action={<Button size="small" onClick={() => void policies.refetch()}>{ACCOUNT_TEXT.retry}</Button>} />
      ) : policies.isPending ? (
        <Card><Skeleton active /></Card>
      ) : !policies.data?.length ? (
        <Card style={{ maxWidth: 900 }}><Empty description={ACCOUNT_TEXT.noPolicies} /></Card>
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: 900 }}>
          {policies.data.map((p) => (
            <Card key={p.id} title={p.name} size="small">
              {p.description && <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{p.description}</Typography.Paragraph>}
              <Entries title={ACCOUNT_TEXT.resources} entries={p.resources} />
              <Entries title={ACCOUNT_TEXT.acls} entries={p.acls} />
            </Card>
          ))}
        </Space>
      )}
    </>
  );
}
