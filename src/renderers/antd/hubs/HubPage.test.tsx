import { screen as dom, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../tests/fixtures/render-screen.tsx';
import { metadata } from '../../../react/metadata.ts';
import { HubScreen } from './HubPage.tsx';

const cardLinks = () => dom.queryAllByRole('listitem').map((li) => within(li).getByRole('link'));

describe('hub page (hubs/configuracoes.json)', () => {
  it('shows every section and card, each a link with icon, title and description, to the SystemOwner', async () => {
    renderScreen(<HubScreen path="/configuracoes" />, { url: '/configuracoes' });
    expect(await dom.findByRole('heading', { level: 1, name: 'Configurações' })).toBeTruthy();
    const hub = metadata.hubs.configuracoes;
    expect(dom.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(hub.sections.map((s) => s.title));
    const cards = hub.sections.flatMap((s) => s.cards);
    expect(cardLinks().map((a) => a.getAttribute('href'))).toEqual(cards.map((c) => c.path));
    const bancos = dom.getByRole('link', { name: /^Bancos/ });
    expect(bancos.textContent).toContain(cards.find((c) => c.path === '/configuracoes/bancos')!.description);
  });

  it('shows only the cards the user may create on, and drops empty sections', async () => {
    const permissions = { resources: [{ name: 'banks', scopes: ['create', 'read'] }, { name: 'ledger-accounts', scopes: ['read'] }], acls: [] };
    renderScreen(<HubScreen path="/configuracoes" />, { url: '/configuracoes', accessLevel: 'User', permissions: permissions as never });
    await dom.findByRole('heading', { level: 1, name: 'Configurações' });
    expect(dom.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Cadastros']);
    expect(cardLinks().map((a) => a.getAttribute('href'))).toEqual(['/configuracoes/bancos']);
  });

  it('says so when the user may see no card', async () => {
    renderScreen(<HubScreen path="/configuracoes/configuracoes" />, { url: '/configuracoes/configuracoes', accessLevel: 'User', permissions: { resources: [], acls: [] } });
    expect(await dom.findByText(/não tem acesso a nenhum módulo/)).toBeTruthy();
    expect(cardLinks()).toEqual([]);
  });

  it('is the 404 page for a path that is no hub', async () => {
    renderScreen(<HubScreen path="/nada" />, { url: '/nada' });
    expect(await dom.findByText('Page Not Found')).toBeTruthy();
  });
});
