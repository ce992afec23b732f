import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeJwt } from 'jose';
import { createTestApp, type TestContext } from '../helper.ts';
import { loadAppConfig } from '../../../server/lib/app-config.ts';
import { ADMIN, API, bearer, loginOk } from './helpers.ts';

/** A tenant override that tries to change the project id next to a legitimate change (a new navigation group). */
const OVERRIDE = {
  projectId: 'outro-projeto',
  appParams: {
    useProjectId: 'outro-projeto',
    composables: { useModuleNavigation: { groups: [{ key: 'grupo-do-tenant', title: 'Grupo do tenant' }] } },
  },
};

describe('project id: the top-level projectId of public/app.config.json, never changed by an override', () => {
  let dir: string;
  let ctx: TestContext;
  let baseProjectId: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bo-project-id-'));
    await writeFile(path.join(dir, 'app.config.json'), JSON.stringify(OVERRIDE));
    baseProjectId = String((await loadAppConfig(path.join(dir, 'sem-override'))).projectId);
    ctx = await createTestApp({ dataDir: dir });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses the projectId/useProjectId keys of the override with a clear error and applies the rest', async () => {
    expect(baseProjectId).not.toBe(OVERRIDE.projectId);
    const log = { error: vi.fn<(obj: object, msg: string) => void>() };
    // A file of its own so the once-per-problem log is not already spent by the app's start.
    const file = path.join(dir, 'override-log.json');
    await writeFile(file, JSON.stringify(OVERRIDE));
    const config = await loadAppConfig(dir, file, log);
    expect(config.projectId).toBe(baseProjectId);
    expect((config.appParams as { useProjectId: string }).useProjectId).toBe(baseProjectId);
    const groups = (config.appParams as { composables: { useModuleNavigation: { groups: { key: string }[] } } }).composables.useModuleNavigation.groups;
    // Groups merge by key (D53): the tenant's group joins the base groups.
    expect(groups.map((g) => g.key)).toEqual(expect.arrayContaining(['compras', 'financeiro', 'grupo-do-tenant']));
    expect(groups.at(-1)?.key).toBe('grupo-do-tenant');
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0][0]).toMatchObject({ file, refused: { projectId: 'outro-projeto', 'appParams.useProjectId': 'outro-projeto' } });
    expect(log.error.mock.calls[0][1]).toContain('tenta mudar o projectId');
    // Read again (every request does): not logged twice.
    await loadAppConfig(dir, file, log);
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it('an override keeping the same id (or leaving it out) is not an error', async () => {
    const log = { error: vi.fn<(obj: object, msg: string) => void>() };
    const file = path.join(dir, 'override-ok.json');
    await writeFile(file, JSON.stringify({ projectId: baseProjectId, appParams: { useProjectId: baseProjectId, useFrontEndVersion: false } }));
    const config = await loadAppConfig(dir, file, log);
    expect(config.projectId).toBe(baseProjectId);
    expect(config.appParams).toMatchObject({ useProjectId: baseProjectId, useFrontEndVersion: false });
    expect(log.error).not.toHaveBeenCalled();
  });

  it('serves and signs with the same id, so sessions survive the override', async () => {
    const served = (await ctx.app.inject({ method: 'GET', url: '/app.config.json' })).json();
    expect(served.projectId).toBe(baseProjectId);
    expect(served.appParams.useProjectId).toBe(baseProjectId);
    const session = await loginOk(ctx.app, ADMIN);
    expect(decodeJwt(session.accessToken).projectId).toBe(baseProjectId);
    expect((await ctx.app.inject({ method: 'GET', url: `${API}/users/me`, headers: bearer(session.accessToken) })).statusCode).toBe(200);
  });
});
