import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../http/errors.ts';
import { fieldStates } from '../schema/conditions.ts';
import type { ScreenFile } from '../schema/screen-types.ts';
import type { ResourceSchema } from '../schema/types.ts';
import { errorsOf, serverFieldErrors, splitByField, toErrorTree } from './errors.ts';
import { createFormStore, type FormListener } from './form-store.ts';
import { defaultsOf, formSections, sectionSchema, submitBody } from './layout.ts';

const read = <T,>(p: string) => JSON.parse(readFileSync(p, 'utf8')) as T;
const accounts = read<ResourceSchema>('schemas/bank-accounts.schema.json');
const accountsScreen = read<ScreenFile>('screens/bank-accounts/screen.json');
const costCenters = read<ScreenFile>('screens/cost-centers/screen.json');

describe('form store', () => {
  it('notifies the changed keys with their writer, and tracks dirtiness against the baseline', () => {
    const store = createFormStore({ name: 'Itaú', agency: null });
    const seen = vi.fn<FormListener>();
    store.subscribe(seen);
    store.set({ name: 'Itaú', agency: '' }, 's1');
    expect(seen).toHaveBeenCalledWith(new Set(['agency']), 's1');
    expect(store.isDirty()).toBe(false); // null → '' is still empty
    store.set({ name: 'Itaú Matriz' });
    expect(store.isDirty()).toBe(true);
    expect(store.changedFields()).toEqual(['name']);
    store.markClean();
    expect(store.isDirty()).toBe(false);
    store.reset({ name: 'Outro' });
    expect([store.get(), store.isDirty()]).toEqual([{ name: 'Outro' }, false]);
  });
});

describe('form rules of the screen files', () => {
  it('hides the bank fields of a cash account and shows them again', () => {
    const rules = accountsScreen.form!.rules;
    expect([...fieldStates(rules, { type: 'CAIXA' }).hidden]).toEqual(['bankId', 'agency', 'agencyDigit', 'account', 'accountDigit', 'pixKey']);
    expect(fieldStates(rules, { type: 'CONTA_CORRENTE' }).hidden.size).toBe(0);
  });

  it('applies show/enable as the inverse of their condition', () => {
    const rules = [
      { when: { field: 'kind', op: 'eq' as const, value: 'PJ' }, effect: 'show' as const, fields: ['cnpj'] },
      { when: { field: 'locked', op: 'eq' as const, value: true }, effect: 'disable' as const, fields: ['amount'] },
      { when: { any: [{ field: 'status', op: 'in' as const, value: ['ABERTO'] }] }, effect: 'enable' as const, fields: ['dueDate'] },
    ];
    const s = fieldStates(rules, { kind: 'PF', locked: true, status: 'PAGO' });
    expect([[...s.hidden], [...s.disabled]]).toEqual([['cnpj'], ['amount', 'dueDate']]);
    const t = fieldStates(rules, { kind: 'PJ', locked: false, status: 'ABERTO' });
    expect([t.hidden.size, t.disabled.size]).toEqual([0, 0]);
  });

  it('hides the budget of a synthetic cost center', () => {
    expect(fieldStates(costCenters.form!.rules, { type: 'S' }).hidden).toEqual(new Set(['monthlyBudget']));
  });
});

describe('form layout and body', () => {
  it('takes the sections of the screen and builds each one’s schema without hidden fields', () => {
    const sections = formSections(accountsScreen.form, accounts);
    expect(sections.map((s) => [s.key, s.title, s.columns])).toEqual([['s0', 'Conta', 2], ['s1', 'Dados bancários', 3], ['s2', 'Saldo de abertura', 2]]);
    const s1 = sectionSchema(accounts, sections[1].fields, new Set(['pixKey']));
    expect(Object.keys(s1.properties!)).toEqual(['bankId', 'agency', 'agencyDigit', 'account', 'accountDigit']);
    expect(sectionSchema(accounts, sections[0].fields, new Set()).required).toEqual(['organizationId', 'name', 'type', 'active']);
  });

  it('falls back to one section with every writable field', () => {
    const [only] = formSections(undefined, accounts);
    expect(only.fields).toContain('openingBalanceDate');
    expect(only.title).toBe('Conta financeira');
  });

  it('starts a new record with the schema defaults', () => {
    expect(defaultsOf(accounts)).toEqual({ type: 'CONTA_CORRENTE', openingBalance: 0, allowNegativeBalance: false, active: true });
  });

  it('sends writable, visible fields: emptied optional ones as null, trimmed text', () => {
    const body = submitBody(accounts, { id: 'x', version: 2, name: '  Caixa  ', type: 'CAIXA', agency: '', bankId: 'b', pixKey: '', active: true }, new Set(['bankId', 'agency']));
    expect(body).toEqual({ name: 'Caixa', type: 'CAIXA', pixKey: null, active: true, agencyDigit: null, account: null, accountDigit: null, ledgerAccountId: null, overdraftLimit: null });
  });
});

describe('error mapping', () => {
  const errors = { name: ['Campo obrigatório.'], 'items.0.amount': ['Valor mínimo: R$ 0,01.'], $: ['Corpo inválido.'], bankId: ['Registro referenciado não encontrado.'] };

  it('builds RJSF’s error tree from dotted paths', () => {
    expect(toErrorTree(errors)).toEqual({
      name: { __errors: ['Campo obrigatório.'] },
      items: { 0: { amount: { __errors: ['Valor mínimo: R$ 0,01.'] } } },
      $: { __errors: ['Corpo inválido.'] },
      bankId: { __errors: ['Registro referenciado não encontrado.'] },
    });
  });

  it('puts inline only the errors of shown fields; the rest goes to the list', () => {
    const { inline, other } = splitByField(errors, new Set(['name', 'items']));
    expect(Object.keys(inline)).toEqual(['name', 'items.0.amount']);
    expect(other).toEqual({ $: ['Corpo inválido.'], bankId: ['Registro referenciado não encontrado.'] });
    expect(errorsOf(errors, ['items'])).toEqual({ 'items.0.amount': ['Valor mínimo: R$ 0,01.'] });
    expect(errorsOf(errors, ['type'])).toBeUndefined();
  });

  it('reads the errors of a 400 and ignores bodies without the spec shape', () => {
    const bad = new HttpError(400, 'Os dados enviados são inválidos.', { statusCode: 400, errors: { ispb: ['Informe os 8 dígitos do ISPB.'] } });
    expect(serverFieldErrors(bad)).toEqual({ ispb: ['Informe os 8 dígitos do ISPB.'] });
    expect(serverFieldErrors(new HttpError(400, 'x', { errors: { a: [] } }))).toBeNull();
    expect(serverFieldErrors(new HttpError(500, 'x', 'texto'))).toBeNull();
    expect(serverFieldErrors(new Error('x'))).toBeNull();
  });
});
