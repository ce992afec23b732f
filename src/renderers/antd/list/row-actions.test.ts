import { describe, expect, it } from 'vitest';
import type { ScreenFile } from '../../../engine/schema/screen-types.ts';
import { registerListAction } from './action-registry.ts';
import type { ActionVerdict } from '../../../engine/data/record-actions.ts';
import { bulkActionsFor, recordActionsFor, rowActionsFor, type PageRights } from './row-actions.ts';

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

describe('allowed actions from the server (serverAction, architecture §12)', () => {
  registerListAction('test.authorize', { run: async () => {} });
  const gated = {
    ...screen,
    list: { columns: [{ field: 'description' }], rowActions: [{ key: 'test.authorize', label: 'Autorizar', scope: 'authorize', serverAction: 'authorize' }], bulkActions: [{ key: 'test.authorize', label: 'Autorizar', scope: 'authorize', serverAction: 'authorize' }] },
    view: { actions: [{ key: 'test.authorize', label: 'Autorizar', scope: 'authorize', serverAction: 'authorize' }] },
  } as unknown as ScreenFile;
  const rec = (id: string) => ({ id, version: 1 });
  const rights = (verdicts: Record<string, ActionVerdict>): PageRights => ({
    can: () => true,
    records: Object.fromEntries(Object.entries(verdicts).map(([id, v]) => [id, { read: true, update: true, delete: true, actions: { authorize: v } }])),
  });

  it('allowed: shown; refused for scope or status: hidden; blocked: disabled with the reason; unknown yet: hidden', () => {
    const r = rights({
      a: { allowed: true },
      b: { allowed: false, code: 'status', reason: 'Não é possível…' },
      c: { allowed: false, code: 'segregation', reason: 'Outra pessoa autoriza.' },
    });
    expect(rowActionsFor(gated, rec('a'), r)).toMatchObject([{ key: 'test.authorize' }]);
    expect(rowActionsFor(gated, rec('a'), r)[0].disabledReason).toBeUndefined();
    expect(rowActionsFor(gated, rec('b'), r)).toEqual([]);
    expect(recordActionsFor(gated, rec('c'), r)).toMatchObject([{ key: 'test.authorize', disabledReason: 'Outra pessoa autoriza.' }]);
    expect(recordActionsFor(gated, rec('d'), { can: () => true })).toEqual([]);
  });

  it('bulk: enabled when every selected row allows it, disabled with a count and the first reason when some do not, absent when none may', () => {
    const r = rights({ a: { allowed: true }, b: { allowed: true }, c: { allowed: false, code: 'segregation', reason: 'Outra pessoa autoriza.' }, d: { allowed: false, code: 'status', reason: 'x' } });
    expect(bulkActionsFor(gated, r, [rec('a'), rec('b')])).toMatchObject([{ key: 'test.authorize' }]);
    expect(bulkActionsFor(gated, r, [rec('a'), rec('b')])[0].disabledReason).toBeUndefined();
    expect(bulkActionsFor(gated, r, [rec('a'), rec('c')])[0].disabledReason).toBe('1 de 2 selecionados não podem seguir: Outra pessoa autoriza.');
    expect(bulkActionsFor(gated, r, [rec('d')])).toEqual([]);
    // Without a selection the action is offered (it decides whether the list has a selection column).
    expect(bulkActionsFor(gated, r)).toHaveLength(1);
  });
});
