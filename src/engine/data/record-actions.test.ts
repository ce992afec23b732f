import { describe, expect, it } from 'vitest';
import { actionDisplay } from './record-actions.ts';

describe('actionDisplay', () => {
  it('shows allowed actions, hides those that do not apply, disables those blocked now with the reason', () => {
    expect(actionDisplay({ allowed: true })).toEqual({ show: true, disabled: false });
    expect(actionDisplay({ allowed: false, code: 'scope', reason: 'x' })).toEqual({ show: false });
    expect(actionDisplay({ allowed: false, code: 'status', reason: 'x' })).toEqual({ show: false });
    expect(actionDisplay({ allowed: false, code: 'not-yours', reason: 'x' })).toEqual({ show: false });
    expect(actionDisplay({ allowed: false, code: 'approval-queue', reason: 'Na fila.' })).toEqual({ show: true, disabled: true, reason: 'Na fila.' });
    expect(actionDisplay({ allowed: false })).toEqual({ show: false });
    expect(actionDisplay(undefined)).toEqual({ show: false });
  });
});
