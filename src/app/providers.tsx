import { Suspense, lazy, type ReactNode } from 'react';
import type { Engine } from '../engine/create-engine.ts';
import { EngineProvider } from '../react/EngineProvider.tsx';
import { useSnackbars } from '../react/hooks.ts';
import { AntdProvider } from '../renderers/antd/AntdProvider.tsx';

const SnackbarHost = lazy(() => import('../renderers/antd/feedback/SnackbarHost.tsx').then((m) => ({ default: m.SnackbarHost })));

/** The notification code loads with the first snackbar, not with the first page. */
function Snackbars() {
  const { snackbars } = useSnackbars();
  return snackbars.length ? <Suspense><SnackbarHost /></Suspense> : null;
}

/**
 * The antd theme, the engine and the snackbar host, once for the whole app. React Query and the pt-BR antd
 * locale come with the layouts that need them (see router.tsx), keeping /login small.
 */
export function Providers({ engine, children }: { engine: Engine; children: ReactNode }) {
  return (
    <AntdProvider>
      <EngineProvider engine={engine}>
        <Snackbars />
        {children}
      </EngineProvider>
    </AntdProvider>
  );
}
