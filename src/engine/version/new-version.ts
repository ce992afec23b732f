import { UPDATE_MESSAGES } from '../../i18n/messages.ts';
import { NEW_VERSION_PARAM } from '../guard/route-guard.ts';
import type { SessionStore } from '../session/store.ts';
import type { SnackbarInput } from '../snackbar/store.ts';

/** How often `/builds/latest.json` is polled (the spec leaves it open). */
export const VERSION_POLL_MS = 60_000;
/** After a version reload, mismatches are ignored this long, so a stale cache cannot cause a reload loop (spec §9). */
export const RELOAD_GUARD_MS = 10_000;

export interface VersionWatcherDeps {
  /** `__BUILD_ID__` of the running client. */
  currentBuildId: string;
  fetchLatest: () => Promise<{ id?: string }>;
  session: SessionStore;
  now?: () => number;
  intervalMs?: number;
}

/**
 * Polls the build manifest and flags `newAppVersionAvailable` in the session when the server has another
 * build; the route guard then reloads on the next navigation (step 3).
 * @example const w = new VersionWatcher({ currentBuildId: __BUILD_ID__, fetchLatest, session }); w.start();
 */
export class VersionWatcher {
  private timer: ReturnType<typeof setInterval> | undefined;
  private quietUntil = 0;
  private readonly now: () => number;

  constructor(private readonly deps: VersionWatcherDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Returns the newer build id, or null. Network errors are ignored: the next poll tries again. */
  async check(): Promise<string | null> {
    if (this.now() < this.quietUntil) return null;
    const latest = await this.deps.fetchLatest().catch(() => undefined);
    const id = latest?.id;
    if (!id || id === this.deps.currentBuildId) return null;
    if (this.deps.session.getSnapshot().newAppVersionAvailable !== id) this.deps.session.patch({ newAppVersionAvailable: id });
    return id;
  }

  /** Ignore mismatches for a while (right after a version reload). */
  quietFor(ms: number): void {
    this.quietUntil = this.now() + ms;
  }

  start(): void {
    this.stop();
    this.timer = setInterval(() => void this.check(), this.deps.intervalMs ?? VERSION_POLL_MS);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

/** The URL after a version reload: the applied version (or null) and the URL without the parameter. */
export function readAppliedVersion(href: string): { version: string | null; cleanUrl: string } {
  const url = new URL(href);
  const version = url.searchParams.get(NEW_VERSION_PARAM);
  url.searchParams.delete(NEW_VERSION_PARAM);
  return { version, cleanUrl: `${url.pathname}${url.search}${url.hash}` };
}

/** 'ATUALIZAÇÃO CONCLUÍDA' / 'Agora você está usando a versão mais recente.' with the version (spec §4). */
export function appliedVersionSnackbar(version: string): SnackbarInput {
  return {
    id: 'new-app-version',
    type: 'success',
    overline: UPDATE_MESSAGES.heading,
    message: UPDATE_MESSAGES.message,
    details: [UPDATE_MESSAGES.version(version)],
  };
}
