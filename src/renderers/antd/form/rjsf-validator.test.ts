import { describe, expect, it } from 'vitest';
import { compileResource } from '../../../engine/schema/resource.ts';
import type { RJSFSchema } from '@rjsf/utils';
import type { ResourceSchema } from '../../../engine/schema/types.ts';
import { createRjsfValidator, toErrorSchema } from './rjsf-validator.ts';

const schema: ResourceSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'accounts',
  title: 'Conta',
  type: 'object',
  'x-resource': { name: 'accounts', service: 'commons', path: 'accounts', titlePlural: 'Contas', labelField: 'name' },
  properties: {
    name: { type: 'string', title: 'Nome', maxLength: 5, 'x-unique': true },
    cnpj: { type: ['string', 'null'], title: 'CNPJ', format: 'cnpj' },
    balance: { type: 'integer', title: 'Saldo', format: 'money', minimum: 0 },
    opened: { type: 'string', title: 'Abertura', format: 'date' },
  },
  required: ['name'],
  additionalProperties: false,
};

describe('createRjsfValidator (no schema compiler: CSP without unsafe-eval)', () => {
  const compiled = compileResource(schema);
  const validator = createRjsfValidator(() => compiled);

  it('gives the same pt-BR messages as the server validator, nested as RJSF expects', () => {
    const body = { name: 'abcdefg', cnpj: '12ABC34501DE36', balance: -5, opened: '2026-02-30' };
    const { errorSchema, errors } = validator.validateFormData(body, schema as RJSFSchema);
    const server = compiled.validate(body);
    expect(server).toEqual({
      name: ['Deve ter no máximo 5 caracteres.'],
      cnpj: ['CNPJ inválido.'],
      balance: ['Valor mínimo: R$\u00a00,00.'],
      opened: ['Data inválida.'],
    });
    for (const [field, messages] of Object.entries(server ?? {})) expect((errorSchema as Record<string, { __errors?: string[] }>)[field]?.__errors).toEqual(messages);
    expect(errors.map((e) => e.property)).toEqual(['.name', '.cnpj', '.balance', '.opened']);
    expect(toErrorSchema({ 'items.0.amount': ['x'] })).toEqual({ items: { 0: { amount: { __errors: ['x'] } } } });
  });

  it('without a resource for the schema (form sections), RJSF itself reports nothing: ResourceForm validates', () => {
    expect(createRjsfValidator().validateFormData({ name: "abcdefg" }, schema as RJSFSchema)).toEqual({ errors: [], errorSchema: {} });
  });

  it('isValid picks oneOf options and if branches by interpretation, formats included', () => {
    const rjsf = createRjsfValidator();
    expect(rjsf.isValid(schema as RJSFSchema, { name: 'abc', cnpj: '12ABC34501DE35', balance: 0, opened: '2024-02-29' }, schema as RJSFSchema)).toBe(true);
    expect(rjsf.isValid(schema as RJSFSchema, { name: 'abc', cnpj: '12ABC34501DE36' }, schema as RJSFSchema)).toBe(false);
    expect(rjsf.isValid(schema as RJSFSchema, {}, schema as RJSFSchema)).toBe(false);
    const options = { oneOf: [{ properties: { kind: { const: 'pf' } }, required: ['kind'] }, { properties: { kind: { const: 'pj' } }, required: ['kind'] }] };
    expect(rjsf.isValid(options.oneOf[1] as never, { kind: 'pj' }, options as never)).toBe(true);
    expect(rjsf.isValid(options as never, { kind: 'pj' }, options as never)).toBe(true);
    expect(rjsf.isValid(options as never, { kind: 'x' }, options as never)).toBe(false);
    // Built from JSON: a literal `then` key would make a thenable object.
    const cond = JSON.parse('{"if":{"properties":{"a":{"const":1}}},"then":{"required":["b"]},"else":{"required":["c"]}}');
    expect(rjsf.isValid(cond as never, { a: 1, b: 2 }, cond as never)).toBe(true);
    expect(rjsf.isValid(cond as never, { a: 2, b: 2 }, cond as never)).toBe(false);
    const ref = { $defs: { n: { type: 'integer', minimum: 3 } }, properties: { n: { $ref: '#/$defs/n' } } };
    expect(rjsf.isValid(ref as never, { n: 2 }, ref as never)).toBe(false);
    expect(rjsf.isValid(ref as never, { n: 4 }, ref as never)).toBe(true);
  });
});
