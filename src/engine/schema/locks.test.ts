import { describe, expect, it } from 'vitest';
import { lockedFields, lockMessage, lockViolations, statusOrder } from './locks.ts';
import type { ResourceSchema } from './types.ts';

const schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'payables',
  title: 'Lançamento',
  type: 'object',
  'x-resource': { name: 'payables', service: 'accounts-payable', path: 'payables', titlePlural: 'Lançamentos', labelField: 'description' },
  properties: {
    organizationId: { type: 'string', title: 'Organização', format: 'uuid', 'x-ref': 'organizations', 'x-immutable': true },
    description: { type: 'string', title: 'Descrição' },
    amount: { type: 'integer', title: 'Valor', format: 'money', 'x-readonly-after': 'APROVADO' },
    notes: { type: 'string', title: 'Observações', 'x-readonly-after': ['CANCELADO'] },
    status: {
      type: 'string',
      title: 'Situação',
      oneOf: [
        { const: 'RASCUNHO', title: 'Rascunho' },
        { const: 'APROVADO', title: 'Aprovado' },
        { const: 'PAGO', title: 'Pago' },
        { const: 'CANCELADO', title: 'Cancelado' },
      ],
    },
  },
  additionalProperties: false,
} satisfies ResourceSchema;

describe('x-immutable and x-readonly-after', () => {
  it('orders statuses as the schema lists them', () => {
    expect(statusOrder(schema)).toEqual(['RASCUNHO', 'APROVADO', 'PAGO', 'CANCELADO']);
  });

  it('locks fields once the record reaches the status', () => {
    expect(lockedFields(schema, { status: 'RASCUNHO' })).toEqual(['organizationId']);
    expect(lockedFields(schema, { status: 'APROVADO' })).toEqual(['organizationId', 'amount']);
    expect(lockedFields(schema, { status: 'PAGO' })).toEqual(['organizationId', 'amount']);
    expect(lockedFields(schema, { status: 'CANCELADO' })).toEqual(['organizationId', 'amount', 'notes']);
  });

  it('reports only locked fields that the write changes', () => {
    const stored = { organizationId: 'a', amount: 100, notes: 'x', status: 'APROVADO' };
    expect(lockViolations(schema, stored, { amount: 100, notes: 'y' })).toBeNull();
    expect(lockViolations(schema, stored, { organizationId: 'b', amount: 200 })).toEqual({
      organizationId: ['Este campo não pode ser alterado depois de criado.'],
      amount: ['Este campo não pode mais ser alterado.'],
    });
  });

  it('says why with the property\'s x-messages["x-readonly-after"]', () => {
    const explained = { ...schema.properties.amount, 'x-messages': { 'x-readonly-after': 'Só no rascunho.' } };
    const withMessage = { ...schema, properties: { ...schema.properties, amount: explained } } as ResourceSchema;
    expect(lockMessage(explained)).toBe('Só no rascunho.');
    expect(lockMessage(schema.properties.organizationId)).toBe('Este campo não pode ser alterado depois de criado.');
    expect(lockViolations(withMessage, { amount: 100, status: 'APROVADO' }, { amount: 200 })).toEqual({ amount: ['Só no rascunho.'] });
  });
});
