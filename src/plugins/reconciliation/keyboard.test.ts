import { describe, expect, it } from 'vitest';
import { lineKeyAction, withActive, type KeyLine } from './keyboard.ts';

const line = (id: string, status: KeyLine['status'] = 'PENDENTE', suggestions: unknown[] = []): KeyLine => ({ id, status, suggestions });
const LINES = [line('a', 'CONCILIADO'), line('b', 'PENDENTE', [{}]), line('c', 'IGNORADO'), line('d'), line('e', 'CONCILIADO')];
const can = { canAct: true, busy: false };

describe('lineKeyAction', () => {
  it('moves with the arrows and stops at the edges', () => {
    expect(lineKeyAction('ArrowDown', LINES, 'a', can)).toEqual({ type: 'move', index: 1 });
    expect(lineKeyAction('ArrowUp', LINES, 'b', can)).toEqual({ type: 'move', index: 0 });
    expect(lineKeyAction('ArrowUp', LINES, 'a', can)).toEqual({ type: 'move', index: 0 });
    expect(lineKeyAction('ArrowDown', LINES, 'e', can)).toEqual({ type: 'move', index: 4 });
    expect(lineKeyAction('End', LINES, 'a', can)).toEqual({ type: 'move', index: 4 });
    expect(lineKeyAction('Home', LINES, 'd', can)).toEqual({ type: 'move', index: 0 });
  });

  it('starts from the first line when the active one is not in the list', () => {
    expect(lineKeyAction('ArrowDown', LINES, 'gone', can)).toEqual({ type: 'move', index: 1 });
    expect(lineKeyAction('ArrowDown', LINES, null, can)).toEqual({ type: 'move', index: 1 });
  });

  it('P goes to the next pending line, or nowhere', () => {
    expect(lineKeyAction('p', LINES, 'a', can)).toEqual({ type: 'move', index: 1 });
    expect(lineKeyAction('P', LINES, 'b', can)).toEqual({ type: 'move', index: 3 });
    expect(lineKeyAction('p', LINES, 'd', can)).toBeNull();
  });

  it('Enter accepts only a pending line with a suggestion, when allowed and idle', () => {
    expect(lineKeyAction('Enter', LINES, 'b', can)).toEqual({ type: 'accept', index: 1 });
    expect(lineKeyAction('Enter', LINES, 'd', can)).toBeNull();
    expect(lineKeyAction('Enter', LINES, 'a', can)).toBeNull();
    expect(lineKeyAction('Enter', LINES, 'b', { canAct: false, busy: false })).toBeNull();
    expect(lineKeyAction('Enter', LINES, 'b', { canAct: true, busy: true })).toBeNull();
  });

  it('Espaço marks a pending line when allowed', () => {
    expect(lineKeyAction(' ', LINES, 'd', can)).toEqual({ type: 'toggle', index: 3 });
    expect(lineKeyAction(' ', LINES, 'c', can)).toBeNull();
    expect(lineKeyAction(' ', LINES, 'd', { canAct: false, busy: false })).toBeNull();
  });

  it('ignores other keys and an empty list', () => {
    expect(lineKeyAction('x', LINES, 'a', can)).toBeNull();
    expect(lineKeyAction('ArrowDown', [], null, can)).toBeNull();
  });
});

describe('withActive', () => {
  it('adds the active index to the rendered range, in order', () => {
    expect(withActive([10, 11, 12], 3)).toEqual([3, 10, 11, 12]);
    expect(withActive([10, 11, 12], 40)).toEqual([10, 11, 12, 40]);
    expect(withActive([10, 11, 12], 11)).toEqual([10, 11, 12]);
    expect(withActive([0, 1], -1)).toEqual([0, 1]);
  });
});
