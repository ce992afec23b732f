import { describe, expect, it } from 'vitest';
import { compileResource } from './resource.ts';
import type { ResourceSchema } from './types.ts';

const schema: ResourceSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'widgets',
  title: 'Item',
  type: 'object',
  'x-resource': { name: 'widgets', service: 'commons', path: 'widgets', titlePlural: 'Itens', labelField: 'name' },
  properties: {
    name: { type: 'string', title: 'Nome', minLength: 1, maxLength: 120 },
    cnpj: { type: ['string', 'null'], title: 'CNPJ', format: 'cnpj' },
    price: { type: 'integer', title: 'Preço', format: 'money', minimum: 1 },
    agency: { type: 'string', title: 'Agência', pattern: '^\\d{4}$', 'x-messages': { pattern: 'Informe os 4 dígitos da agência.' } },
    kind: { type: 'string', title: 'Tipo', oneOf: [{ const: 'S', title: 'Sintético' }, { const: 'A', title: 'Analítico' }] },
    regime: { type: ['string', 'null'], title: 'Regime', oneOf: [{ const: 'MEI', title: 'MEI' }, { const: 'SIMPLES', title: 'Simples' }] },
    total: { type: 'integer', title: 'Total', format: 'money', readOnly: true },
    items: {
      type: 'array',
      title: 'Itens',
      items: {
        type: 'object',
        title: 'Item',
        additionalProperties: false,
        required: ['amount'],
        properties: { amount: { type: 'integer', title: 'Valor', format: 'money', minimum: 0 } },
      },
    },
  },
  required: ['name', 'price'],
  additionalProperties: false,
};

const widgets = compileResource(schema);

describe('compileResource().validate', () => {
  it('accepts a valid body', () => {
    expect(widgets.validate({ name: 'A', price: 100, cnpj: '12ABC34501DE35', kind: 'S', items: [{ amount: 0 }] })).toBeNull();
  });

  it('keys pt-BR messages by field path', () => {
    expect(
      widgets.validate({ name: 'x'.repeat(121), cnpj: '12ABC34501DE36', price: 0, extra: 1, items: [{ amount: -1 }, {}] }),
    ).toEqual({
      name: ['Deve ter no máximo 120 caracteres.'],
      cnpj: ['CNPJ inválido.'],
      price: ['Valor mínimo: R$\u00a00,01.'],
      extra: ['Campo não permitido.'],
      'items.0.amount': ['Valor mínimo: R$\u00a00,00.'],
      'items.1.amount': ['Campo obrigatório.'],
    });
  });

  it('reports missing, empty and null required fields as "Campo obrigatório."', () => {
    expect(widgets.validate({ name: '', price: null })).toEqual({ name: ['Campo obrigatório.'], price: ['Campo obrigatório.'] });
    expect(widgets.validate({})).toEqual({ name: ['Campo obrigatório.'], price: ['Campo obrigatório.'] });
  });

  it('collapses a failing labelled enum into one message and applies x-messages', () => {
    expect(widgets.validate({ name: 'A', price: 1, kind: 'X', agency: '12' })).toEqual({
      kind: ['Escolha uma das opções.'],
      agency: ['Informe os 4 dígitos da agência.'],
    });
  });

  it('partial (PATCH) skips top-level required but still checks what is sent', () => {
    expect(widgets.validate({ cnpj: null }, { partial: true })).toBeNull();
    expect(widgets.validate({ price: 'dez' }, { partial: true })).toEqual({ price: ['Deve ser um número inteiro.'] });
    expect(widgets.validate({ items: [{}] }, { partial: true })).toEqual({ 'items.0.amount': ['Campo obrigatório.'] });
  });

  it('ignores system and readOnly fields instead of rejecting them', () => {
    const echoed = { id: 'x', version: 3, createdAt: 'ontem', total: 'abc', name: 'A', price: 1 };
    expect(widgets.validate(echoed)).toBeNull();
    expect(widgets.toWritable(echoed)).toEqual({ name: 'A', price: 1 });
  });

  it('rejects a body that is not an object under $', () => {
    expect(widgets.validate([1])).toEqual({ $: ['Deve ser um objeto.'] });
    expect(widgets.validate(null)).toEqual({ $: ['Deve ser um objeto.'] });
  });
});

