import { useState } from 'react';
import { Alert, Button, Card, Empty, List, Skeleton, Switch, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { ACCESS_TEXT } from '../../i18n/access.ts';
import { ACCOUNT_TEXT } from '../../i18n/auth.ts';
import { useEngine } from '../../react/context.ts';
import { useResourceOne } from '../../react/resources.ts';
import { PageHeader } from '../../renderers/antd/pages/PageHeader.tsx';
import { accessKeys, useIdentityUrl, useUserProfiles, type UserProfile } from './api.ts';

/**
 * /usuarios/{userId}/perfis-ativos: which of the user's groups count for its permissions (no active profile
 * chosen = all of them). Takes effect at the user's next navigation (the route guard reloads permissions).
 */
export default function UserActiveProfilesPage() {
  const userId = useParams().userId ?? '';
  const { http, snackbars, notifyError } = useEngine();
  const url = useIdentityUrl();
  const client = useQueryClient();
  const user = useResourceOne<{ id: string; name: string }>('users', userId);
  const profiles = useUserProfiles(userId);
  const [edits, setEdits] = useState<Record<string, boolean>>({});
  const [saving, setSaving] = useState(false);
  const isOn = (p: UserProfile) => edits[p.id] ?? p.isActive;
  const list = profiles.data ?? [];
  const changed = list.some((p) => isOn(p) !== p.isActive);

  async function save() {
    setSaving(true);
    try {
      const on = list.filter(isOn).map((p) => p.id);
      // Every group on is the default (no choice recorded): new groups of the user then count too.
      const groupIds = on.length === list.length ? [] : on;
      const next = await http.put<UserProfile[]>(url(`users/${encodeURIComponent(userId)}/active-profiles`), { groupIds });
      client.setQueryData(accessKeys.profiles(userId), next);
      void client.invalidateQueries({ queryKey: accessKeys.policies(userId) });
      setEdits({});
      snackbars.push({ type: 'success', status: 200, message: ACCESS_TEXT.activeProfilesSaved });
    } catch (err) {
      notifyError(err);
    } finally {
      setSaving(false);
    }
  }

  const error = profiles.error ?? user.error;
  return (
    <>
      <PageHeader
        title={user.data ? `${ACCESS_TEXT.activeProfiles} — ${user.data.name}` : ACCESS_TEXT.activeProfiles}
        lead={ACCESS_TEXT.activeProfilesHelp}
        back={{ to: `/usuarios/${encodeURIComponent(userId)}`, label: ACCESS_TEXT.back }}
        actions={<Button type="primary" onClick={save} loading={saving} disabled={!changed}>{ACCESS_TEXT.save}</Button>}
      />
      <Card style={{ maxWidth: 760 }}>
        {error ? (
          <Alert type="error" showIcon title={(error as Error).message} action={<Button size="small" onClick={() => void profiles.refetch()}>{ACCESS_TEXT.retry}</Button>} />
        ) : profiles.isPending ? (
          <Skeleton active />
        ) : !list.length ? (
          <Empty description={ACCESS_TEXT.activeProfilesEmpty} />
        ) : (
          <List
            dataSource={list}
            renderItem={(p) => (
              <List.Item
                extra={
                  <Switch
                    checked={isOn(p)}
                    onChange={(on) => setEdits((e) => ({ ...e, [p.id]: on }))}
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
