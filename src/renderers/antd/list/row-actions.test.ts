import { describe, expect, it } from 'vitest';
import type { ScreenFile } from '../../../engine/schema/screen-types.ts';
import { registerListAction } from './action-registry.ts';
import { recordActionsFor, rowActionsFor } from './row-actions.ts';

const screen: ScreenFile = {
  resource: 'payables',
  route: { base: '/contas-a-pagar/lancamentos', idParam: 'payableId' },
  list: {
    columns: [{ field: 'description' }],
    rowActions: ['view', { key: 'test.approve', label: 'Aprovar', scope: 'approve', when: { field: 'status', op: 'eq', value: 'ABERTO' } }],
  },
  view: {
    actions: [
      { key: 'test.approve', label: 'Aprovar', scope: 'approve', when: { field: 'status', op: 'eq', value: 'ABERTO' } },
      { key: 'test.unregistered', label: 'Sem plugin', scope: 'read' },
      { key: 'statement', label: 'Extrato', scope: 'read', to: '/contas-a-pagar/lancamentos/{payableId}/extrato' },
    ],
  },
} as unknown as ScreenFile;

describe('record page actions (view.actions)', () => {
  registerListAction('test.approve', { run: async () => {} });
  const all = { can: () => true };

  it('resolve like row actions: scope, `when` on the record, registered plugin keys, routes with the id', () => {
    const open = { id: 'a1', version: 1, status: 'ABERTO' };
    expect(recordActionsFor(screen, open, all).map((a) => [a.key, a.plugin ?? a.to])).toEqual([
      ['test.approve', 'test.approve'],
      ['statement', '/contas-a-pagar/lancamentos/a1/extrato'],
    ]);
    expect(recordActionsFor(screen, { ...open, status: 'RASCUNHO' }, all).map((a) => a.key)).toEqual(['statement']);
    expect(recordActionsFor(screen, open, { can: (scope) => scope === 'read' }).map((a) => a.key)).toEqual(['statement']);
    // The same action in the list gives the same answer.
    expect(rowActionsFor(screen, open, all).map((a) => a.key)).toEqual(['view', 'test.approve']);
  });

  it('an action naming another permission is checked there, not on the screen', () => {
    const reverse = { ...screen, view: { actions: [{ key: 'test.approve', label: 'Estornar', scope: 'authorize', permission: 'payment-queue' }] } } as unknown as ScreenFile;
    const record = { id: 'a1', version: 1 };
    expect(recordActionsFor(reverse, record, { can: () => true })).toEqual([]);
    expect(recordActionsFor(reverse, record, { can: () => false, canOn: (p, s) => p === 'payment-queue' && s === 'authorize' }).map((a) => a.key)).toEqual(['test.approve']);
  });

  it('a screen without view actions has none', () => {
    expect(recordActionsFor({ ...screen, view: {} } as ScreenFile, { id: 'a1', version: 1 }, all)).toEqual([]);
  });
});
