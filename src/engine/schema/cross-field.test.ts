import { describe, expect, it } from 'vitest';
import { loadMetadata } from './load-metadata.ts';
import { MetadataError } from './metadata-error.ts';
import { compileResource } from './resource.ts';
import type { ResourceSchema } from './types.ts';

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** A supplier contract: cross-field rules in JSON only (docs/schemas.md §3.5). */
const contracts = (): ResourceSchema => ({
  $schema: DIALECT,
  $id: 'contracts',
  title: 'Contrato',
  type: 'object',
  'x-resource': { name: 'contracts', service: 'supply-management', path: 'contracts', titlePlural: 'Contratos', labelField: 'number' },
  properties: {
    number: { type: 'string', title: 'Número' },
    startDate: { type: 'string', title: 'Início da vigência', format: 'date' },
    endDate: { type: ['string', 'null'], title: 'Fim da vigência', format: 'date', formatMinimum: { $data: '1/startDate' } },
    signedAt: { type: ['string', 'null'], title: 'Assinado em', format: 'date-time' },
    firstMonth: { type: ['string', 'null'], title: 'Primeira competência', format: 'competence', formatMinimum: '2026-01' },
    total: { type: 'integer', title: 'Valor total', format: 'money', minimum: 0 },
    advance: { type: ['integer', 'null'], title: 'Adiantamento', format: 'money', minimum: 0, maximum: { $data: '1/total' } },
    renewal: { type: 'string', title: 'Renovação', oneOf: [{ const: 'NENHUMA', title: 'Nenhuma' }, { const: 'AUTOMATICA', title: 'Automática' }] },
    noticeDays: { type: ['integer', 'null'], title: 'Aviso prévio (dias)', minimum: 1 },
    items: {
      type: 'array',
      title: 'Parcelas',
      items: {
        type: 'object',
        title: 'Parcela',
        properties: {
          from: { type: 'string', title: 'De', format: 'date' },
          to: { type: 'string', title: 'Até', format: 'date', formatExclusiveMinimum: { $data: '1/from' }, 'x-messages': { formatExclusiveMinimum: 'A parcela termina depois de começar.' } },
        },
        required: ['from', 'to'],
        additionalProperties: false,
      },
    },
  },
  required: ['number', 'startDate', 'total', 'renewal'],
  additionalProperties: false,
  // As the file says it (a `then` key in a TS literal reads as a thenable to the linter).
  allOf: [JSON.parse('{ "$comment": "Renovação automática pede o aviso prévio.", "if": { "properties": { "renewal": { "const": "AUTOMATICA" } }, "required": ["renewal"] }, "then": { "required": ["noticeDays"] } }')],
});

describe('cross-field rules ($data, formatMinimum, if/then)', () => {
  const c = compileResource(contracts());
  const base = { number: 'C-1', startDate: '2026-03-01', total: 10000, renewal: 'NENHUMA' };

  it('accepts a body that keeps every comparison', () => {
    expect(c.validate({ ...base, endDate: '2026-03-01', advance: 10000, firstMonth: '2026-01', items: [{ from: '2026-03-01', to: '2026-03-02' }] })).toBeNull();
    expect(c.validate({ ...base, endDate: null, advance: null })).toBeNull();
  });

  it('names the other field in pt-BR, at the field that breaks the rule', () => {
    expect(c.validate({ ...base, endDate: '2026-02-28', advance: 10001 })).toEqual({
      endDate: ['Deve ser igual ou posterior ao campo "Início da vigência".'],
      advance: ['Deve ser menor ou igual ao campo "Valor total".'],
    });
  });

  it('compares fields of the same line item, with x-messages overriding', () => {
    expect(c.validate({ ...base, items: [{ from: '2026-03-01', to: '2026-04-01' }, { from: '2026-03-05', to: '2026-03-05' }] })).toEqual({
      'items.1.to': ['A parcela termina depois de começar.'],
    });
  });

  it('a fixed date limit reads as people read it', () => {
    expect(c.validate({ ...base, firstMonth: '2025-12' })).toEqual({ firstMonth: ['Deve ser igual ou posterior a 01/2026.'] });
  });

  it('a comparison with an empty or invalid other field adds nothing (the other field reports itself)', () => {
    expect(c.validate({ ...base, startDate: undefined, endDate: '2020-01-01' })).toEqual({ startDate: ['Campo obrigatório.'] });
    expect(c.validate({ ...base, startDate: '2026-02-30', endDate: '2020-01-01' })).toEqual({ startDate: ['Data inválida.'] });
  });

  it('"required when" through if/then', () => {
    expect(c.validate({ ...base, renewal: 'AUTOMATICA' })).toEqual({ noticeDays: ['Campo obrigatório.'] });
    expect(c.validate({ ...base, renewal: 'AUTOMATICA', noticeDays: 30 })).toBeNull();
  });

  it('a field validated alone skips comparisons with fields it does not see (per keystroke)', () => {
    expect(c.validateField('endDate', '2020-01-01')).toBeNull();
    expect(c.validateField('endDate', '2020-02-30')).toEqual(['Data inválida.']);
  });
});

describe('check:metadata on cross-field rules and reference filters', () => {
  const problems = (schema: ResourceSchema, extra: Record<string, unknown> = {}) => {
    try {
      loadMetadata({ 'schemas/contracts.schema.json': schema, ...extra });
      return [];
    } catch (e) {
      return (e as MetadataError).problems.map((p) => `${p.pointer}: ${p.message}`);
    }
  };

  it('accepts the valid file', () => expect(problems(contracts())).toEqual([]));

  it('reports a comparison with a missing, incompatible or malformed field', () => {
    const s = contracts();
    s.properties.endDate.formatMinimum = { $data: '1/startDat' };
    s.properties.advance.maximum = { $data: '1/startDate' };
    s.properties.signedAt.formatMaximum = { $data: '1/startDate' };
    expect(problems(s)).toEqual([
      '/properties/endDate/formatMinimum/$data: campo "startDat" não existe neste objeto',
      '/properties/signedAt/formatMaximum/$data: formatMaximum compara valores do mesmo formato: "startDate" tem format "date", "signedAt" tem "date-time"',
      '/properties/advance/maximum/$data: maximum compara números: "advance" e "startDate" devem ser numéricos (integer/number)',
    ]);
    const t = contracts();
    t.properties.endDate.formatMinimum = { $data: '/startDate' };
    t.properties.number.formatMinimum = '2026-01-01';
    expect(problems(t)).toEqual([
      '/properties/number: formatMinimum/formatMaximum comparam datas: a propriedade precisa de "format" (date, date-time ou competence)',
      '/properties/endDate/formatMinimum: use uma data canônica (AAAA-MM-DD) ou { "$data": "1/<campo de data vizinho>" }',
    ]);
  });
});
