import { describe, expect, it } from 'vitest';
import type { EffectivePermissions } from '../access.ts';
import type { HubFile } from '../schema/hub-types.ts';
import type { ScreenFile } from '../schema/screen-types.ts';
import { cardResources, visibleHub } from './hubs.ts';

const screens: Record<string, ScreenFile> = {
  banks: { resource: 'banks', route: { base: '/configuracoes/bancos', idParam: 'bankId' }, list: { columns: [{ field: 'name' }] } },
  'bank-accounts': { resource: 'bank-accounts', permission: 'treasury', route: { base: '/contas-financeiras', idParam: 'bankAccountId', list: '/lista' }, list: { columns: [{ field: 'name' }] } },
};
const card = (title: string, path: string, extra: object = {}) => ({ title, description: `${title}.`, path, ...extra });
const hubs: Record<string, HubFile> = {
  configuracoes: {
    path: '/configuracoes',
    title: 'Configurações',
    sections: [
      { title: 'Cadastros', cards: [card('Bancos', '/configuracoes/bancos'), card('Contas', '/contas-financeiras')] },
      { title: 'Administração', cards: [card('Aplicação', '/configuracoes/aplicacao', { resource: ['applications', 'application-acls'], pluginPage: true }), card('Mais', '/configuracoes/mais')] },
      { title: 'Conta', cards: [card('Minha conta', '/minha-conta', { pluginPage: true })] },
    ],
  },
  mais: { path: '/configuracoes/mais', title: 'Mais', sections: [{ title: 'Mais', cards: [card('Bancos', '/configuracoes/bancos')] }] },
};
const user = { id: 'u1', accessLevel: 'User' };
const perms = (...names: string[]): EffectivePermissions => ({ resources: names.map((name) => ({ name, scopes: ['create', 'read'] })), acls: [] }) as EffectivePermissions;
const titles = (p: EffectivePermissions | null, u: { id: string; accessLevel: string } | null = user) =>
  visibleHub(hubs.configuracoes, { hubs, screens, user: u, permissions: p }).map((s) => `${s.title}: ${s.cards.map((c) => c.title).join(', ')}`);

describe('hub cards by permission (the menu rule)', () => {
  it('shows every card to the SystemOwner', () => {
    expect(titles(null, { id: 'u0', accessLevel: 'SystemOwner' })).toEqual(['Cadastros: Bancos, Contas', 'Administração: Aplicação, Mais', 'Conta: Minha conta']);
  });

  it('needs create on the screen permission; a card to a hub follows that hub; no resource always shows', () => {
    expect(titles(perms('banks'))).toEqual(['Cadastros: Bancos', 'Administração: Mais', 'Conta: Minha conta']);
    // bank-accounts uses its screen's permission name, not the resource.
    expect(titles(perms('bank-accounts'))).toEqual(['Conta: Minha conta']);
    expect(titles(perms('treasury', 'application-acls'))).toEqual(['Cadastros: Contas', 'Administração: Aplicação', 'Conta: Minha conta']);
  });

  it('reads only create: read alone hides the card', () => {
    const readOnly = { resources: [{ name: 'banks', scopes: ['read'] }], acls: [] } as unknown as EffectivePermissions;
    expect(titles(readOnly)).toEqual(['Conta: Minha conta']);
  });

  it('resolves a card’s resources from its screen or its own list', () => {
    expect(cardResources(card('Contas', '/contas-financeiras/lista'), screens)).toEqual(['treasury']);
    expect(cardResources(card('X', '/x', { resource: 'orders' }), screens)).toEqual(['orders']);
    expect(cardResources(card('X', '/x'), screens)).toBeUndefined();
  });
});
