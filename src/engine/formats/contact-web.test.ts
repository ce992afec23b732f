import { describe, expect, it } from 'vitest';
import { email, isValidBrPhone, maskPhone, normalizePhone, phone } from './contact.ts';
import { isUri, isUuid, uuid } from './web.ts';

describe('phone (DDD + number)', () => {
  it('accepts landlines and mobiles with a real DDD', () => {
    expect(isValidBrPhone('1130000000')).toBe(true);
    expect(isValidBrPhone('11987654321')).toBe(true);
    expect(isValidBrPhone('2130000000')).toBe(true);
    expect(isValidBrPhone('2030000000')).toBe(false); // DDD 20 does not exist
    expect(isValidBrPhone('1190000000')).toBe(false); // landlines start with 2–5
    expect(isValidBrPhone('11687654321')).toBe(false); // mobiles start with 7–9 (Anatel 749/2022)
    expect(isValidBrPhone('+5511987654321')).toBe(false); // canonical has no country code
  });

  it('masks and normalizes', () => {
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('1130000000')).toBe('(11) 3000-0000');
    expect(maskPhone('1198')).toBe('(11) 98');
    expect(normalizePhone('+55 (11) 98765-4321')).toBe('11987654321');
    expect(normalizePhone('0055 11 3000-0000')).toBe('1130000000');
    expect(normalizePhone('(011) 3000-0000')).toBe('1130000000');
    expect(normalizePhone('ramal 20')).toBe('ramal 20');
    for (const v of ['11987654321', '1130000000']) expect(phone.normalize(phone.mask(v))).toBe(v);
  });
});

describe('email, uri, uuid', () => {
  it('validates e-mail and lowercases it', () => {
    expect(email.validate('fulano@empresa.com.br')).toBe(true);
    expect(email.validate('fulano@empresa')).toBe(false);
    expect(email.validate('fulano.@empresa.com')).toBe(false);
    expect(email.validate(`${'a'.repeat(250)}@x.com`)).toBe(false);
    expect(email.normalize('  Fulano@Empresa.COM ')).toBe('fulano@empresa.com');
  });

  it('validates absolute URIs', () => {
    expect(isUri('https://viacep.com.br/ws/01001000/json/')).toBe(true);
    expect(isUri('mailto:a@b.com')).toBe(true);
    expect(isUri('viacep.com.br')).toBe(false);
    expect(isUri('https://exa mple.com')).toBe(false);
    expect(isUri('http://')).toBe(false);
  });

  it('validates lowercase UUIDs', () => {
    expect(isUuid('123e4567-e89b-12d3-a456-426614174000')).toBe(true);
    expect(isUuid('123E4567-E89B-12D3-A456-426614174000')).toBe(false);
    expect(uuid.normalize('123E4567-E89B-12D3-A456-426614174000')).toBe('123e4567-e89b-12d3-a456-426614174000');
    expect(isUuid('123e4567e89b12d3a456426614174000')).toBe(false);
  });
});
