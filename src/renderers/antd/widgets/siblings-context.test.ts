import { describe, expect, it } from 'vitest';
import { fillFrom } from './siblings-context.ts';

describe('fillFrom (x-fill)', () => {
  it('maps the picked record to sibling fields, leaving siblings alone where the record has nothing', () => {
    const map = { description: 'name', unit: 'unit', unitPrice: 'referencePrice' };
    expect(fillFrom(map, { id: 'p1', name: 'Papel A4 75 g', unit: 'RESMA', referencePrice: 2590 })).toEqual({ description: 'Papel A4 75 g', unit: 'RESMA', unitPrice: 2590 });
    expect(fillFrom(map, { id: 'p2', name: 'Consultoria', unit: 'H', referencePrice: null })).toEqual({ description: 'Consultoria', unit: 'H' });
    expect(fillFrom(map, undefined)).toEqual({});
  });
});
