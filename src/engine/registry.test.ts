import { describe, expect, it } from 'vitest';
import { and, createRegistry, formatIs, hasRef, NOT_APPLICABLE, rankWith, requestedIs, typeIs, type FieldContext } from './registry.ts';

const ctx = (schema: FieldContext['schema'], requested?: string): FieldContext => ({ schema, path: 'x', requested });

describe('registry', () => {
  const make = () =>
    createRegistry<string, FieldContext>([
      { name: 'text', tester: rankWith(1, typeIs('string')), component: 'Text' },
      { name: 'money', tester: rankWith(10, and(typeIs('integer'), formatIs('money'))), component: 'Money' },
      { name: 'ref', tester: rankWith(10, hasRef), component: 'Ref' },
      { name: 'by-name', tester: rankWith(100, requestedIs('status')), component: 'Status' },
    ]);

  it('picks the highest rank and returns undefined when nobody applies', () => {
    const r = make();
    expect(r.resolve(ctx({ type: 'string' }))?.component).toBe('Text');
    expect(r.resolve(ctx({ type: 'integer', format: 'money' }))?.component).toBe('Money');
    expect(r.resolve(ctx({ type: 'string', 'x-ref': 'banks' }))?.component).toBe('Ref');
    expect(r.resolve(ctx({ type: 'string' }, 'status'))?.component).toBe('Status');
    expect(r.resolve(ctx({ type: 'boolean' }))).toBeUndefined();
  });

  it('lets a later entry of equal rank override, and unregister restore the default', () => {
    const r = make();
    const off = r.register({ name: 'plugin-money', tester: rankWith(10, formatIs('money')), component: 'PluginMoney' });
    expect(r.resolve(ctx({ type: 'integer', format: 'money' }))?.component).toBe('PluginMoney');
    off();
    expect(r.resolve(ctx({ type: 'integer', format: 'money' }))?.component).toBe('Money');
  });

  it('treats negative ranks as not applicable', () => {
    const r = createRegistry<string, FieldContext>([{ name: 'never', tester: () => NOT_APPLICABLE, component: 'X' }]);
    expect(r.resolve(ctx({ type: 'string' }))).toBeUndefined();
  });
});
