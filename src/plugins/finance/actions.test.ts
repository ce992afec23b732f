import { describe, expect, it } from 'vitest';
import { FINANCE_ACTION_KEYS } from './actions.ts';
import { financeActions } from './workflow-actions.ts';

describe('finance actions', () => {
  it('registers at start exactly the keys the lazy handlers implement', () => {
    expect([...FINANCE_ACTION_KEYS].sort()).toEqual(Object.keys(financeActions).sort());
  });
});
