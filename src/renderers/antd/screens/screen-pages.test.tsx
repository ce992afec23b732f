import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rankWith } from '../../../engine/registry.ts';
import { screenRoutes } from '../screen-routes.tsx';
import { screenPages } from './screen-pages.ts';

describe('screen pages registry', () => {
  it('answers every kind with the generic pages', () => {
    expect(screenPages.resolve({ screen: 'banks', kind: 'list' })?.name).toBe('list');
    expect(screenPages.resolve({ screen: 'banks', kind: 'view' })?.name).toBe('view');
    expect(screenPages.resolve({ screen: 'banks', kind: 'add' })?.name).toBe('form');
    expect(screenPages.resolve({ screen: 'banks', kind: 'edit' })?.name).toBe('form');
  });

  it('lets a plugin replace one screen page by rank, when the route is visited', async () => {
    const undo = screenPages.register({
      name: 'test.banks-list',
      tester: rankWith(10, (c) => c.screen === 'banks' && c.kind === 'list'),
      component: async () => ({ default: () => <p>Lista de bancos do plugin</p> }),
    });
    try {
      const route = screenRoutes.find((r) => r.path === '/configuracoes/bancos')!;
      const { default: Page } = await route.load();
      render(<Page />);
      expect(screen.getByText('Lista de bancos do plugin')).toBeTruthy();
      expect(screenPages.resolve({ screen: 'cost-centers', kind: 'list' })?.name).toBe('list');
    } finally {
      undo();
    }
    expect(screenPages.resolve({ screen: 'banks', kind: 'list' })?.name).toBe('list');
  });
});
