import { FINANCE_MESSAGES } from '../../i18n/finance.ts';
import { FORMAT_MESSAGES } from '../../i18n/validation.ts';
import type { StringFormat } from './types.ts';

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) over the UTF-8 bytes, as 4 uppercase hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** EMV TLV: 2-digit id, 2-digit length, value. Undefined when the structure is broken. */
export function parseTlv(text: string): Map<string, string> | undefined {
  const out = new Map<string, string>();
  let i = 0;
  while (i < text.length) {
    const head = text.slice(i, i + 4);
    if (!/^\d{4}$/.test(head)) return undefined;
    const len = Number(head.slice(2));
    const value = text.slice(i + 4, i + 4 + len);
    if (value.length !== len) return undefined;
    out.set(head.slice(0, 2), value);
    i += 4 + len;
  }
  return out;
}

export interface PixCode {
  /** static: carries the key (26-01); dynamic: carries a PSP location URL (26-25), amount confirmed online. */
  kind: 'static' | 'dynamic';
  key?: string;
  url?: string;
  /** Message to the payer (26-02). */
  description?: string;
  /** Centavos; absent when the payer types the amount. */
  amount?: number;
  merchantName: string;
  merchantCity: string;
  /** Absent when the code carries the `***` placeholder. */
  txid?: string;
  /** Point of initiation 12 = single use. */
  singleUse: boolean;
}

export type PixCodeResult = { ok: true; value: PixCode } | { ok: false; error: string };

const PIX = FINANCE_MESSAGES.pix;
const fail = (error: string): PixCodeResult => ({ ok: false, error });

/** `123.45` → 12345 without floats; undefined when it is not an EMV amount. */
function amountToCentavos(text: string): number | undefined {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : undefined;
}

/**
 * Parses a PIX "copia e cola" (BR Code, EMV QRCPS-MPM) and checks its CRC. Errors are pt-BR.
 * @example parsePixCode('000201…6304059A') // { ok: true, value: { kind: 'static', key: 'nubank@thalesog.com', amount: 100, … } }
 */
export function parsePixCode(input: string): PixCodeResult {
  const code = input.trim();
  if (!code.startsWith('000201') || !/6304[0-9A-Fa-f]{4}$/.test(code)) return fail(PIX.notPix);
  if (crc16(code.slice(0, -4)) !== code.slice(-4).toUpperCase()) return fail(PIX.crc);
  const top = parseTlv(code);
  if (!top || [...top.keys()].at(-1) !== '63') return fail(PIX.structure);
  let account: Map<string, string> | undefined;
  for (let id = 26; id <= 51; id++) {
    const sub = parseTlv(top.get(String(id)) ?? '');
    if (sub?.get('00')?.toLowerCase() === 'br.gov.bcb.pix') account = sub;
  }
  if (!account) return fail(PIX.noAccount);
  const key = account.get('01');
  const url = account.get('25');
  if (!key === !url) return fail(PIX.keyOrUrl);
  if (top.get('53') !== '986') return fail(PIX.currency);
  const amountText = top.get('54');
  const amount = amountText === undefined ? undefined : amountToCentavos(amountText);
  if (amountText !== undefined && amount === undefined) return fail(PIX.amount);
  const merchantName = top.get('59');
  const merchantCity = top.get('60');
  if (!merchantName || !merchantCity) return fail(PIX.merchant);
  const txid = parseTlv(top.get('62') ?? '')?.get('05');
  const value: PixCode = {
    kind: url ? 'dynamic' : 'static',
    merchantName,
    merchantCity,
    singleUse: top.get('01') === '12',
  };
  if (key) value.key = key;
  if (url) value.url = url;
  const description = account.get('02');
  if (description) value.description = description;
  if (amount !== undefined) value.amount = amount;
  if (txid && txid !== '***') value.txid = txid;
  return { ok: true, value };
}

const crcHolds = (code: string): boolean => /6304[0-9A-Fa-f]{4}$/.test(code) && crc16(code.slice(0, -4)) === code.slice(-4).toUpperCase();

/**
 * A pasted PIX code as the code itself: ends trimmed, line breaks and invisible characters of a code wrapped
 * in a PDF or an e-mail taken out. When that alone does not make the CRC hold, tries the breaks as spaces and
 * then without any space (a merchant name may carry spaces, so they are kept whenever the CRC allows).
 * @example cleanPixCode('  000201…5914Thales\nOgliari…6304059A\n') // '000201…5914Thales Ogliari…6304059A'
 */
export function cleanPixCode(input: string): string {
  const invisible = input.replace(/[\u200b-\u200d\ufeff]/g, '');
  const candidates = [
    invisible.replace(/[\r\n\t]+/g, '').trim(),
    invisible.replace(/\s*[\r\n]+\s*/g, ' ').replace(/\t/g, '').trim(),
    invisible.replace(/\s+/g, ''),
  ];
  return candidates.find(crcHolds) ?? candidates[0];
}

export const pixCode = {
  name: 'pix-code',
  type: 'string',
  message: FORMAT_MESSAGES['pix-code'],
  validate: (value) => parsePixCode(value).ok && value === value.trim(),
  explain: (value) => {
    const r = parsePixCode(value);
    return r.ok ? undefined : r.error;
  },
  normalize: (input) => input.trim(),
} as const satisfies StringFormat;
