import { isValidCnpj as libIsValidCnpj } from '@brazilian-utils/brazilian-utils/is-valid-cnpj';
import { isValidCpf as libIsValidCpf } from '@brazilian-utils/brazilian-utils/is-valid-cpf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cnpj, cnpjCheckDigits, isValidCnpj, maskCnpj } from './cnpj.ts';
import { cpfCnpj, maskCpfCnpj } from './cpf-cnpj.ts';
import { cpf, isValidCpf, maskCpf } from './cpf.ts';
import { cep } from './cep.ts';
import { alnum, digits, validCnpj, validCpf } from '../../../tests/fixtures/format-arbitraries.ts';


describe('cpf', () => {
  it('checks the test vectors', () => {
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('11111111111')).toBe(false);
    expect(isValidCpf('52998224724')).toBe(false);
    expect(isValidCpf('529.982.247-25')).toBe(false); // canonical form only; normalize first
    expect(cpf.normalize('529.982.247-25')).toBe('52998224725');
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('5299')).toBe('529.9');
  });

  it('agrees with brazilian-utils on any 11 digits', () => {
    fc.assert(fc.property(fc.oneof(digits(11), validCpf), (v) => {
      expect(isValidCpf(v)).toBe(libIsValidCpf(v));
    }));
  });

  it('rejects any changed check digit of a valid CPF', () => {
    fc.assert(
      fc.property(validCpf, fc.integer({ min: 9, max: 10 }), fc.integer({ min: 1, max: 9 }), (v, i, delta) => {
        const changed = v.slice(0, i) + ((Number(v[i]) + delta) % 10) + v.slice(i + 1);
        expect(isValidCpf(changed)).toBe(false);
      }),
    );
  });

  it('judges a CPF with one changed base digit exactly like the Receita Federal rule', () => {
    // A changed base digit is usually caught, but not always: remainders 0 and 1 both give check digit 0,
    // so a change can keep both check digits. An independent implementation of the rule is the oracle.
    const dv = (base: number[]) => {
      const sum = base.reduce((acc, d, k) => acc + d * (base.length + 1 - k), 0);
      const r = 11 - (sum % 11);
      return r >= 10 ? 0 : r;
    };
    const reference = (value: string) => {
      const d = [...value].map(Number);
      if (new Set(d).size === 1) return false;
      const first = dv(d.slice(0, 9));
      return first === d[9] && dv([...d.slice(0, 9), first]) === d[10];
    };
    fc.assert(
      fc.property(validCpf, fc.nat(8), fc.integer({ min: 1, max: 9 }), (v, i, delta) => {
        const changed = v.slice(0, i) + ((Number(v[i]) + delta) % 10) + v.slice(i + 1);
        expect(isValidCpf(changed)).toBe(reference(changed));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('cnpj (numeric and alphanumeric)', () => {
  it('checks the test vectors', () => {
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    expect(isValidCnpj('12ABC34501DE36')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('12abc34501de35')).toBe(false); // uppercase is canonical
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(cnpj.normalize('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(maskCnpj('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });

  it('agrees with brazilian-utils (version 2) on any 14 characters', () => {
    fc.assert(fc.property(fc.oneof(alnum(12).chain((b) => digits(2).map((d) => b + d)), validCnpj), (v) => {
      expect(isValidCnpj(v)).toBe(libIsValidCnpj(v, { version: 2 }));
    }));
  });

  it('never accepts letters in the check digits', () => {
    fc.assert(fc.property(validCnpj, fc.constantFrom(...'ABCXZ'), (v, c) => {
      expect(isValidCnpj(v.slice(0, 13) + c)).toBe(false);
    }));
  });
});

describe('cpf-cnpj', () => {
  it('accepts either and masks by what was typed', () => {
    expect(cpfCnpj.validate('52998224725')).toBe(true);
    expect(cpfCnpj.validate('12ABC34501DE35')).toBe(true);
    expect(cpfCnpj.validate('5299822472')).toBe(false);
    expect(maskCpfCnpj('52998224725')).toBe('529.982.247-25');
    expect(maskCpfCnpj('112223330001')).toBe('11.222.333/0001');
    expect(maskCpfCnpj('12A')).toBe('12.A');
  });
});

describe('cep', () => {
  it('is 8 digits without check digit', () => {
    expect(cep.validate('01001000')).toBe(true);
    expect(cep.validate('01001-000')).toBe(false);
    expect(cep.validate('00000000')).toBe(false);
    expect(cep.normalize('01001-000')).toBe('01001000');
    expect(cep.mask('01001000')).toBe('01001-000');
  });
});
