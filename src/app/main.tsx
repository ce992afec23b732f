import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { fetchAppConfig } from '../engine/config/app-config.ts';
import { ConfigWatcher } from '../engine/config/config-watcher.ts';
import { createEngine, type Engine } from '../engine/create-engine.ts';
import { LOGIN_PATH } from '../engine/guard/paths.ts';
import { createBrowserSessionStore } from '../engine/session/store.ts';
import { appliedVersionSnackbar, readAppliedVersion, RELOAD_GUARD_MS, VersionWatcher } from '../engine/version/new-version.ts';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';
import { allRedirects, allRoutes } from './routes.ts';

/** Serialises work across tabs with the Web Locks API, where the browser has it. */
const browserLock = <T,>(name: string, fn: () => Promise<T>): Promise<T> =>
  navigator.locks ? (navigator.locks.request(name, fn) as Promise<T>) : fn();

/** 'Fazer login' of the 401 snackbar: log out here, sign in again in a small window that reloads this one. */
const sessionActions = (engine: Pick<Engine, 'auth'>) => ({
  reload: () => window.location.reload(),
  login: () => {
    void engine.auth.logout();
    window.open(`${LOGIN_PATH}?locationReload=0`, 'backoffice-login', 'popup,width=480,height=720');
  },
});

/** After a version reload: announce it, drop the flag and the query parameter. */
function applyNewVersion(engine: Engine, watcher: VersionWatcher): void {
  const { version, cleanUrl } = readAppliedVersion(window.location.href);
  if (!version) return;
  engine.session.patch({ newAppVersionAvailable: null });
  engine.snackbars.push(appliedVersionSnackbar(version));
  window.history.replaceState(window.history.state, '', cleanUrl);
  watcher.quietFor(RELOAD_GUARD_MS);
}

async function start(root: HTMLElement): Promise<void> {
  const config = await fetchAppConfig(fetch);
  const engine = createEngine({ config, session: createBrowserSessionStore(), lock: browserLock, sessionActions });
  const watcher = new VersionWatcher({
    currentBuildId: __BUILD_ID__,
    fetchLatest: () => fetch('/builds/latest.json', { cache: 'no-store' }).then((r) => r.json() as Promise<{ id?: string }>),
    session: engine.session,
  });
  applyNewVersion(engine, watcher);
  // Development builds ('dev') are not versioned: the manifest belongs to another build.
  if (config.appParams.useFrontEndVersion && __BUILD_ID__ !== 'dev') watcher.start();
  // A tenant's change of the navigation reaches open tabs within a minute, without a reload.
  new ConfigWatcher({ fetchConfig: () => fetchAppConfig(fetch), session: engine.session }).start();
  const router = createAppRouter(engine, allRoutes(), allRedirects());
  createRoot(root).render(
    <StrictMode>
      <Providers engine={engine}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

const root = document.getElementById('root')!;
start(root).catch((err: unknown) => {
  console.error(err);
  // No antd here: the failure may be the bundle itself. Plain, readable, with a way out.
  root.innerHTML = `<div role="alert" style="font-family:system-ui,sans-serif;max-width:480px;margin:15vh auto;padding:24px;text-align:center;color:#1d2633">
    <h1 style="font-size:20px">Não foi possível abrir o aplicativo</h1>
    <p style="color:#5b6776">Verifique a sua conexão e tente novamente em instantes.</p>
    <button onclick="location.reload()" style="padding:8px 16px;border-radius:6px;border:0;background:#1f5aa6;color:#fff;font-size:14px;cursor:pointer">Tentar novamente</button>
  </div>`;
});
