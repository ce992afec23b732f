import { FINANCE_MESSAGES } from '../../i18n/finance.ts';
import { FORMAT_MESSAGES } from '../../i18n/validation.ts';
import {
  barcodeToLine, bankLineToBarcode, collectionLineToBarcode, isValidBankLine, isValidCollectionLine, mod10, mod11Bank, mod11Collection,
} from './boleto-digits.ts';
import { civilFromDays, daysFromCivil, isIsoDate, isoToDays, localToday } from './calendar.ts';
import type { StringFormat } from './types.ts';
import { applyPattern, onlyDigits } from './text.ts';

/** A boleto's linha digitável: 47 digits (cobrança bancária) or 48 starting with 8 (arrecadação). */
export const isValidBoletoLine = (value: string): boolean =>
  value.length === 47 ? isValidBankLine(value) : value.length === 48 && isValidCollectionLine(value);

/** 07/10/1997, the base of the fator de vencimento; each cycle of fatores 1000–9999 spans 9000 days. */
const FATOR_BASE = daysFromCivil(1997, 10, 7);
const CYCLE = 9000;

/** Window a due date is assumed to fall in: up to 3000 days past and 5500 days ahead of today. */
const WINDOW_PAST = 3000;
const WINDOW_AHEAD = 5500;

/**
 * Fator de vencimento → due date. Fatores repeat since the FEBRABAN reset of 22/02/2025 (9999 = 21/02/2025,
 * then 1000 again, i.e. a new base 29/05/2022; next reset 13/10/2049), so a fator names one date per
 * 9000-day cycle. We take the one inside [today − 3000, today + 5500] days (the window FEBRABAN's
 * manual and most decoders use), else the nearest. `0000` means no due date (null).
 * @example dueDateFromFator(1494, '2026-06-15') // '2026-07-01'
 */
export function dueDateFromFator(fator: number, today: string = localToday()): string | null {
  if (!Number.isInteger(fator) || fator < 1000 || fator > 9999) return null;
  const t = isoToDays(today);
  const k = Math.max(0, Math.floor((t - FATOR_BASE - fator) / CYCLE));
  const candidates = [k, k + 1].map((c) => FATOR_BASE + c * CYCLE + fator);
  const inWindow = candidates.find((d) => d >= t - WINDOW_PAST && d <= t + WINDOW_AHEAD);
  const nearest = Math.abs(candidates[0] - t) <= Math.abs(candidates[1] - t) ? candidates[0] : candidates[1];
  return civilFromDays(inWindow ?? nearest);
}

/** Due date → fator de vencimento (the inverse, for dates from 03/07/2000 on). */
export function fatorFromDueDate(iso: string): number {
  const days = isoToDays(iso) - FATOR_BASE;
  if (days < 1000) throw new RangeError(`Data anterior ao fator 1000: ${iso}`);
  return ((days - 1000) % CYCLE) + 1000;
}

export type BoletoInfo =
  | {
      kind: 'bank';
      line: string;
      barcode: string;
      /** COMPE code of the issuing bank, e.g. '001'. */
      bankCode: string;
      /** Centavos; null when the boleto leaves the amount to the payer (zeros). */
      amount: number | null;
      /** `AAAA-MM-DD`; null for fator 0000 ("contra-apresentação"). */
      dueDate: string | null;
      fator: number;
    }
  | {
      kind: 'collection';
      line: string;
      barcode: string;
      /** Segment digit (1 prefeituras, 2 saneamento, 3 energia/gás, 4 telecom, 5 governo, 6 demais, 7 multas, 9 banco). */
      segment: string;
      /** Centavos when digit 3 says "valor efetivo" (6/8); null for "quantidade de moeda" (7/9). */
      amount: number | null;
      /** Arrecadação carries no standard due date (the campo livre layout is the issuer's). */
      dueDate: null;
    };

/**
 * Parses a linha digitável (masked or not) or a 44-digit barcode; undefined when any check digit fails.
 * @example parseBoleto('00190500954014481606906809350314337370000000100', { today: '2008-01-10' })
 *   // { kind: 'bank', bankCode: '001', amount: 100, dueDate: '2007-12-31', fator: 3737, … }
 */
export function parseBoleto(input: string, options: { today?: string } = {}): BoletoInfo | undefined {
  const line = normalizeBoleto(input);
  if (!isValidBoletoLine(line)) return undefined;
  if (line.length === 48) {
    const barcode = collectionLineToBarcode(line);
    const effective = barcode[2] === '6' || barcode[2] === '8';
    return { kind: 'collection', line, barcode, segment: barcode[1], amount: effective ? Number(barcode.slice(4, 15)) : null, dueDate: null };
  }
  const barcode = bankLineToBarcode(line);
  const fator = Number(barcode.slice(5, 9));
  const amount = Number(barcode.slice(9, 19));
  const today = options.today && isIsoDate(options.today) ? options.today : undefined;
  return { kind: 'bank', line, barcode, bankCode: barcode.slice(0, 3), amount: amount || null, dueDate: dueDateFromFator(fator, today), fator };
}

