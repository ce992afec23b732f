import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { screenRouteTable } from '../../engine/routes/route-table.ts';

/**
 * Nested screens live under their parent's `/:id` (docs/screens.md §2.1). react-router ranks static segments
 * above dynamic ones, so `/:applicationId/acls` and `/:applicationId/editar` both beat a plain `/:id/...`.
 */
describe('nested screen routes in react-router', () => {
  const table = screenRouteTable([
    { key: 'applications', route: { base: '/configuracoes/aplicacoes', idParam: 'applicationId' } },
    {
      key: 'application-acls',
      route: { base: '/configuracoes/aplicacoes/{applicationId}/acls', idParam: 'applicationAclId', parent: { param: 'applicationId', field: 'applicationId', screen: 'applications' } },
    },
    {
      key: 'application-acl-items',
      route: {
        base: '/configuracoes/aplicacoes/{applicationId}/acls/{applicationAclId}/items',
        idParam: 'applicationAclItemId',
        parent: { param: 'applicationAclId', field: 'applicationAclId', screen: 'application-acls' },
      },
    },
    { key: 'company-types', route: { base: '/empresas', idParam: 'companyTypeId' }, parts: { list: true, form: true, view: false } },
    { key: 'companies', route: { base: '/empresas/{companyTypeId}', idParam: 'companyId', list: '/lista', parent: { param: 'companyTypeId', field: 'companyTypeId', screen: 'company-types' } } },
  ]);
  const routes: RouteObject[] = [
    ...table.routes.map((r) => ({ path: r.path, id: `${r.screen} ${r.kind}` })),
    ...Object.keys(table.redirects).map((from) => ({ path: from, id: `redirect ${from}` })),
    { path: '*', id: 'not found' },
  ];
  const resolve = (url: string) => {
    const m = matchRoutes(routes, url)?.at(-1);
    return m ? `${m.route.id} ${JSON.stringify(m.params)}` : 'none';
  };

  it('resolves the parent pages and the child pages under the same :applicationId', () => {
    expect(resolve('/configuracoes/aplicacoes/a1')).toBe('applications view {"applicationId":"a1"}');
    expect(resolve('/configuracoes/aplicacoes/a1/editar')).toBe('applications edit {"applicationId":"a1"}');
    expect(resolve('/configuracoes/aplicacoes/adicionar')).toBe('applications add {}');
    expect(resolve('/configuracoes/aplicacoes/a1/acls')).toBe('application-acls list {"applicationId":"a1"}');
    expect(resolve('/configuracoes/aplicacoes/a1/acls/adicionar')).toBe('application-acls add {"applicationId":"a1"}');
    expect(resolve('/configuracoes/aplicacoes/a1/acls/b2')).toBe('application-acls view {"applicationId":"a1","applicationAclId":"b2"}');
    expect(resolve('/configuracoes/aplicacoes/a1/acls/b2/editar')).toBe('application-acls edit {"applicationId":"a1","applicationAclId":"b2"}');
    expect(resolve('/configuracoes/aplicacoes/a1/acls/b2/items')).toBe('application-acl-items list {"applicationId":"a1","applicationAclId":"b2"}');
    expect(resolve('/configuracoes/aplicacoes/a1/acls/b2/items/c3/editar')).toBe(
      'application-acl-items edit {"applicationId":"a1","applicationAclId":"b2","applicationAclItemId":"c3"}',
    );
    expect(resolve('/configuracoes/aplicacoes/a1/outra-coisa')).toBe('not found {"*":"configuracoes/aplicacoes/a1/outra-coisa"}');
  });

  it('sends a list-less parent row to the child base, which redirects to its list', () => {
    expect(resolve('/empresas')).toBe('company-types list {}');
    expect(resolve('/empresas/adicionar')).toBe('company-types add {}');
    expect(resolve('/empresas/t1')).toBe('redirect /empresas/:companyTypeId {"companyTypeId":"t1"}');
    expect(table.redirects['/empresas/:companyTypeId']).toBe('/empresas/:companyTypeId/lista');
    expect(resolve('/empresas/t1/lista')).toBe('companies list {"companyTypeId":"t1"}');
    expect(resolve('/empresas/t1/adicionar')).toBe('companies add {"companyTypeId":"t1"}');
    expect(resolve('/empresas/t1/c9')).toBe('companies view {"companyTypeId":"t1","companyId":"c9"}');
    expect(resolve('/empresas/t1/c9/editar')).toBe('companies edit {"companyTypeId":"t1","companyId":"c9"}');
  });
});
