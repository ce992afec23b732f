import { describe, expect, it } from 'vitest';
import { FORMATS, FORMAT_NAMES } from '../../formats/registry.ts';
import { X_KEYWORD_NAMES } from '../keywords.ts';
import resourceMeta from './resource-schema.meta.json' with { type: 'json' };

describe('resource meta-schema', () => {
  type Rule = { if: { properties: { format: { enum: string[] } } } };
  const keywords = resourceMeta.$defs.keywords as unknown as { properties: { format: { enum: string[] } } & Record<string, unknown>; allOf: Rule[] };

  it('allows exactly the formats of the registry', () => {
    expect(keywords.properties.format.enum).toEqual(FORMAT_NAMES);
  });

  it('asks each format for the JSON type the registry applies it to', () => {
    const stringRule = keywords.allOf[2].if.properties.format.enum;
    const strings = FORMAT_NAMES.filter((n) => FORMATS[n].type === 'string');
    expect(stringRule).toEqual(strings);
    expect(keywords.allOf[0].if.properties.format.enum).toEqual(['money']);
    expect(keywords.allOf[1].if.properties.format.enum).toEqual(['percent']);
  });

  it('knows every property-level x- keyword that ajv registers', () => {
    const propertyLevel = X_KEYWORD_NAMES.filter((k) => k !== 'x-resource');
    expect(propertyLevel.every((k) => k in keywords.properties)).toBe(true);
  });
});
