import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bankLine, collectionLine } from '../../../tests/fixtures/format-arbitraries.ts';
import { FINANCE_MESSAGES } from '../../i18n/finance.ts';
import { bankLineToBarcode, collectionLineToBarcode } from './boleto-digits.ts';
import { checkBoleto, isValidBoletoLine, parseBoleto } from './boleto.ts';

const BB = '00190500954014481606906809350314337370000000100';
const COLLECTION = '846100000005246100291102005460339004695895061080';
const M = FINANCE_MESSAGES.boleto;
const mutate = (line: string, i: number, by: number) => line.slice(0, i) + ((Number(line[i]) + by) % 10) + line.slice(i + 1);

describe('checkBoleto: which block fails', () => {
  it('parses valid lines and barcodes (amount, due date, bank, barcode)', () => {
    expect(checkBoleto('00190.50095 40144.816069 06809.350314 3 37370000000100', { today: '2008-01-10' })).toEqual({
      ok: true,
      value: { kind: 'bank', line: BB, barcode: bankLineToBarcode(BB), bankCode: '001', amount: 100, dueDate: '2007-12-31', fator: 3737 },
    });
    expect(checkBoleto(collectionLineToBarcode(COLLECTION))).toMatchObject({ ok: true, value: { kind: 'collection', line: COLLECTION, amount: 2461 } });
  });

  it('names the field of a bank line', () => {
    expect(checkBoleto(mutate(BB, 5, 1))).toEqual({ ok: false, error: M.field(1) });
    expect(checkBoleto(mutate(BB, 12, 1))).toEqual({ ok: false, error: M.field(2) });
    expect(checkBoleto(mutate(BB, 30, 1))).toEqual({ ok: false, error: M.field(3) });
    expect(checkBoleto(mutate(BB, 40, 1))).toEqual({ ok: false, error: M.general });
    expect(checkBoleto(mutate(BB, 3, 1))).toEqual({ ok: false, error: M.currency('0') });
    expect(M.field(2)).toBe('Campo 2 da linha digitável: o dígito verificador (módulo 10) não confere. Confira os dígitos desse campo.');
  });

  it('names the block of an arrecadação line, the length, and stray characters', () => {
    expect(checkBoleto(mutate(COLLECTION, 14, 1))).toEqual({ ok: false, error: M.block(2, 10) });
    expect(checkBoleto(mutate(COLLECTION, 40, 3))).toEqual({ ok: false, error: M.block(4, 10) });
    expect(checkBoleto(`84${'5'}${COLLECTION.slice(3)}`)).toEqual({ ok: false, error: M.valueType('5') });
    expect(checkBoleto(BB.slice(0, 40))).toEqual({ ok: false, error: M.length(40) });
    expect(checkBoleto(`9${COLLECTION.slice(1)}`)).toEqual({ ok: false, error: M.collectionStart });
    expect(checkBoleto('0019x')).toEqual({ ok: false, error: M.notDigits });
    expect(checkBoleto(mutate(bankLineToBarcode(BB), 20, 1))).toEqual({ ok: false, error: M.barcode });
  });

  it('agrees with the format on every one-digit change and names the changed block', () => {
    fc.assert(
      fc.property(bankLine, fc.nat(46), fc.integer({ min: 1, max: 9 }), (line, i, by) => {
        const changed = mutate(line, i, by);
        const r = checkBoleto(changed);
        expect(r.ok).toBe(isValidBoletoLine(changed));
        const error = i === 3 ? M.currency(changed[3]) : i < 10 ? M.field(1) : i < 21 ? M.field(2) : i < 32 ? M.field(3) : M.general;
        expect(r).toEqual(r.ok ? { ok: true, value: parseBoleto(changed) } : { ok: false, error });
      }),
    );
    fc.assert(
      fc.property(collectionLine, fc.nat(47), fc.integer({ min: 1, max: 9 }), (line, i, by) => {
        fc.pre(i !== 0 && i !== 2); // those change the kind of line or the module itself
        const changed = mutate(line, i, by);
        const r = checkBoleto(changed);
        expect(r.ok).toBe(isValidBoletoLine(changed));
        if (r.ok) return;
        const module = line[2] === '6' || line[2] === '7' ? 10 : 11;
        expect([M.block(Math.floor(i / 12) + 1, module), M.collectionGeneral(module)]).toContain(r.error);
      }),
    );
  });
});

describe('format messages name the failing block', () => {
  it('gives ajv format errors the precise message (server and forms share it)', async () => {
    const { compileResource } = await import('../schema/index.ts');
    const res = compileResource({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'slips',
      title: 'Boleto',
      type: 'object',
      'x-resource': { name: 'slips', service: 'accounts-payable', path: 'slips', titlePlural: 'Boletos', labelField: 'line' },
      properties: { line: { type: 'string', title: 'Linha', format: 'boleto' }, pix: { type: 'string', title: 'PIX', format: 'pix-code' } },
      additionalProperties: false,
    });
    expect(res.validate({ line: mutate(BB, 12, 1), pix: '000201' })).toEqual({ line: [M.field(2)], pix: ['Não é um código PIX copia e cola.'] });
    expect(res.validate({ line: BB.slice(0, 20) })).toEqual({ line: [M.length(20)] });
  });
});
