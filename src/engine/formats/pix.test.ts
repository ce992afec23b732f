import { generatePixPayload } from '@brazilian-utils/brazilian-utils/generate-pix-payload';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validCnpj, validCpf } from '../../../tests/fixtures/format-arbitraries.ts';
import { cleanPixCode, crc16, parsePixCode, pixCode } from './pix-code.ts';
import { maskPixKey, normalizePixKey, pixKey, pixKeyType } from './pix-key.ts';

const FIXTURE =
  '00020126650014br.gov.bcb.pix0119nubank@thalesog.com0220Gerado por Pix-Utils52040000530398654041.005802BR5914Thales Ogliari6015SAO MIGUEL DO O62070503***6304059A';

describe('PIX copia e cola', () => {
  it('computes the CRC16-CCITT of the domain fixture', () => {
    expect(crc16(FIXTURE.slice(0, -4))).toBe('059A');
    expect(crc16('123456789')).toBe('29B1'); // CRC-16/CCITT-FALSE check value
  });

  it('parses the fixture', () => {
    expect(parsePixCode(FIXTURE)).toEqual({
      ok: true,
      value: {
        kind: 'static',
        key: 'nubank@thalesog.com',
        description: 'Gerado por Pix-Utils',
        amount: 100,
        merchantName: 'Thales Ogliari',
        merchantCity: 'SAO MIGUEL DO O',
        singleUse: false,
      },
    });
    expect(pixCode.validate(FIXTURE)).toBe(true);
  });

  it('rejects a corrupted code, naming the reason in pt-BR', () => {
    expect(parsePixCode(FIXTURE.replace('1.00', '9.00'))).toEqual({ ok: false, error: 'Código PIX inválido: o dígito verificador (CRC) não confere. Copie o código de novo, inteiro.' });
    expect(parsePixCode('boleto')).toEqual({ ok: false, error: 'Não é um código PIX copia e cola.' });
    const noPix = '000201520400005303986540510.005802BR5901A6001B6304';
    expect(parsePixCode(noPix + crc16(noPix))).toEqual({ ok: false, error: 'Código PIX inválido: o código não contém uma conta PIX (br.gov.bcb.pix).' });
  });

  it('cleans a pasted code: ends trimmed, line breaks of a wrapped code out, spaces kept when the CRC needs them', () => {
    expect(cleanPixCode(`  ${FIXTURE}\n`)).toBe(FIXTURE);
    expect(cleanPixCode(`${FIXTURE.slice(0, 60)}\r\n${FIXTURE.slice(60)}`)).toBe(FIXTURE);
    // Wrapped at the space of "Thales Ogliari": the break stands for that space.
    expect(cleanPixCode(FIXTURE.replace('Thales Ogliari', 'Thales\nOgliari'))).toBe(FIXTURE);
    const body = '00020126330014br.gov.bcb.pix011152998224725520400005303986540510.005802BR5904LOJA6006RECIFE62070503***6304';
    const compact = body + crc16(body);
    expect(cleanPixCode(`${compact.slice(0, 40)} ${compact.slice(40, 90)}  ${compact.slice(90)}`)).toBe(compact);
    expect(cleanPixCode(' 000201 ')).toBe('000201');
  });

  it('reads back what brazilian-utils generates (static and dynamic)', () => {
    fc.assert(
      fc.property(
        validCpf,
        fc.option(fc.integer({ min: 1, max: 99_999_999 }), { nil: undefined }),
        fc.stringMatching(/^[A-Za-z0-9]{1,25}$/),
        (key, centavos, txid) => {
          const code = generatePixPayload({ key, merchantName: 'Loja', merchantCity: 'Sao Paulo', amount: centavos && centavos / 100, txid });
          const parsed = parsePixCode(code as string);
          return parsed.ok && parsed.value.key === key && parsed.value.amount === centavos && parsed.value.txid === txid;
        },
      ),
    );
    const dynamic = generatePixPayload({ url: 'pix.example.com/qr/v2/abc', merchantName: 'Loja', merchantCity: 'Recife' }) as string;
    expect(parsePixCode(dynamic)).toMatchObject({ ok: true, value: { kind: 'dynamic', url: 'pix.example.com/qr/v2/abc', singleUse: true } });
  });
});

describe('pix-key', () => {
  it('tells the key type', () => {
    expect(pixKeyType('52998224725')).toBe('CPF');
    expect(pixKeyType('12ABC34501DE35')).toBe('CNPJ');
    expect(pixKeyType('+5511987654321')).toBe('PHONE');
    expect(pixKeyType('fulano@empresa.com.br')).toBe('EMAIL');
    expect(pixKeyType('123e4567-e89b-12d3-a456-426614174000')).toBe('EVP');
    expect(pixKeyType('11987654321')).toBeUndefined(); // a phone needs +55; 11 digits are a CPF
    expect(pixKeyType('Fulano@Empresa.com')).toBeUndefined();
    expect(pixKeyType(`${'a'.repeat(70)}@ex.com.br`)).toBeUndefined(); // over 77 characters
  });

  it('normalizes what people type', () => {
    expect(normalizePixKey(' 529.982.247-25 ')).toBe('52998224725');
    expect(normalizePixKey('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(normalizePixKey('+55 (11) 98765-4321')).toBe('+5511987654321');
    expect(normalizePixKey('(11) 98765-4321')).toBe('+5511987654321');
    expect(normalizePixKey('Fulano@Empresa.COM')).toBe('fulano@empresa.com');
    expect(normalizePixKey('123E4567-E89B-12D3-A456-426614174000')).toBe('123e4567-e89b-12d3-a456-426614174000');
  });

  it('round-trips mask → normalize for every key type', () => {
    const keys = fc.oneof(
      validCpf,
      validCnpj,
      fc.stringMatching(/^\+55[1-9][1-9]9\d{8}$/),
      fc.uuid().map((u) => u.toLowerCase()),
      fc.constantFrom('a@b.com', 'financeiro@empresa.com.br'),
    );
    fc.assert(fc.property(keys, (k) => pixKey.validate(k) && normalizePixKey(maskPixKey(k)) === k));
    expect(maskPixKey('+5511987654321')).toBe('+55 (11) 98765-4321');
  });
});
