/**
 * What a person pastes in a lançamento: a boleto's linha digitável (or scanned barcode) or a PIX "copia e
 * cola". One reader for both, so the form can fill amount, due date and payee, and the server can refuse
 * a code with the same pt-BR message (naming the failing block of a boleto).
 */
import { checkBoleto } from '../formats/boleto.ts';
import { parsePixCode } from '../formats/pix-code.ts';

export type PaymentCode =
  | {
      method: 'BOLETO';
      /** Linha digitável, 47 or 48 digits. */
      line: string;
      barcode: string;
      /** Centavos; null when the boleto leaves it to the payer. */
      amount: number | null;
      dueDate: string | null;
      /** COMPE of the issuing bank (cobrança bancária only). */
      bankCode?: string;
      /** Arrecadação segment (3 = energia, 5 = órgãos governamentais…). */
      segment?: string;
    }
  | {
      method: 'PIX';
      code: string;
      amount?: number;
      payeeName: string;
      payeeCity: string;
      key?: string;
      /** A dynamic code's location at the PSP (26-25), where the charge is confirmed. */
      url?: string;
      txid?: string;
      /** A dynamic code's final amount is confirmed online at payment time. */
      dynamic: boolean;
    };

export type PaymentCodeResult = { ok: true; value: PaymentCode } | { ok: false; error: string };

/**
 * @example readPaymentCode('00190.50095 40144.816069 06809.350314 3 37370000000100', { today: '2008-01-10' })
 *   // { ok: true, value: { method: 'BOLETO', amount: 100, dueDate: '2007-12-31', bankCode: '001', … } }
 */
export function readPaymentCode(text: string, options: { today?: string } = {}): PaymentCodeResult {
  const input = text.trim();
  if (input.startsWith('000201')) {
    const pix = parsePixCode(input);
    if (!pix.ok) return pix;
    const v = pix.value;
    return {
      ok: true,
      value: {
        method: 'PIX',
        code: input,
        payeeName: v.merchantName,
        payeeCity: v.merchantCity,
        dynamic: v.kind === 'dynamic',
        ...(v.amount !== undefined && { amount: v.amount }),
        ...(v.key !== undefined && { key: v.key }),
        ...(v.url !== undefined && { url: v.url }),
        ...(v.txid !== undefined && { txid: v.txid }),
      },
    };
  }
  const boleto = checkBoleto(input, options);
  if (!boleto.ok) return boleto;
  const b = boleto.value;
  return {
    ok: true,
    value: {
      method: 'BOLETO',
      line: b.line,
      barcode: b.barcode,
      amount: b.amount,
      dueDate: b.dueDate,
      ...(b.kind === 'bank' ? { bankCode: b.bankCode } : { segment: b.segment }),
    },
  };
}
