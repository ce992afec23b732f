import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ScreenFile } from '../schema/screen-types.ts';
import { fillRoute, fillTemplate, paramsOfRecord, partsOf, routerPath, routeShape, screenOfPath, screenPaths, screenRouteTable, templateParams, tryScreenPaths } from './route-table.ts';

const SCREENS: Record<string, ScreenFile> = Object.fromEntries(
  readdirSync('screens').map((k) => [k, JSON.parse(readFileSync(`screens/${k}/screen.json`, 'utf8')) as ScreenFile]),
);

describe('screen route table', () => {
  it('derives list, add, view and edit routes, and the base → list redirect', () => {
    const table = screenRouteTable([
      { key: 'bank-accounts', route: { base: '/contas-financeiras', idParam: 'bankAccountId', list: '/lista' } },
      { key: 'banks', route: { base: '/configuracoes/bancos', idParam: 'bankId' } },
    ]);
    expect(table.routes.map((r) => `${r.kind} ${r.path}`)).toEqual([
      'list /contas-financeiras/lista',
      'add /contas-financeiras/adicionar',
      'view /contas-financeiras/:bankAccountId',
      'edit /contas-financeiras/:bankAccountId/editar',
      'list /configuracoes/bancos',
      'add /configuracoes/bancos/adicionar',
      'view /configuracoes/bancos/:bankId',
      'edit /configuracoes/bancos/:bankId/editar',
    ]);
    expect(table.redirects).toEqual({ '/contas-financeiras': '/contas-financeiras/lista' });
  });

  it('leaves out the pages a screen does not declare', () => {
    const { routes, redirects } = screenRouteTable([{ key: 'x', route: { base: '/x', idParam: 'xId', list: '/lista' }, parts: { list: false, form: false, view: true } }]);
    expect(routes.map((r) => r.path)).toEqual(['/x/:xId']);
    expect(redirects).toEqual({});
  });

  it('gives a form that only edits (create: false) no add page', () => {
    const parts = partsOf({ list: {}, form: { create: false }, view: {} });
    expect(parts).toEqual({ list: true, form: true, add: false, view: true });
    const { routes } = screenRouteTable([{ key: 'p', route: { base: '/p', idParam: 'pId' }, parts }]);
    expect(routes.map((r) => [r.path, r.kind])).toEqual([['/p', 'list'], ['/p/:pId', 'view'], ['/p/:pId/editar', 'edit']]);
  });

  it('covers every screen file with unique paths', () => {
    const { routes } = screenRouteTable(Object.entries(SCREENS).map(([key, s]) => ({ key, route: s.route, parts: partsOf(s) })));
    // Unique up to parameter names: `/a/:x` and `/a/:y` match the same URLs.
    const paths = routes.map((r) => routeShape(r.path));
    expect(new Set(paths).size).toBe(paths.length);
    const expected = Object.entries(SCREENS).flatMap(([key, s]) => [
      ...(s.list ? [`${key} list ${routerPath(s.route.base)}${s.route.list ?? ''}`] : []),
      ...(s.view ? [`${key} view ${routerPath(s.route.base)}/:${s.route.idParam}`] : []),
    ]);
    const got = routes.map((r) => `${r.screen} ${r.kind} ${r.path}`);
    expect(expected.filter((e) => !got.includes(e))).toEqual([]);
    expect(expected.length).toBeGreaterThan(0);
  });

  it('builds record paths and fills custom action routes', () => {
    const paths = screenPaths({ base: '/configuracoes/bancos', idParam: 'bankId' });
    expect([paths.list, paths.add, paths.view('a1'), paths.edit('a1')]).toEqual([
      '/configuracoes/bancos',
      '/configuracoes/bancos/adicionar',
      '/configuracoes/bancos/a1',
      '/configuracoes/bancos/a1/editar',
    ]);
    expect(fillRoute('/contas-financeiras/{bankAccountId}/extrato-de-movimentacoes', 'bankAccountId', 'id 1')).toBe('/contas-financeiras/id%201/extrato-de-movimentacoes');
    const inputs = Object.entries(SCREENS).map(([key, s]) => ({ key, route: s.route }));
    expect(screenOfPath(inputs, '/contas-financeiras')).toBe('bank-accounts');
    expect(screenOfPath(inputs, '/contas-financeiras/lista')).toBe('bank-accounts');
    expect(screenOfPath(inputs, '/nada')).toBeUndefined();
  });

  describe('nested screens', () => {
    const acls = { base: '/configuracoes/aplicacoes/{applicationId}/acls', idParam: 'applicationAclId', parent: { param: 'applicationId', field: 'applicationId', screen: 'applications' } };

    it('turns {param} segments of the base into react-router parameters', () => {
      const { routes, redirects } = screenRouteTable([
        { key: 'applications', route: { base: '/configuracoes/aplicacoes', idParam: 'applicationId' } },
        { key: 'application-acls', route: acls },
        { key: 'companies', route: { base: '/empresas/{companyTypeId}', idParam: 'companyId', list: '/lista', parent: { param: 'companyTypeId', field: 'companyTypeId' } } },
      ]);
      expect(routes.filter((r) => r.screen !== 'applications').map((r) => `${r.kind} ${r.path}`)).toEqual([
        'list /configuracoes/aplicacoes/:applicationId/acls',
        'add /configuracoes/aplicacoes/:applicationId/acls/adicionar',
        'view /configuracoes/aplicacoes/:applicationId/acls/:applicationAclId',
        'edit /configuracoes/aplicacoes/:applicationId/acls/:applicationAclId/editar',
        'list /empresas/:companyTypeId/lista',
        'add /empresas/:companyTypeId/adicionar',
        'view /empresas/:companyTypeId/:companyId',
        'edit /empresas/:companyTypeId/:companyId/editar',
      ]);
      expect(redirects).toEqual({ '/empresas/:companyTypeId': '/empresas/:companyTypeId/lista' });
      expect(routeShape('/empresas/:companyTypeId/:companyId')).toBe(routeShape('/empresas/:a/:b'));
    });

    it("lets a nested base's redirect win over a parts-less screen's view route at the same path", () => {
      const { routes, redirects } = screenRouteTable([
        { key: 'companies-by-type', route: { base: '/empresas', idParam: 'companyTypeId' } },
        { key: 'companies', route: { base: '/empresas/{companyTypeId}', idParam: 'companyId', list: '/lista', parent: { param: 'companyTypeId', field: 'companyTypeId' } } },
      ]);
      expect(redirects).toEqual({ '/empresas/:companyTypeId': '/empresas/:companyTypeId/lista' });
      expect(routes.filter((r) => routeShape(r.path) === '/empresas/:')).toEqual([]);
      expect(routes.map((r) => `${r.kind} ${r.path}`)).toContain('view /empresas/:companyTypeId/:companyId');
    });

    it('fills the parent params into the paths, or gives none while one is unknown', () => {
      const p = screenPaths(acls, { applicationId: 'a/1' });
      expect([p.list, p.add, p.view('b2'), p.edit('b2')]).toEqual([
        '/configuracoes/aplicacoes/a%2F1/acls',
        '/configuracoes/aplicacoes/a%2F1/acls/adicionar',
        '/configuracoes/aplicacoes/a%2F1/acls/b2',
        '/configuracoes/aplicacoes/a%2F1/acls/b2/editar',
      ]);
      expect(tryScreenPaths(acls, {})).toBeUndefined();
      expect(() => screenPaths(acls)).toThrow('Rota /configuracoes/aplicacoes/{applicationId}/acls: faltam os parâmetros {applicationId}.');
      expect(templateParams('/a/{xId}/b/{yId}')).toEqual(['xId', 'yId']);
      expect(fillTemplate('/a/{xId}/b/{yId}', { xId: '1' })).toBeUndefined();
    });

    it('takes the parent id of a record from its parent field', () => {
      expect(paramsOfRecord(acls, {}, { id: 'b2', applicationId: 'a1' })).toEqual({ applicationId: 'a1' });
      expect(paramsOfRecord(acls, { applicationId: 'a0' }, { id: 'b2', applicationId: 'a1' })).toEqual({ applicationId: 'a0' });
      expect(paramsOfRecord(acls, {}, { id: 'b2' })).toEqual({});
      expect(tryScreenPaths(acls, paramsOfRecord(acls, {}, { applicationId: 'a1' }))?.view('b2')).toBe('/configuracoes/aplicacoes/a1/acls/b2');
    });

    it('fills action routes and row links with route params, the id and row values', () => {
      expect(fillRoute('/configuracoes/aplicacoes/{applicationId}/acls/{applicationAclId}/items', { applicationId: 'a1', applicationAclId: 'b 2' })).toBe('/configuracoes/aplicacoes/a1/acls/b%202/items');
      expect(fillRoute('/empresas/{id}', { id: 'c1' })).toBe('/empresas/c1');
      expect(fillRoute('/x/{unknown}', { id: 'c1' })).toBe('/x/{unknown}');
    });
  });
});
