import { describe, expect, it } from 'vitest';
import { compileResource } from './resource.ts';
import { createRjsfValidator } from './rjsf-validator.ts';
import type { ResourceSchema } from './types.ts';

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

describe('createRjsfValidator', () => {
  const validator = createRjsfValidator();

  it('gives the same pt-BR messages as the server validator', () => {
    const body = { name: 'abcdefg', cnpj: '12ABC34501DE36', balance: -5, opened: '2026-02-30' };
    const { errorSchema } = validator.validateFormData(body, schema);
    const server = compileResource(schema).validate(body);
    for (const [field, messages] of Object.entries(server ?? {})) {
      expect((errorSchema as Record<string, { __errors?: string[] }>)[field]?.__errors).toEqual(messages);
    }
    expect(server).toEqual({
      name: ['Deve ter no máximo 5 caracteres.'],
      cnpj: ['CNPJ inválido.'],
      balance: ['Valor mínimo: R$\u00a00,00.'],
      opened: ['Data inválida.'],
    });
  });

  it('accepts valid data, x- keywords included, and validates repeatedly with the same $id', () => {
    const ok = { name: 'abc', cnpj: '12ABC34501DE35', balance: 0, opened: '2024-02-29' };
    expect(validator.validateFormData(ok, schema).errors).toEqual([]);
    expect(validator.validateFormData(ok, schema).errors).toEqual([]);
    expect(validator.isValid(schema, ok, schema)).toBe(true);
  });

  it('reports required fields as "Campo obrigatório."', () => {
    const { errors } = validator.validateFormData({}, schema);
    expect(errors.map((e) => [e.property, e.message])).toEqual([['name', 'Campo obrigatório.']]);
  });
});
