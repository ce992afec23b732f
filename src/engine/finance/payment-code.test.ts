import { describe, expect, it } from 'vitest';
import { FINANCE_MESSAGES } from '../../i18n/finance.ts';
import { readPaymentCode } from './payment-code.ts';

const PIX =
  '00020126650014br.gov.bcb.pix0119nubank@thalesog.com0220Gerado por Pix-Utils52040000530398654041.005802BR5914Thales Ogliari6015SAO MIGUEL DO O62070503***6304059A';

describe('readPaymentCode', () => {
  it('reads a boleto: amount, due date and bank', () => {
    expect(readPaymentCode(' 00190.50095 40144.816069 06809.350314 3 37370000000100 ', { today: '2008-01-10' })).toEqual({
      ok: true,
      value: {
        method: 'BOLETO',
        line: '00190500954014481606906809350314337370000000100',
        barcode: '00193373700000001000500940144816060680935031',
        amount: 100,
        dueDate: '2007-12-31',
        bankCode: '001',
      },
    });
    expect(readPaymentCode('84610000000-5 24610029110-2 00546033900-4 69589506108-0')).toMatchObject({ ok: true, value: { method: 'BOLETO', amount: 2461, segment: '4', dueDate: null } });
  });

  it('reads a PIX copia e cola: payee, city, key and amount', () => {
    expect(readPaymentCode(PIX)).toEqual({
      ok: true,
      value: { method: 'PIX', code: PIX, payeeName: 'Thales Ogliari', payeeCity: 'SAO MIGUEL DO O', key: 'nubank@thalesog.com', amount: 100, dynamic: false },
    });
  });

  it('passes the pt-BR error of the failing part', () => {
    expect(readPaymentCode(PIX.replace('1.00', '2.00'))).toEqual({ ok: false, error: FINANCE_MESSAGES.pix.crc });
    expect(readPaymentCode('00190500954014481606906809350314337370000000101')).toEqual({ ok: false, error: FINANCE_MESSAGES.boleto.general });
    expect(readPaymentCode('123')).toEqual({ ok: false, error: FINANCE_MESSAGES.boleto.length(3) });
  });
});