describe('compileResource() helpers', () => {
  it('accepts a cleared optional choice (null) in the body and field by field, but not an unknown value', () => {
    expect(widgets.validate({ name: 'a', price: 1, agency: '0001', kind: 'S', regime: null })).toBeNull();
    expect(widgets.validateField('regime', null)).toBeNull();
    expect(widgets.validateField('regime', 'LUCRO')).toEqual(['Escolha uma das opções.']);
  });

  it('validates one field alone', () => {
    expect(widgets.validateField('cnpj', '11222333000181')).toBeNull();
    expect(widgets.validateField('cnpj', '11222333000182')).toEqual(['CNPJ inválido.']);
    expect(widgets.validateField('name', undefined)).toEqual(['Campo obrigatório.']);
    expect(widgets.validateField('nope', 1)).toEqual(['Campo não permitido.']);
  });

  it('normalizes typed input by format', () => {
    expect(widgets.normalize({ name: '  Banco  ', cnpj: '12.abc.345/01de-35', price: 'R$ 1.234,56', items: [{ amount: '0,50' }] })).toEqual({
      name: 'Banco',
      cnpj: '12ABC34501DE35',
      price: 123456,
      items: [{ amount: 50 }],
    });
  });

  it('lists writable fields and the record schema with system fields', () => {
    expect(widgets.writable).toEqual(['name', 'cnpj', 'price', 'agency', 'kind', 'regime', 'items']);
    expect(Object.keys(widgets.recordSchema.properties)).toEqual([
      'id', 'name', 'cnpj', 'price', 'agency', 'kind', 'regime', 'total', 'items', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy', 'version',
    ]);
  });

  it('fails to compile a schema with an unknown keyword or format (strict)', () => {
    const typo = { ...schema, properties: { ...schema.properties, name: { type: 'string', titel: 'Nome' } } } as unknown as ResourceSchema;
    expect(() => compileResource(typo)).toThrow(/unknown keyword: "titel"/);
    const fmt = { ...schema, properties: { ...schema.properties, name: { type: 'string', format: 'cnjp' } } } as unknown as ResourceSchema;
    expect(() => compileResource(fmt)).toThrow(/unknown format "cnjp"/);
    const bad = { ...schema, properties: { ...schema.properties, name: { type: 'string', 'x-unique': 'yes' } } } as unknown as ResourceSchema;
    expect(() => compileResource(bad)).toThrow(/x-unique/);
    const req = { ...schema, required: ['nmae'] } as ResourceSchema;
    expect(() => compileResource(req)).toThrow('widgets: /required/0: campo obrigatório "nmae" não está em properties');
  });
});

describe('conditional rules (allOf if/then/else)', () => {
  const accounts = compileResource({
    ...schema,
    properties: { ...schema.properties, kind: { type: 'string', title: 'Tipo', enum: ['CAIXA', 'BANCO'] }, bankId: { type: ['string', 'null'], title: 'Banco', format: 'uuid' } },
    // Parsed from text: a literal `then` key makes the object "thenable" for the linter.
    allOf: [JSON.parse('{ "if": { "properties": { "kind": { "const": "CAIXA" } }, "required": ["kind"] }, "then": {}, "else": { "required": ["bankId"] } }')],
  });

  it('requires a field only when the condition says so, without if-noise', () => {
    expect(accounts.validate({ name: 'Caixa', price: 1, kind: 'CAIXA' })).toBeNull();
    expect(accounts.validate({ name: 'Conta', price: 1, kind: 'BANCO' })).toEqual({ bankId: ['Campo obrigatório.'] });
  });

  it('reads an optional field sent as null as empty: a conditional requirement still applies', () => {
    expect(accounts.validate({ name: 'Conta', price: 1, kind: 'BANCO', bankId: null })).toEqual({ bankId: ['Campo obrigatório.'] });
    expect(accounts.validate({ name: 'Caixa', price: 1, kind: 'CAIXA', bankId: null })).toBeNull();
  });

  it('refuses a conditional required name that is not a property', () => {
    const rule = JSON.parse('{ "if": { "required": ["price"] }, "then": { "required": ["bnakId"] } }');
    expect(() => compileResource({ ...schema, allOf: [rule] })).toThrow(
      'widgets: /allOf/0/then/required/0: campo obrigatório "bnakId" não está em properties',
    );
  });
});
