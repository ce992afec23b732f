import { fatorFromDueDate } from '../../../../src/engine/formats/boleto.ts';
import { barcodeToLine, mod10, mod11Bank } from '../../../../src/engine/formats/boleto-digits.ts';
import { crc16 } from '../../../../src/engine/formats/pix-code.ts';
import type { Random } from '../random.ts';

/**
 * Valid payment codes for the demo data (check digits right, so the forms and the API accept them as
 * they are): boletos bancários with the due date's fator (after the 2025 reset) and the amount,
 * arrecadação lines for utilities and taxes, and static PIX codes.
 */

/** Linha digitável (47) of a boleto of `bankCode` due on `dueDate` for `amount` centavos. */
export function bankBoleto(rng: Random, bankCode: string, dueDate: string, amount: number): string {
  const rest = `${bankCode}9${fatorFromDueDate(dueDate)}${String(amount).padStart(10, '0')}${rng.digits(25)}`;
  return barcodeToLine(rest.slice(0, 4) + mod11Bank(rest) + rest.slice(4))!;
}

/**
 * Linha de arrecadação (48) of a utility or tax: product 8, `segment` (2 água, 3 energia, 4 telecom,
 * 5 órgãos governamentais), value type 6 (valor efetivo, mod 10), the amount, company code and free field.
 */
export function collectionLine(rng: Random, segment: string, amount: number): string {
  const body = `${String(amount).padStart(11, '0')}${rng.digits(29)}`;
  const head = `8${segment}6`;
  return barcodeToLine(`${head}${mod10(head + body)}${body}`)!;
}

const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;
const ascii = (s: string, max: number) => s.normalize('NFD').replace(/[^\x20-\x7e]/g, '').toUpperCase().slice(0, max);

/** A static PIX "copia e cola" (BR Code) with a valid CRC16. */
export function pixCopyPaste(key: string, name: string, city: string, amount: number, txid: string): string {
  const reais = `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
  const body =
    tlv('00', '01') +
    tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('01', key)) +
    tlv('52', '0000') +
    tlv('53', '986') +
    tlv('54', reais) +
    tlv('58', 'BR') +
    tlv('59', ascii(name, 25)) +
    tlv('60', ascii(city, 15)) +
    tlv('62', tlv('05', txid.slice(0, 25))) +
    '6304';
  return body + crc16(body);
}
