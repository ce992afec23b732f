import type { ScreenFile } from '../../../../engine/schema/screen-types.ts';
import type { PropertySchema, ResourceSchema } from '../../../../engine/schema/types.ts';

/** Ten kinds of field, repeated: the mix of a real finance form (text, money, dates, options, documents…). */
const KINDS: ((n: number) => PropertySchema)[] = [
  (n) => ({ type: 'string', title: `Descrição ${n}`, minLength: 1, maxLength: 120 }),
  (n) => ({ type: 'integer', title: `Valor ${n}`, format: 'money', minimum: 0 }),
  (n) => ({ type: ['string', 'null'], title: `Vencimento ${n}`, format: 'date' }),
  (n) => ({ type: 'string', title: `Situação ${n}`, oneOf: [{ const: 'A', title: 'Aberto' }, { const: 'P', title: 'Pago' }, { const: 'C', title: 'Cancelado' }] }),
  (n) => ({ type: ['string', 'null'], title: `CPF ${n}`, format: 'cpf' }),
  (n) => ({ type: ['integer', 'null'], title: `Parcelas ${n}`, minimum: 1, maximum: 120 }),
  (n) => ({ type: 'boolean', title: `Ativo ${n}` }),
  (n) => ({ type: ['string', 'null'], title: `E-mail ${n}`, format: 'email' }),
  (n) => ({ type: ['number', 'null'], title: `Desconto ${n}`, format: 'percent', minimum: 0, maximum: 100 }),
  (n) => ({ type: ['string', 'null'], title: `Código ${n}`, pattern: '^\\d{1,4}(\\.\\d{1,4})*$', 'x-messages': { pattern: 'Use números separados por ponto.' } }),
];

const pad = (n: number) => String(n).padStart(3, '0');
const names = Array.from({ length: 100 }, (_, i) => `campo${pad(i + 1)}`);

/** A 100-field resource schema (not a real resource: no API, no table) for the form benchmark. */
export const FORM_100_SCHEMA: ResourceSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'bench-form-100',
  title: 'Formulário de 100 campos',
  type: 'object',
  'x-resource': { name: 'bench-form-100', service: 'commons', path: 'bench-form-100', titlePlural: 'Formulários de 100 campos', labelField: 'campo001' },
  properties: Object.fromEntries(names.map((name, i) => [name, KINDS[i % KINDS.length](i + 1)])),
  required: names.filter((_, i) => i % 10 === 0 || i % 10 === 1),
  additionalProperties: false,
};

/** Ten sections of ten fields, two columns, with one rule (cancelled hides the due date of each block). */
export const FORM_100_SCREEN: ScreenFile = {
  resource: 'bench-form-100',
  route: { base: '/dev/form-100', idParam: 'formId' },
  form: {
    sections: Array.from({ length: 10 }, (_, s) => ({ title: `Bloco ${s + 1}`, columns: 2 as const, fields: names.slice(s * 10, s * 10 + 10) })),
    rules: Array.from({ length: 10 }, (_, s) => ({
      when: { field: names[s * 10 + 3], op: 'eq' as const, value: 'C' },
      effect: 'hide' as const,
      fields: [names[s * 10 + 2]],
    })),
  },
};
