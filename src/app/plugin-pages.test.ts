import { readFileSync } from 'node:fs';
import path from 'node:path';
import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { navigationModules, type AppParams, type NavigationModule } from '../engine/config/app-config.ts';
import { allRedirects, allRoutes } from './routes.ts';

/**
 * check:metadata trusts `"pluginPage": true` on a navigation module (a page no screen or hub describes); this keeps
 * that honest: every such path is a route or a redirect of the app.
 */
describe('navigation modules marked pluginPage', () => {
  it('open a page of a plugin (no 404)', () => {
    const config = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../public/app.config.json'), 'utf8')) as { appParams: AppParams };
    const walk = (ms: NavigationModule[]): NavigationModule[] => ms.flatMap((m) => [m, ...walk(m.children ?? [])]);
    const marked = walk(navigationModules(config.appParams)).filter((m) => m.pluginPage);
    expect(marked.length).toBeGreaterThan(0);
    const routes = allRoutes().map((r) => r.path);
    const redirects = Object.keys(allRedirects());
    const missing = marked.filter((m) => !routes.some((r) => matchPath(r, m.path)) && !redirects.some((r) => matchPath(r, m.path)));
    expect(missing.map((m) => m.path)).toEqual([]);
  });
});
