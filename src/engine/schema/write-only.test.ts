import { describe, expect, it } from 'vitest';
import { checkResource } from './check-resource.ts';
import type { ResourceSchema } from './types.ts';

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

function tokens(patch: (s: ResourceSchema) => void = () => undefined): ResourceSchema {
  const s = {
    $schema: DIALECT,
    $id: 'tokens',
    title: 'Token',
    type: 'object',
    'x-resource': { name: 'tokens', service: 'finance-reporting', path: 'tokens', titlePlural: 'Tokens', labelField: 'name' },
    properties: {
      name: { type: 'string', title: 'Nome' },
      secret: { type: 'string', title: 'Segredo', minLength: 8, writeOnly: true },
    },
    required: ['name'],
    additionalProperties: false,
  } as ResourceSchema;
  patch(s);
  return s;
}

const problems = (s: ResourceSchema) => checkResource('tokens', s, new Set(['tokens'])).problems.map((p) => `${p.pointer}: ${p.message}`);

describe('writeOnly (secrets)', () => {
  it('accepts a top-level optional secret and validates it like any string', () => {
    const { problems: found, compiled } = checkResource('tokens', tokens(), new Set(['tokens']));
    expect(found).toEqual([]);
    expect(compiled!.validate({ name: 'API', secret: 'curto' })).toEqual({ secret: [expect.stringContaining('8')] });
    expect(compiled!.writable).toContain('secret');
  });

  it('refuses a secret that names, finds, sorts or is required for records', () => {
    const s = tokens((x) => {
      x['x-resource'].labelField = 'secret';
      x['x-resource'].searchFields = ['name', 'secret'];
      x['x-resource'].defaultSort = '-secret';
      x.required = ['name', 'secret'];
    });
    expect(problems(s)).toEqual([
      '/x-resource/labelField: campo "secret" é writeOnly (segredo): a API nunca o devolve',
      '/x-resource/searchFields/1: campo "secret" é writeOnly (segredo): a API nunca o devolve',
      '/x-resource/defaultSort: campo "secret" é writeOnly (segredo): a API nunca o devolve',
      '/required/1: campo "secret" é writeOnly: não pode ser obrigatório (ao editar, vazio mantém o valor gravado)',
    ]);
  });

  it('refuses readOnly + writeOnly, an indexed secret and secrets inside line items', () => {
    const s = tokens((x) => {
      Object.assign(x.properties.secret, { readOnly: true, 'x-unique': true });
      x.properties.lines = { type: 'array', title: 'Linhas', items: { type: 'object', properties: { pin: { type: 'string', title: 'PIN', writeOnly: true } }, additionalProperties: false } };
    });
    expect(problems(s)).toEqual([
      '/properties/secret/writeOnly: um campo não pode ser readOnly e writeOnly ao mesmo tempo',
      '/properties/secret/writeOnly: um segredo não tem índice, unicidade nem referência',
      '/properties/lines/items/properties/pin/writeOnly: writeOnly só vale em campos do primeiro nível',
    ]);
  });
});

describe('writeOnly in screens', () => {
  it('keeps a secret out of list columns, filters, sorts, record pages and related lists; the form may ask for it', async () => {
    const { checkScreen } = await import('./check-screen.ts');
    const { compiled } = checkResource('tokens', tokens(), new Set(['tokens']));
    const screen = {
      resource: 'tokens',
      route: { base: '/tokens', idParam: 'tokenId' },
      list: { columns: [{ field: 'name' }, { field: 'secret' }], defaultSort: '-secret', filters: [{ field: 'secret', operator: 'eq' }] },
      form: { sections: [{ title: 'Token', fields: ['name', 'secret'] }] },
      view: { sections: [{ title: 'Token', fields: ['name', 'secret'] }], related: [{ resource: 'tokens', foreignKey: 'name', columns: ['secret'] }] },
    };
    const found = checkScreen('screens/tokens/screen.json', screen as never, { tokens: compiled! }).map((p) => p.pointer);
    expect(found).toEqual(expect.arrayContaining(['/list/columns/1/field', '/list/defaultSort', '/list/filters/0/field', '/view/sections/0/fields/1', '/view/related/0/columns/0']));
    expect(found).not.toContain('/form/sections/0/fields/1');
  });
});
