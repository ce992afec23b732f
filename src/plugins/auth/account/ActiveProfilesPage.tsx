import { Alert, Button, Card, Empty, List, Skeleton, Switch, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ACCOUNT_TEXT } from '../../../i18n/auth.ts';
import { useEngine } from '../../../react/context.ts';
import { PageHeader } from '../../../renderers/antd/pages/PageHeader.tsx';
import { identityKey, useIdentityResource } from './use-resource.ts';

interface ActiveProfile {
  id: string;
  name: string;
  description?: string | null;
  isActive: boolean;
}

/** /minha-conta/perfis-ativos: which of the user's groups count; permissions reload after saving. */
export default function ActiveProfilesPage() {
  const { http, api, auth, snackbars, notifyError } = useEngine();
  const queryClient = useQueryClient();
  const profiles = useIdentityResource<ActiveProfile[]>('usersMeActiveProfiles');
  // Switches the user flipped and not yet saved; everything else shows what the server has.
  const [edits, setEdits] = useState<Record<string, boolean>>({});
  const [saving, setSaving] = useState(false);
  const isOn = (p: ActiveProfile) => edits[p.id] ?? p.isActive;
  const changed = (profiles.data ?? []).some((p) => isOn(p) !== p.isActive);

  async function save() {
    setSaving(true);
    try {
      const groupIds = (profiles.data ?? []).filter(isOn).map((p) => p.id);
      const next = await http.put<ActiveProfile[]>(api.url('identity', 'usersMeActiveProfiles'), { groupIds });
      queryClient.setQueryData(identityKey('usersMeActiveProfiles'), next);
      setEdits({});
      await auth.loadPermissions();
      snackbars.push({ type: 'success', status: 200, message: ACCOUNT_TEXT.profilesSaved });
    } catch (err) {
      notifyError(err);
    } finally {
      setSaving(false);
    }
  }

  const toggle = (id: string, on: boolean) => setEdits((e) => ({ ...e, [id]: on }));

  return (
    <>
      <PageHeader
        title={ACCOUNT_TEXT.activeProfiles}
        lead={ACCOUNT_TEXT.activeProfilesHint}
        back={{ to: '/minha-conta', label: ACCOUNT_TEXT.back }}
        actions={<Button type="primary" onClick={save} loading={saving} disabled={!changed}>{ACCOUNT_TEXT.save}</Button>}
      />
      <Card style={{ maxWidth: 760 }}>
        {profiles.error ? (
          <Alert type="error" showIcon title={(profiles.error as Error).message} action={<Button size="small" onClick={() => void profiles.refetch()}>{ACCOUNT_TEXT.retry}</Button>} />
        ) : profiles.isPending ? (
          <Skeleton active />
        ) : !profiles.data?.length ? (
          <Empty description={ACCOUNT_TEXT.noProfiles} />
        ) : (
          <List
            dataSource={profiles.data}
            renderItem={(p) => (
              <List.Item
                extra={
                  <Switch
                    checked={isOn(p)}
                    onChange={(on) => toggle(p.id, on)}
                    checkedChildren={ACCOUNT_TEXT.active}
                    unCheckedChildren={ACCOUNT_TEXT.inactive}
                    aria-label={p.name}
                  />
                }
              >
                <List.Item.Meta title={p.name} description={p.description ? <Typography.Text type="secondary">{p.description}</Typography.Text> : null} />
              </List.Item>
            )}
          />
        )}
      </Card>
    </>
  );
}
