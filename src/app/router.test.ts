import { describe, expect, it } from 'vitest';
import { guardShouldRun } from './router.tsx';

const u = (s: string) => new URL(s, 'http://localhost');

describe('guardShouldRun', () => {
  it('runs the guard when the path changes', () => {
    expect(guardShouldRun({ currentUrl: u('/contas-financeiras/lista'), nextUrl: u('/configuracoes/bancos') })).toBe(true);
    expect(guardShouldRun({ currentUrl: u('/configuracoes/bancos/'), nextUrl: u('/configuracoes/bancos') })).toBe(true);
  });
  it('skips it when only the query string changes (list filters, sort, page)', () => {
    expect(guardShouldRun({ currentUrl: u('/configuracoes/bancos?page=1'), nextUrl: u('/configuracoes/bancos?page=2&q=itau') })).toBe(false);
  });
});
