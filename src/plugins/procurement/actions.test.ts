import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CREATE_FROM_ACTIONS, INVOICE_TRANSITIONS, ORDER_TRANSITIONS, PO_TRANSITIONS, QUOTE_TRANSITIONS, RECEIPT_TRANSITIONS } from '../../engine/procurement/status.ts';
import { PROCUREMENT_ACTION_KEYS } from './actions.ts';
import { procurementActions } from './workflow-actions.ts';

/** The keys the server declares per resource (its workflow actions and the "criar a partir de" steps, D56). */
const SERVER_KEYS: Record<string, string[]> = {
  orders: [...Object.keys(ORDER_TRANSITIONS), ...CREATE_FROM_ACTIONS.orders],
  quotes: [...Object.keys(QUOTE_TRANSITIONS), ...CREATE_FROM_ACTIONS.quotes],
  'purchase-orders': [...Object.keys(PO_TRANSITIONS), ...CREATE_FROM_ACTIONS['purchase-orders']],
  receipts: [...Object.keys(RECEIPT_TRANSITIONS), ...CREATE_FROM_ACTIONS.receipts],
  invoices: Object.keys(INVOICE_TRANSITIONS),
};

type Action = { key: string; serverAction?: string } | string;
const screenActions = (resource: string): Exclude<Action, string>[] => {
  const screen = JSON.parse(readFileSync(`screens/${resource}/screen.json`, 'utf8')) as { list: { rowActions?: Action[] }; view: { actions?: Action[] } };
  return [...(screen.list.rowActions ?? []), ...(screen.view.actions ?? [])].filter((a): a is Exclude<Action, string> => typeof a !== 'string');
};

describe('procurement actions', () => {
  it('registers at start exactly the keys the lazy handlers implement', () => {
    expect([...PROCUREMENT_ACTION_KEYS].sort()).toEqual(Object.keys(procurementActions).sort());
  });

  it('every action the screens name has a handler and is gated by a key the server declares', () => {
    for (const [resource, keys] of Object.entries(SERVER_KEYS)) {
      const actions = screenActions(resource);
      expect(actions.length).toBeGreaterThan(0);
      for (const a of actions) {
        expect(PROCUREMENT_ACTION_KEYS).toContain(a.key);
        expect(keys).toContain(a.serverAction);
      }
    }
  });
});
