import { describe, expect, it } from 'vitest';
import { FORMAT_MESSAGES } from '../../i18n/validation.ts';
import { FORMAT_NAMES, FORMATS, getFormat } from './registry.ts';

const SAMPLES: Record<string, unknown> = {
  cpf: '52998224725',
  cnpj: '12ABC34501DE35',
  'cpf-cnpj': '11222333000181',
  cep: '01001000',
  money: -123456,
  date: '2024-02-29',
  'date-time': '2026-01-31T14:30:00.000Z',
  competence: '2026-03',
  percent: 12.5,
  email: 'fulano@empresa.com.br',
  phone: '11987654321',
  boleto: '00190500954014481606906809350314337370000000100',
  'pix-key': '+5511987654321',
  'pix-code':
    '00020126650014br.gov.bcb.pix0119nubank@thalesog.com0220Gerado por Pix-Utils52040000530398654041.005802BR5914Thales Ogliari6015SAO MIGUEL DO O62070503***6304059A',
  gtin: '7891000315507',
  'nfe-key': '52060433009911002506550120000007800267301615',
  uri: 'https://example.com/a',
  uuid: '123e4567-e89b-12d3-a456-426614174000',
};

describe('format registry', () => {
  it('has one definition, message and sample per format, keyed by its own name', () => {
    expect(FORMAT_NAMES.toSorted()).toEqual(Object.keys(FORMAT_MESSAGES).toSorted());
    expect(FORMAT_NAMES.toSorted()).toEqual(Object.keys(SAMPLES).toSorted());
    for (const [name, f] of Object.entries(FORMATS)) {
      expect(f.name).toBe(name);
      expect(f.message).toBe(FORMAT_MESSAGES[name as keyof typeof FORMAT_MESSAGES]);
    }
  });

  it('validates each sample and round-trips normalize(mask(v)) === v', () => {
    const results = FORMAT_NAMES.map((name) => {
      const f = getFormat(name);
      const v = SAMPLES[name] as never;
      const roundTrip = f.mask && f.normalize ? f.normalize(f.mask(v)) === v : 'no mask';
      return [name, f.validate(v), roundTrip];
    });
    expect(results).toEqual(FORMAT_NAMES.map((name) => [name, true, ['date-time', 'email', 'gtin', 'pix-code', 'uri', 'uuid'].includes(name) ? 'no mask' : true]));
  });

  it('throws on an unknown alias, naming it and where it was used', () => {
    expect(() => getFormat('cnjp', 'schemas/banks.schema.json#/properties/x')).toThrow(
      /Formato desconhecido: "cnjp" em schemas\/banks.schema.json#\/properties\/x\. Formatos disponíveis: cpf, cnpj/,
    );
  });
});
