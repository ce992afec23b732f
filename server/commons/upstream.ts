/**
 * A small client for the public services behind our adapters (ViaCEP, IBGE): timeout, a circuit breaker so
 * an offline server answers from its bundled data at once instead of waiting on every call, and a cache.
 */
export interface UpstreamOptions {
  /** Base URL; empty or 'off' disables the upstream (offline data only). */
  baseUrl: string | undefined;
  timeoutMs: number;
  /** After a failure, skip the upstream for this long. */
  breakerMs?: number;
  cacheTtlMs?: number;
  cacheMax?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

export type UpstreamResult = { ok: true; status: number; body: unknown } | { ok: false; reason: 'disabled' | 'open' | 'failed' };

export interface Upstream {
  get(path: string): Promise<UpstreamResult>;
}

export function createUpstream(options: UpstreamOptions): Upstream {
  const base = options.baseUrl && options.baseUrl !== 'off' ? options.baseUrl.replace(/\/+$/, '') : undefined;
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const breakerMs = options.breakerMs ?? 60_000;
  const ttl = options.cacheTtlMs ?? 24 * 3600_000;
  const max = options.cacheMax ?? 2000;
  const cache = new Map<string, { at: number; status: number; body: unknown }>();
  let openUntil = 0;

  return {
    async get(path) {
      if (!base) return { ok: false, reason: 'disabled' };
      const hit = cache.get(path);
      if (hit && now() - hit.at < ttl) return { ok: true, status: hit.status, body: hit.body };
      if (now() < openUntil) return { ok: false, reason: 'open' };
      try {
        const res = await doFetch(`${base}${path}`, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(options.timeoutMs) });
        // 5xx is the service failing, not an answer about the CEP or the UF.
        if (res.status >= 500) throw new Error(`upstream ${res.status}`);
        const text = await res.text();
        let body: unknown = null;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          if (res.ok) throw new Error('upstream: JSON inválido');
        }
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
        cache.set(path, { at: now(), status: res.status, body });
        return { ok: true, status: res.status, body };
      } catch {
        openUntil = now() + breakerMs;
        return { ok: false, reason: 'failed' };
      }
    },
  };
}
