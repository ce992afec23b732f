import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine/create-engine.ts';
import { SessionStore } from '../engine/session/store.ts';
import { EngineProvider } from './EngineProvider.tsx';
import { useCan, useLoggedUser, useNavigationModules, useSnackbars } from './hooks.ts';

function makeEngine() {
  return createEngine({
    config: {
      version: '1', projectId: 'demo', services: { identity: '/id' },
      appParams: {
        composables: {
          useModuleNavigation: {
            groups: [{ key: 'c', title: 'Compras' }],
            modules: [
              { key: 'o', title: 'Pedidos', path: '/pedidos', resourceName: 'orders', group: 'c' },
              { key: 'q', title: 'Cotações', path: '/cotacoes', resourceName: 'quotes', group: 'c' },
            ],
          },
        },
      },
    },
    session: new SessionStore({ local: localStorage, session: sessionStorage }),
  });
}

function Probe() {
  const user = useLoggedUser();
  const canCreate = useCan('orders', 'create');
  const menu = useNavigationModules();
  const { snackbars } = useSnackbars();
  return (
    <p>
      {user?.email ?? 'anônimo'} | {String(canCreate)} | {menu.flatMap((g) => g.items.map((i) => i.title)).join(',')} | {snackbars.length}
    </p>
  );
}

describe('react bindings', () => {
  it('follow the session and snackbar stores', () => {
    const engine = makeEngine();
    render(<EngineProvider engine={engine}><Probe /></EngineProvider>);
    expect(screen.getByText('anônimo | false | | 0')).toBeTruthy();
    act(() => engine.session.patch({
      loggedUser: { id: '1', email: 'c@demo.com.br' },
      policyEffectivePermissions: { resources: [{ name: 'orders', scopes: ['create'] }], acls: [] },
    }));
    expect(screen.getByText('c@demo.com.br | true | Pedidos | 0')).toBeTruthy();
    act(() => void engine.snackbars.push({ type: 'success', autoDismiss: false }));
    expect(screen.getByText('c@demo.com.br | true | Pedidos | 1')).toBeTruthy();
  });

  it('do not re-render for session slices the component does not read', () => {
    const engine = makeEngine();
    const commits: string[] = [];
    render(
      <Profiler id="probe" onRender={(_id, phase) => commits.push(phase)}>
        <EngineProvider engine={engine}><Probe /></EngineProvider>
      </Profiler>,
    );
    expect(commits).toEqual(['mount']);
    act(() => engine.session.patch({ newAppVersionAvailable: 'b2', refreshToken: 'r' }));
    expect(commits).toEqual(['mount']);
    act(() => engine.session.patch({ loggedUser: { id: '2', email: 'x@y' } }));
    expect(commits).toEqual(['mount', 'update']);
  });
});
