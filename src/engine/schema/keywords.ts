import type { KeywordDefinition } from 'ajv';

const kebab = { type: 'string', pattern: '^[a-z][a-z0-9]*(-[a-z0-9]+)*$' };
const field = { type: 'string', pattern: '^[a-z][a-zA-Z0-9]*$' };

/**
 * Our `x-` keywords, registered in ajv as annotations: they never fail a value, but ajv checks their own
 * shape when it compiles a schema (a typo such as `"x-unique": "yes"` fails at load time) and strict mode
 * rejects any other unknown keyword. Meaning of each: docs/schemas.md.
 */
export const X_KEYWORDS: KeywordDefinition[] = [
  { keyword: 'x-resource', metaSchema: { type: 'object' } },
  { keyword: 'x-ref', metaSchema: kebab },
  {
    keyword: 'x-ref-filter',
    metaSchema: {
      type: 'object',
      minProperties: 1,
      propertyNames: { pattern: '^[a-z][a-zA-Z0-9]*(\\.[a-z][a-zA-Z0-9]*)?$' },
      additionalProperties: { anyOf: [{ type: ['string', 'number', 'boolean'] }, { type: 'array', items: { type: ['string', 'number', 'boolean'] }, minItems: 1 }] },
    },
  },
  { keyword: 'x-fill', metaSchema: { type: 'object', minProperties: 1, additionalProperties: field } },
  { keyword: 'x-unique', metaSchema: { anyOf: [{ type: 'boolean' }, { type: 'array', items: field, minItems: 1 }] } },
  { keyword: 'x-index', metaSchema: { type: 'boolean' } },
  { keyword: 'x-readonly-after', metaSchema: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, minItems: 1 }] } },
  { keyword: 'x-immutable', metaSchema: { type: 'boolean' } },
  { keyword: 'x-label', metaSchema: { type: 'string', minLength: 1 } },
  { keyword: 'x-file', metaSchema: { enum: [true, 'image'] } },
  {
    keyword: 'x-computed',
    metaSchema: {
      type: 'object',
      minProperties: 1,
      maxProperties: 1,
      additionalProperties: false,
      properties: {
        product: { type: 'array', items: field, minItems: 2 },
        sum: { type: 'array', items: { type: 'string', pattern: '^-?[a-z][a-zA-Z0-9]*(\\[\\]\\.[a-z][a-zA-Z0-9]*)?$' }, minItems: 1 },
      },
    },
  },
  {
    keyword: 'x-overdue',
    metaSchema: {
      type: 'object',
      required: ['date', 'unless'],
      additionalProperties: false,
      properties: { date: field, unless: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 } },
    },
  },
  { keyword: 'x-money-when', metaSchema: { type: 'object', minProperties: 1, propertyNames: field, additionalProperties: { type: 'array', items: { type: ['string', 'integer'], minLength: 1 }, minItems: 1 } } },
  { keyword: 'x-total', metaSchema: { type: 'boolean' } },
  { keyword: 'x-messages', metaSchema: { type: 'object', additionalProperties: { type: 'string', minLength: 1 } } },
];

export const X_KEYWORD_NAMES = X_KEYWORDS.map((k) => k.keyword as string);
