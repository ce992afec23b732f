import { describe, expect, it, vi } from 'vitest';
import { SessionStore } from '../session/store.ts';
import { appliedVersionSnackbar, readAppliedVersion, VersionWatcher, RELOAD_GUARD_MS } from './new-version.ts';

const session = () => new SessionStore({ local: localStorage, session: sessionStorage });

describe('VersionWatcher', () => {
  it('flags newAppVersionAvailable when the server build differs from __BUILD_ID__', async () => {
    const s = session();
    const w = new VersionWatcher({ currentBuildId: 'a1', fetchLatest: async () => ({ id: 'b2' }), session: s });
    expect(await w.check()).toBe('b2');
    expect(s.getSnapshot().newAppVersionAvailable).toBe('b2');
  });

  it('does nothing when the build is the same or the manifest fails', async () => {
    const s = session();
    expect(await new VersionWatcher({ currentBuildId: 'a1', fetchLatest: async () => ({ id: 'a1' }), session: s }).check()).toBeNull();
    expect(await new VersionWatcher({ currentBuildId: 'a1', fetchLatest: () => Promise.reject(new Error('offline')), session: s }).check()).toBeNull();
    expect(s.getSnapshot().newAppVersionAvailable).toBeNull();
  });

  it('stays quiet during the reload guard', async () => {
    let now = 0;
    const fetchLatest = vi.fn<() => Promise<{ id: string }>>(async () => ({ id: 'b2' }));
    const w = new VersionWatcher({ currentBuildId: 'a1', fetchLatest, session: session(), now: () => now });
    w.quietFor(RELOAD_GUARD_MS);
    now = 9_999;
    expect(await w.check()).toBeNull();
    now = 10_000;
    expect(await w.check()).toBe('b2');
  });

  it('polls on an interval', () => {
    vi.useFakeTimers();
    const fetchLatest = vi.fn<() => Promise<{ id: string }>>(async () => ({ id: 'a1' }));
    const w = new VersionWatcher({ currentBuildId: 'a1', fetchLatest, session: session(), intervalMs: 1000 });
    w.start();
    vi.advanceTimersByTime(3000);
    w.stop();
    vi.advanceTimersByTime(3000);
    expect(fetchLatest).toHaveBeenCalledTimes(3);
    vi.useRealTimers();
  });
});

describe('applied version', () => {
  it('reads and strips the parameter', () => {
    expect(readAppliedVersion('http://x/pedidos?page=2&newAppVersionAvailable=b2#t')).toEqual({ version: 'b2', cleanUrl: '/pedidos?page=2#t' });
    expect(readAppliedVersion('http://x/').version).toBeNull();
  });

  it('announces the update with the version', () => {
    expect(appliedVersionSnackbar('b2')).toMatchObject({
      overline: 'ATUALIZAÇÃO CONCLUÍDA', message: 'Agora você está usando a versão mais recente.', details: ['Versão b2.'],
    });
  });
});
