import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { SYSTEM_OWNER } from '../../../engine/access.ts';
import { CONFIG_POLL_MS } from '../../../engine/config/config-watcher.ts';
import { CONFIG_TEXT } from '../../../i18n/ui.ts';
import { useEngine } from '../../../react/context.ts';
import { useLoggedUser } from '../../../react/hooks.ts';

interface Status {
  override: { file: string; problems: string[]; usingLastGood: boolean } | null;
}

/**
 * For the SystemOwner only: a tenant override (DATA_DIR/app.config.json) the server could not use, naming the file,
 * line and column of each problem, and what the server does meanwhile (last good version, or none). Asked again
 * every minute, like the config itself.
 */
export function ConfigProblemBanner() {
  const { http } = useEngine();
  const user = useLoggedUser();
  const owner = user?.accessLevel === SYSTEM_OWNER;
  const status = useQuery({
    queryKey: ['app-config-status'],
    queryFn: () => http.get<Status>('/api/identity/v1/app-config/status'),
    enabled: owner,
    refetchInterval: CONFIG_POLL_MS,
  });
  const o = status.data?.override;
  if (!owner || !o) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={CONFIG_TEXT.overrideTitle(o.file)}
      description={
        <>
          <div>{o.usingLastGood ? CONFIG_TEXT.usingLastGood : CONFIG_TEXT.usingNone}</div>
          <ul style={{ margin: '8px 0 0', paddingLeft: 20, fontFamily: 'monospace', fontSize: 12 }}>
            {o.problems.map((p) => <li key={p}>{p}</li>)}
          </ul>
        </>
      }
    />
  );
}
