import { describe, expect, it, vi } from 'vitest';
import { SessionStore } from '../session/store.ts';
import { fetchAppConfig, navigationGroups, navigationModules } from './app-config.ts';
import { ConfigWatcher } from './config-watcher.ts';
import { sanitizeAppConfig } from './sanitize.ts';

const nav = (modules: unknown, groups: unknown = [{ key: 'compras', title: 'Compras' }]) => ({
  version: '1', projectId: 'demo', services: { identity: '/api/identity/v1' }, appParams: { composables: { useModuleNavigation: { modules, groups } } },
});

describe('the client reads the app config defensively (a tenant mistake never stops the app)', () => {
  it('keeps what the menu can draw and names what it drops', () => {
    const { config, dropped } = sanitizeAppConfig(nav([{ key: 'a', title: 'A', path: '/a', children: [{ key: 'b', title: 1 }] }, 'x', { key: 'c', path: '/c' }]));
    expect(navigationModules(config.appParams)).toEqual([{ key: 'a', title: 'A', path: '/a', children: [] }]);
    expect(dropped).toEqual(['b', '"x"', 'c']);
  });

  it('a wrong shape (modules as an object) reads as an empty menu, not an exception', () => {
    const { config, dropped } = sanitizeAppConfig(nav({ key: 'a' }, 'x'));
    expect(navigationModules(config.appParams)).toEqual([]);
    expect(navigationGroups(config.appParams)).toEqual([]);
    expect(dropped).toEqual(['modules', 'groups']);
    expect(sanitizeAppConfig(null).config).toMatchObject({ services: {}, projectId: '' });
  });

  it('fetchAppConfig answers in pt-BR when the server sends no JSON', async () => {
    const doFetch = vi.fn<typeof fetch>(async () => new Response('<html>', { status: 200 }));
    await expect(fetchAppConfig(doFetch)).rejects.toThrow('A configuração do aplicativo não é um JSON válido.');
  });
});

describe('ConfigWatcher', () => {
  it('puts a changed navigation in the session and ignores unchanged ones and failures', async () => {
    const session = new SessionStore({ local: localStorage, session: sessionStorage });
    const first = sanitizeAppConfig(nav([{ key: 'a', title: 'A', path: '/a' }])).config;
    session.patch({ appParams: first.appParams });
    let next: unknown = first;
    const w = new ConfigWatcher({ session, fetchConfig: async () => (next instanceof Error ? Promise.reject(next) : sanitizeAppConfig(next).config) });
    expect(await w.check()).toBe(false);
    next = nav([{ key: 'a', title: 'A', path: '/a' }, { key: 'b', title: 'B', path: '/b' }]);
    expect(await w.check()).toBe(true);
    expect(navigationModules(session.getSnapshot().appParams).map((m) => m.key)).toEqual(['a', 'b']);
    next = new Error('offline');
    expect(await w.check()).toBe(false);
  });
});
