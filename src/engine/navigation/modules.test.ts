import { describe, expect, it } from 'vitest';
import type { AppParams } from '../config/app-config.ts';
import { buildNavigation, flattenNavigation, privateModulePaths } from './modules.ts';

const params: AppParams = {
  composables: {
    useModuleNavigation: {
      groups: [
        { key: 'fin', title: 'Financeiro', order: 20 },
        { key: 'compras', title: 'Compras', order: 10 },
        { key: 'adm', title: 'Administração', order: 30 },
      ],
      modules: [
        { key: 'quotes', title: 'Cotações', path: '/cotacoes', resourceName: 'quotes', group: 'compras', order: 2 },
        { key: 'orders', title: 'Pedidos', path: '/pedidos', resourceName: 'orders', group: 'compras', order: 1 },
        { key: 'payables', title: 'Contas a Pagar', path: '/contas-a-pagar', resourceName: 'payables', group: 'fin', order: 3 },
        {
          key: 'app', title: 'Aplicação', path: '/configuracoes/aplicacao', group: 'adm', order: 4,
          children: [{ key: 'res', title: 'Recursos', path: '/configuracoes/aplicacao/recursos', resourceName: 'application-resources' }],
        },
        { key: 'me', title: 'Minha Conta', path: '/minha-conta', order: 5 },
        { key: 'help', title: 'Ajuda', path: '/ajuda', order: 6, isPublic: true },
      ],
    },
  },
};

const titles = (groups: ReturnType<typeof buildNavigation>) => groups.map((g) => [g.title, g.items.map((i) => i.title)]);

describe('buildNavigation', () => {
  it('shows only modules with create scope, groups in order, empty groups removed, resource-less modules always', () => {
    const perms = { resources: [{ name: 'orders', scopes: ['create'] }, { name: 'quotes', scopes: ['read'] }], acls: [] };
    expect(titles(buildNavigation(params, { accessLevel: 'User' }, perms))).toEqual([
      ['', ['Minha Conta', 'Ajuda']],
      ['Compras', ['Pedidos']],
    ]);
  });

  it('matches ACLs and camelCase names too', () => {
    const perms = { resources: [{ name: 'applicationResources', scopes: ['create'] }], acls: [{ name: 'payables', scopes: ['create'] }] };
    const groups = buildNavigation(params, { accessLevel: 'User' }, perms);
    expect(titles(groups)).toEqual([
      ['', ['Minha Conta', 'Ajuda']],
      ['Financeiro', ['Contas a Pagar']],
      ['Administração', ['Aplicação']],
    ]);
    expect(groups[2].items[0].children?.map((c) => c.title)).toEqual(['Recursos']);
  });

  it('gives SystemOwner everything, ordered', () => {
    const groups = buildNavigation(params, { accessLevel: 'SystemOwner' }, null);
    expect(flattenNavigation(groups).map((i) => i.title)).toEqual(['Minha Conta', 'Ajuda', 'Pedidos', 'Cotações', 'Contas a Pagar', 'Recursos']);
  });

  it('lists private module paths', () => {
    expect(privateModulePaths(params)).toEqual(['/cotacoes', '/pedidos', '/contas-a-pagar', '/configuracoes/aplicacao', '/configuracoes/aplicacao/recursos', '/minha-conta']);
  });
});