export type BoletoCheck = { ok: true; value: BoletoInfo } | { ok: false; error: string };

const BOLETO = FINANCE_MESSAGES.boleto;

/** The first failing check of a 47-digit bank line, as a pt-BR message naming the field; undefined when valid. */
function bankLineError(ld: string): string | undefined {
  if (ld[3] !== '9') return BOLETO.currency(ld[3]);
  const fields = [[0, 9], [10, 20], [21, 31]] as const;
  const bad = fields.findIndex(([a, b]) => mod10(ld.slice(a, b)) !== Number(ld[b]));
  if (bad >= 0) return BOLETO.field(bad + 1);
  const bc = bankLineToBarcode(ld);
  return mod11Bank(bc.slice(0, 4) + bc.slice(5)) === Number(bc[4]) ? undefined : BOLETO.general;
}

/** The first failing check of a 48-digit arrecadação line (value-type digit, block DVs, DV geral). */
function collectionLineError(ld: string): string | undefined {
  if (ld[0] !== '8') return BOLETO.collectionStart;
  if (!'6789'.includes(ld[2])) return BOLETO.valueType(ld[2]);
  const module = ld[2] === '6' || ld[2] === '7' ? 10 : 11;
  const dv = module === 10 ? mod10 : mod11Collection;
  const bad = [0, 12, 24, 36].findIndex((i) => dv(ld.slice(i, i + 11)) !== Number(ld[i + 11]));
  if (bad >= 0) return BOLETO.block(bad + 1, module);
  const bc = collectionLineToBarcode(ld);
  return dv(bc.slice(0, 3) + bc.slice(4)) === Number(bc[3]) ? undefined : BOLETO.collectionGeneral(module);
}

/**
 * Like {@link parseBoleto}, but says in pt-BR which block fails: the length, the currency, the field
 * (bancário: campos 1–3 mod 10, campo 4 DV geral mod 11) or the block (arrecadação: blocos 1–4, mod 10 or
 * 11 by the 3rd digit). For forms and the server, so a person knows which group of digits to re-type.
 * @example checkBoleto('00190500944014481606906809350314337370000000100')
 *   // { ok: false, error: 'Campo 1 da linha digitável: o dígito verificador (módulo 10) não confere. …' }
 */
export function checkBoleto(input: string, options: { today?: string } = {}): BoletoCheck {
  if (!/^[\d\s.-]*$/.test(input)) return { ok: false, error: BOLETO.notDigits };
  const d = onlyDigits(input);
  if (d.length === 44) {
    const line = barcodeToLine(d);
    const valid = line && (line.length === 47 ? isValidBankLine(line) : isValidCollectionLine(line));
    if (!valid) return { ok: false, error: d[0] === '8' && !'6789'.includes(d[2]) ? BOLETO.valueType(d[2]) : BOLETO.barcode };
  } else if (d.length !== 47 && d.length !== 48) {
    return { ok: false, error: BOLETO.length(d.length) };
  } else {
    const error = d.length === 47 ? bankLineError(d) : collectionLineError(d);
    if (error) return { ok: false, error };
  }
  const value = parseBoleto(d, options);
  return value ? { ok: true, value } : { ok: false, error: FORMAT_MESSAGES.boleto };
}

/** Strips the mask; a scanned 44-digit barcode becomes its linha digitável. */
export function normalizeBoleto(input: string): string {
  if (!/^[\d\s.-]+$/.test(input)) return input;
  const d = onlyDigits(input);
  return d.length === 44 ? (barcodeToLine(d) ?? d) : d;
}

export function maskBoleto(value: string): string {
  const d = onlyDigits(value).slice(0, 48);
  return d.startsWith('8')
    ? applyPattern(d, '00000000000-0 00000000000-0 00000000000-0 00000000000-0')
    : applyPattern(d, '00000.00000 00000.000000 00000.000000 0 00000000000000');
}

export const boleto = {
  name: 'boleto',
  type: 'string',
  message: FORMAT_MESSAGES.boleto,
  validate: isValidBoletoLine,
  explain: (value) => {
    const r = checkBoleto(value);
    return r.ok ? undefined : r.error;
  },
  mask: maskBoleto,
  normalize: normalizeBoleto,
} as const satisfies StringFormat;
