import type { SessionStore } from '../session/store.ts';
import type { AppConfig } from './app-config.ts';

/** How often an open tab asks for the app config again (the same rhythm as the build id, VERSION_POLL_MS). */
export const CONFIG_POLL_MS = 60_000;

export interface ConfigWatcherDeps {
  fetchConfig: () => Promise<AppConfig>;
  session: SessionStore;
  intervalMs?: number;
}

/**
 * Polls `/app.config.json` (already shape-checked by `fetchAppConfig`) and puts a changed navigation in the session:
 * the menu of an open tab follows a tenant's override within a minute, without a reload. Network errors and
 * unchanged configs do nothing.
 * @example new ConfigWatcher({ fetchConfig: () => fetchAppConfig(fetch), session }).start();
 */
export class ConfigWatcher {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly deps: ConfigWatcherDeps) {}

  /** True when the navigation changed (and the session now has it). */
  async check(): Promise<boolean> {
    const next = await this.deps.fetchConfig().catch(() => undefined);
    if (!next) return false;
    const current = this.deps.session.getSnapshot().appParams;
    if (JSON.stringify(current?.composables) === JSON.stringify(next.appParams.composables)) return false;
    this.deps.session.patch({ appParams: { ...current, composables: next.appParams.composables } });
    return true;
  }

  start(): void {
    this.stop();
    this.timer = setInterval(() => void this.check(), this.deps.intervalMs ?? CONFIG_POLL_MS);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
