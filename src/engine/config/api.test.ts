import { describe, expect, it, vi } from 'vitest';
import { createApi } from './api.ts';
import { configuredProjectId, fetchAppConfig } from './app-config.ts';

describe('createApi', () => {
  const api = createApi({ identity: '/api/identity/v1/' });

  it('resolves a named endpoint against the service base URL', () => {
    expect(api.url('identity', 'usersMe')).toBe('/api/identity/v1/users/me');
    expect(api.service('identity')).toBe('/api/identity/v1');
  });

  it('raises 400 for an unknown API name or key', () => {
    expect(() => api.url('billing', 'auth')).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => api.url('identity', 'nope')).toThrow(expect.objectContaining({ status: 400, message: 'Endpoint desconhecido: identity.nope.' }));
    expect(() => api.url('identity', 'toString')).toThrow(expect.objectContaining({ status: 400 }));
  });
});

describe('fetchAppConfig', () => {
  it('busts the cache with a timestamp and reads the project id', async () => {
    const doFetch = vi.fn<typeof fetch>(async () => Response.json({ version: '1', projectId: 'demo', services: {}, appParams: { useProjectId: 'p2' } }));
    const config = await fetchAppConfig(doFetch as unknown as typeof fetch, () => 123);
    expect(doFetch).toHaveBeenCalledWith('/app.config.json?t=123', expect.anything());
    // The top-level projectId is the one the server signs tokens with; useProjectId never overrides it.
    expect(configuredProjectId(config)).toBe('demo');
    expect(configuredProjectId({ projectId: 'demo', appParams: {} })).toBe('demo');
    expect(configuredProjectId({ projectId: '', appParams: { useProjectId: 'p2' } })).toBe('p2');
  });

  it('fails clearly when the config cannot be loaded', async () => {
    const doFetch = async () => new Response('x', { status: 500 });
    await expect(fetchAppConfig(doFetch as unknown as typeof fetch)).rejects.toThrow('HTTP 500');
  });
});
