import { describe, expect, it } from 'vitest';
import { SessionStore } from './store.ts';
import { EMPTY_SESSION, SESSION_KEYS } from './types.ts';

const make = () => new SessionStore({ local: localStorage, session: sessionStorage });

describe('SessionStore', () => {
  it('uses exactly the spec keys', () => {
    expect(SESSION_KEYS).toEqual([
      'accessToken', 'tokenType', 'accessTokenExpireAt', 'refreshToken', 'refreshTokenExpireAt', 'verificationToken',
      'verificationTokenExpireAt', 'twoFactorIsSetupRequired', 'twoFactorIsEmailAllowedMethod', 'twoFactorIsTotpAllowedMethod',
      'rememberMe', 'loggedUser', 'policyEffectivePermissions', 'policyEffectiveScopes', 'appParams', 'newAppVersionAvailable',
    ]);
  });

  it('keeps the session in sessionStorage without rememberMe', () => {
    const s = make();
    s.patch({ accessToken: 'a', loggedUser: { id: '1', email: 'x@y' } });
    expect(sessionStorage.getItem('accessToken')).toBe('"a"');
    expect(JSON.parse(sessionStorage.getItem('loggedUser')!)).toEqual({ id: '1', email: 'x@y' });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(make().getSnapshot().accessToken).toBe('a');
  });

  it('moves the session to localStorage with rememberMe, and back', () => {
    const s = make();
    s.patch({ accessToken: 'a' });
    s.patch({ rememberMe: true, refreshToken: 'r' });
    expect(localStorage.getItem('rememberMe')).toBe('true');
    expect(localStorage.getItem('accessToken')).toBe('"a"');
    expect(localStorage.getItem('refreshToken')).toBe('"r"');
    expect(sessionStorage.getItem('accessToken')).toBeNull();
    expect(make().getSnapshot()).toMatchObject({ rememberMe: true, accessToken: 'a', refreshToken: 'r' });
    s.patch({ rememberMe: false });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(sessionStorage.getItem('accessToken')).toBe('"a"');
  });

  it('reloads without new objects or a notice when storage holds the same values, and picks up what another tab changed', () => {
    localStorage.clear();
    sessionStorage.clear();
    const s = make();
    s.patch({ accessToken: 'a', loggedUser: { id: '1', email: 'x@y' } });
    const before = s.getSnapshot();
    let notices = 0;
    const off = s.subscribe(() => notices++);
    s.reload();
    expect(s.getSnapshot()).toBe(before);
    expect(notices).toBe(0);
    sessionStorage.setItem('accessToken', '"b"');
    s.reload();
    off();
    expect(notices).toBe(1);
    expect(s.getSnapshot().accessToken).toBe('b');
    expect(s.getSnapshot().loggedUser).toBe(before.loggedUser);
  });

  it('resets only the authentication keys', () => {
    const s = make();
    s.patch({ rememberMe: true, accessToken: 'a', twoFactorIsSetupRequired: true, appParams: { useProjectId: 'p' }, newAppVersionAvailable: 'v2' });
    s.resetAuth();
    expect(s.getSnapshot()).toEqual({ ...EMPTY_SESSION, rememberMe: true, appParams: { useProjectId: 'p' }, newAppVersionAvailable: 'v2' });
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('notifies subscribers and ignores unreadable values', () => {
    sessionStorage.setItem('loggedUser', '{broken');
    const s = make();
    expect(s.getSnapshot().loggedUser).toBeNull();
    let calls = 0;
    s.subscribe(() => calls++);
    s.patch({ tokenType: 'PreAuthorization' });
    expect(calls).toBe(1);
  });
});
