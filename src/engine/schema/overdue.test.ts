import { describe, expect, it } from 'vitest';
import { loadMetadata } from './load-metadata.ts';
import type { ResourceSchema } from './types.ts';

/** `x-overdue` (docs/schemas.md §5): what the loader accepts and refuses. */
const schema: ResourceSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'test-bills',
  title: 'Conta',
  type: 'object',
  'x-resource': { name: 'test-bills', service: 'accounts-payable', path: 'test-bills', titlePlural: 'Contas', labelField: 'title' },
  properties: {
    title: { type: 'string', title: 'Título' },
    dueDate: { type: 'string', title: 'Vencimento', format: 'date' },
    status: { type: 'string', title: 'Situação', oneOf: [{ const: 'ABERTO', title: 'Aberto' }, { const: 'PAGO', title: 'Pago' }], readOnly: true },
    overdue: { type: 'boolean', title: 'Vencida', readOnly: true, 'x-overdue': { date: 'dueDate', unless: ['PAGO'] } },
  },
  additionalProperties: false,
};

const problems = (s: unknown) => {
  try {
    loadMetadata({ 'schemas/test-bills.schema.json': s } as never);
    return [];
  } catch (e) {
    return (e as { problems: { pointer: string; message: string }[] }).problems.map((p) => `${p.pointer}: ${p.message}`);
  }
};

describe('x-overdue in schema files', () => {
  it('accepts a read-only boolean over a date field and statuses of the record', () => {
    expect(problems(schema)).toEqual([]);
  });

  it('names a missing or non-date field, an unknown status and a field that is not a read-only boolean', () => {
    const bad = structuredClone(schema) as ResourceSchema & { properties: Record<string, Record<string, unknown>> };
    bad.properties.overdue = { type: 'string', title: 'Vencida', 'x-overdue': { date: 'title', unless: ['QUITADO'] } };
    expect(problems(bad)).toEqual([
      '/properties/overdue/x-overdue: um campo x-overdue é booleano e "readOnly": true (o banco o calcula na leitura)',
      '/properties/overdue/x-overdue/date: campo "title" não é uma data (format "date")',
      '/properties/overdue/x-overdue/unless/0: status "QUITADO" não existe; use um de: ABERTO, PAGO',
    ]);
    bad.properties.overdue = { type: 'boolean', title: 'Vencida', readOnly: true, 'x-overdue': { date: 'vencimento', unless: ['PAGO'] } };
    expect(problems(bad)).toEqual(['/properties/overdue/x-overdue/date: campo "vencimento" não existe em properties']);
  });

  it('refuses a malformed spec', () => {
    const bad = structuredClone(schema) as ResourceSchema & { properties: Record<string, Record<string, unknown>> };
    bad.properties.overdue['x-overdue'] = { date: 'dueDate' } as never;
    expect(problems(bad).join('\n')).toMatch(/x-overdue/);
  });
});
