import { DeleteOutlined, SaveOutlined, StarOutlined, TeamOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Dropdown, Input, Modal, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { createSavedViewsApi, type SavedView, type SavedViewState } from '../../../engine/data/saved-views.ts';
import { LIST_TEXT } from '../../../i18n/list.ts';
import { useEngine } from '../../../react/context.ts';

const viewsKey = (resource: string) => ['saved-views', { resource }] as const;

/**
 * Saved views: apply one (search, filters, sort, page size, columns), save the current one under a name,
 * share it with everyone who can read the list, delete your own.
 */
export function SavedViews({ resource, current, onApply, onReset }: { resource: string; current: () => SavedViewState; onApply: (s: SavedViewState) => void; onReset: () => void }) {
  const engine = useEngine();
  const client = useQueryClient();
  const api = useMemo(() => createSavedViewsApi(engine.http, engine.config.services.commons), [engine]);
  const views = useQuery({ queryKey: viewsKey(resource), queryFn: () => api.list(resource), staleTime: 60_000 });
  const [modal, contextHolder] = Modal.useModal();
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string>();
  const refresh = () => client.invalidateQueries({ queryKey: viewsKey(resource) });
  const save = useMutation({
    mutationFn: () => api.create({ resource, name: name.trim(), state: current(), shared }),
    onSuccess: (v) => {
      engine.snackbars.push({ type: 'success', message: LIST_TEXT.viewSaved(v.name) });
      setSaving(false);
      return refresh();
    },
    onError: (err) => setError(err instanceof Error ? err.message : String(err)),
  });
  const remove = useMutation({
    mutationFn: (v: SavedView) => api.remove(v.id),
    onSuccess: () => {
      engine.snackbars.push({ type: 'success', message: LIST_TEXT.viewDeleted });
      return refresh();
    },
    onError: (err) => engine.notifyError(err),
  });

  const mine = views.data?.filter((v) => v.mine) ?? [];
  const others = views.data?.filter((v) => !v.mine) ?? [];
  const entry = (v: SavedView): NonNullable<MenuProps['items']>[number] => ({
    key: v.id,
    icon: v.shared ? <TeamOutlined /> : <StarOutlined />,
    label: (
      <span style={{ display: 'flex', alignItems: 'center', gap: 8, justifyContent: 'space-between', minWidth: 200 }}>
        <span>{v.name}{!v.mine && v.owner.name ? <span style={{ color: '#5b6776' }}> · {v.owner.name}</span> : null}</span>
        {v.mine && (
          <Button
            size="small"
            type="text"
            danger
            aria-label={LIST_TEXT.deleteView(v.name)}
            icon={<DeleteOutlined />}
            onClick={(e) => {
              e.stopPropagation();
              void modal.confirm({ title: LIST_TEXT.deleteView(v.name), okText: LIST_TEXT.delete, okButtonProps: { danger: true }, cancelText: LIST_TEXT.cancel, onOk: () => remove.mutateAsync(v) });
            }}
          />
        )}
      </span>
    ),
  });
  const items: MenuProps['items'] = [
    { key: '__default', label: LIST_TEXT.viewDefault },
    ...(mine.length ? [{ type: 'group' as const, key: 'mine', label: LIST_TEXT.viewMine, children: mine.map(entry) }] : []),
    ...(others.length ? [{ type: 'group' as const, key: 'others', label: LIST_TEXT.viewSharedByOthers, children: others.map(entry) }] : []),
    ...(!mine.length && !others.length ? [{ key: '__none', disabled: true, label: LIST_TEXT.noViews }] : []),
    { type: 'divider' as const },
    { key: '__save', icon: <SaveOutlined />, label: LIST_TEXT.saveView },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === '__default') onReset();
    else if (key === '__save') {
      setName('');
      setShared(false);
      setError(undefined);
      setSaving(true);
    } else {
      const v = views.data?.find((x) => x.id === key);
      if (v) onApply(v.state);
    }
  };

  return (
    <>
      {contextHolder}
      <Dropdown trigger={['click']} menu={{ items, onClick }} placement="bottomRight">
        <Button icon={<StarOutlined />}>{LIST_TEXT.views}</Button>
      </Dropdown>
      <Modal
        open={saving}
        title={LIST_TEXT.saveView}
        okText={LIST_TEXT.saveView}
        cancelText={LIST_TEXT.cancel}
        confirmLoading={save.isPending}
        onCancel={() => setSaving(false)}
        onOk={() => (name.trim() ? save.mutate() : setError(LIST_TEXT.viewNameRequired))}
        destroyOnHidden
      >
        <div style={{ display: 'grid', gap: 12 }}>
          <label style={{ display: 'grid', gap: 4 }}>
            <span>{LIST_TEXT.viewName}</span>
            <Input autoFocus maxLength={80} value={name} status={error ? 'error' : undefined} onChange={(e) => setName(e.target.value)} onPressEnter={() => name.trim() && save.mutate()} />
            {error && <span role="alert" style={{ color: '#c0392b', fontSize: 13 }}>{error}</span>}
          </label>
          <Checkbox checked={shared} onChange={(e) => setShared(e.target.checked)}>{LIST_TEXT.viewShared}</Checkbox>
        </div>
      </Modal>
    </>
  );
}
