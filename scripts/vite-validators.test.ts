import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ValidateFunction } from 'ajv';
import { resourceFromValidators } from '../src/engine/schema/resource-validation.ts';
import { fieldKey } from '../src/engine/schema/schema-key.ts';
import type { ResourceSchema } from '../src/engine/schema/types.ts';
import { moduleCode } from './vite-validators.ts';

const DIR = path.resolve(import.meta.dirname, '../.tmp/validators-test');

const schema: ResourceSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'contracts',
  title: 'Contrato',
  type: 'object',
  'x-resource': { name: 'contracts', service: 'supply-management', path: 'contracts', titlePlural: 'Contratos', labelField: 'number' },
  properties: {
    number: { type: 'string', title: 'Número' },
    startDate: { type: 'string', title: 'Início', format: 'date' },
    endDate: { type: ['string', 'null'], title: 'Fim', format: 'date', formatMinimum: { $data: '1/startDate' } },
    firstMonth: { type: ['string', 'null'], title: 'Competência', format: 'competence', formatMinimum: '2026-01' },
    total: { type: 'integer', title: 'Valor total', format: 'money' },
    advance: { type: ['integer', 'null'], title: 'Adiantamento', format: 'money', maximum: { $data: '1/total' } },
  },
  required: ['number', 'startDate', 'total'],
  additionalProperties: false,
};

afterAll(() => rmSync(DIR, { recursive: true, force: true }));

describe('precompiled validators (the browser, CSP without unsafe-eval)', () => {
  it('run cross-field rules ($data, formatMinimum) from standalone code, with the same messages as the server', async () => {
    const code = moduleCode(schema);
    expect(code).not.toMatch(/new Function|eval\(/);
    mkdirSync(DIR, { recursive: true });
    const file = path.join(DIR, `contracts-${process.pid}.mjs`);
    writeFileSync(file, code);
    const mod = (await import(/* @vite-ignore */ file)) as Record<string, ValidateFunction>;
    const compiled = resourceFromValidators(schema, { check: mod.full, field: (name) => mod[`f_${fieldKey(schema.properties[name], (schema.required ?? []).includes(name))}`] });
    const base = { number: 'C-1', startDate: '2026-03-01', total: 100 };
    expect(compiled.validate({ ...base, endDate: '2026-03-02', advance: 100, firstMonth: '2026-01' })).toBeNull();
    expect(compiled.validate({ ...base, endDate: '2026-02-28', advance: 101, firstMonth: '2025-12' })).toEqual({
      endDate: ['Deve ser igual ou posterior ao campo "Início".'],
      firstMonth: ['Deve ser igual ou posterior a 01/2026.'],
      advance: ['Deve ser menor ou igual ao campo "Valor total".'],
    });
    expect(compiled.validateField('endDate', '2026-02-30')).toEqual(['Data inválida.']);
  });
});
