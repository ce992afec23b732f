import { Observable } from '../observable.ts';
import { AUTH_KEYS, EMPTY_SESSION, SESSION_KEYS, type SessionKey, type SessionState } from './types.ts';

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function read(storage: StorageLike, key: SessionKey): unknown {
  const raw = storage.getItem(key);
  if (raw == null) return EMPTY_SESSION[key];
  try {
    return JSON.parse(raw);
  } catch {
    return EMPTY_SESSION[key];
  }
}

/**
 * The session in browser storage (spec §3): one JSON value per key, in localStorage when `rememberMe`
 * is set and in sessionStorage otherwise. `rememberMe` itself is kept in localStorage, so a new tab or a
 * restarted browser knows where to look.
 * @example const s = new SessionStore({ local: localStorage, session: sessionStorage });
 *          s.patch({ rememberMe: true, accessToken: 'jwt' }); s.getSnapshot().accessToken // 'jwt'
 */
export class SessionStore extends Observable<SessionState> {
  constructor(private readonly storages: { local: StorageLike; session: StorageLike }) {
    super(EMPTY_SESSION);
    this.reload();
  }

  private storageFor(rememberMe: boolean): StorageLike {
    return rememberMe ? this.storages.local : this.storages.session;
  }

  /**
   * Re-reads storage (another tab changed localStorage; the token refresh does it under its lock). A value whose
   * JSON did not change keeps its object, and nothing is announced when no key changed: readers of the user or
   * the permissions re-render only when those really changed.
   */
  reload(): void {
    const rememberMe = this.storages.local.getItem('rememberMe') === 'true';
    const storage = this.storageFor(rememberMe);
    const prev = this.snapshot as unknown as Record<SessionKey, unknown>;
    const next = { ...EMPTY_SESSION, rememberMe } as Record<SessionKey, unknown>;
    let changed = prev.rememberMe !== rememberMe;
    for (const key of SESSION_KEYS) {
      if (key === 'rememberMe') continue;
      const value = read(storage, key);
      const same = value === prev[key] || (typeof value === 'object' && JSON.stringify(value) === JSON.stringify(prev[key]));
      next[key] = same ? prev[key] : value;
      changed ||= !same;
    }
    if (changed) this.set(next as unknown as SessionState);
  }

  /** Writes the given keys; switching `rememberMe` moves the whole session to the other storage. */
  patch(partial: Partial<SessionState>): void {
    const prev = this.snapshot;
    const next: SessionState = { ...prev, ...partial };
    if (next.rememberMe !== prev.rememberMe) {
      for (const key of SESSION_KEYS) if (key !== 'rememberMe') this.storageFor(prev.rememberMe).removeItem(key);
      if (next.rememberMe) this.storages.local.setItem('rememberMe', 'true');
      else this.storages.local.removeItem('rememberMe');
      this.write(next, SESSION_KEYS);
    } else {
      this.write(next, Object.keys(partial) as SessionKey[]);
    }
    this.set(next);
  }

  /** Clears the authentication keys (logout, failed login); preferences, app params and version survive. */
  resetAuth(): void {
    this.patch(Object.fromEntries(AUTH_KEYS.map((k) => [k, EMPTY_SESSION[k]])) as Partial<SessionState>);
  }

  private write(state: SessionState, keys: readonly SessionKey[]): void {
    const storage = this.storageFor(state.rememberMe);
    for (const key of keys) {
      if (key === 'rememberMe') continue;
      const value = state[key];
      if (value === null || value === undefined || value === EMPTY_SESSION[key]) storage.removeItem(key);
      else storage.setItem(key, JSON.stringify(value));
    }
  }
}

/** The store over the browser's storages, kept in sync with other tabs. */
export function createBrowserSessionStore(): SessionStore {
  const store = new SessionStore({ local: window.localStorage, session: window.sessionStorage });
  window.addEventListener('storage', (e) => {
    if (e.storageArea === window.localStorage) store.reload();
  });
  return store;
}
