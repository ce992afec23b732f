import { describe, expect, it } from 'vitest';
import { metadataTrim, withoutComments } from './vite-metadata-trim.ts';

describe('metadata trim (client build)', () => {
  it('drops every $comment, at any depth, and keeps the rest as it was', () => {
    const schema = { $comment: 'nota', title: 'Banco', properties: { code: { $comment: 'x', type: 'string', oneOf: [{ const: 'A', $comment: 'y' }] } } };
    expect(withoutComments(schema)).toEqual({ title: 'Banco', properties: { code: { type: 'string', oneOf: [{ const: 'A' }] } } });
    expect(schema.$comment).toBe('nota');
  });

  it('rewrites only the metadata JSON files', () => {
    const transform = metadataTrim().transform as (code: string, id: string) => { code: string } | undefined;
    expect(JSON.parse(transform('{"$comment":"n","a":1}', '/app/schemas/banks.schema.json')!.code)).toEqual({ a: 1 });
    expect(JSON.parse(transform('{"$comment":"n"}', '/app/screens/banks/screen.json?import')!.code)).toEqual({});
    expect(transform('{"$comment":"n"}', '/app/src/engine/config/app-config.schema.json')).toBeUndefined();
  });
});
