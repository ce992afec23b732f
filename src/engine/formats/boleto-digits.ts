/**
 * Check digits and conversions of boleto lines (domain.md §3.4, FEBRABAN layouts):
 * - cobrança bancária: linha digitável 47 digits ↔ barcode 44; field DVs mod 10, DV geral mod 11;
 * - arrecadação (starts with 8): linha 48 = 4 blocks × (11 + DV) ↔ barcode 44; module chosen by digit 3.
 */

/** Mod 10: weights 2,1,2,1… from the right, digits of each product summed. */
export function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const p = Number(digits[i]) * weight;
    sum += p > 9 ? p - 9 : p;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** Σ digit × weight with weights 2..9 cycling from the right. */
function mod11Sum(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  return sum;
}

/** DV geral of a bank barcode (43 digits without position 5): 11 − r, and 1 when that is 0, 10 or 11. */
export function mod11Bank(digits: string): number {
  const dv = 11 - (mod11Sum(digits) % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/** Arrecadação mod 11: remainder 0 or 1 → 0, remainder 10 → 1, else 11 − r. */
export function mod11Collection(digits: string): number {
  const r = mod11Sum(digits) % 11;
  return r <= 1 ? 0 : 11 - r;
}

/** Arrecadação digit 3 says which module every DV uses: 6/7 mod 10, 8/9 mod 11. */
const collectionDv = (barcode: string): ((d: string) => number) | undefined =>
  barcode[2] === '6' || barcode[2] === '7' ? mod10 : barcode[2] === '8' || barcode[2] === '9' ? mod11Collection : undefined;

/** 47-digit bank line → 44-digit barcode (no validation). */
export const bankLineToBarcode = (ld: string): string =>
  ld.slice(0, 4) + ld[32] + ld.slice(33, 47) + ld.slice(4, 9) + ld.slice(10, 20) + ld.slice(21, 31);

/** 48-digit collection line → 44-digit barcode (drops each block's DV). */
export const collectionLineToBarcode = (ld: string): string =>
  ld.slice(0, 11) + ld.slice(12, 23) + ld.slice(24, 35) + ld.slice(36, 47);

/** 44-digit barcode → linha digitável (47 for banks, 48 for arrecadação), computing the field DVs. */
export function barcodeToLine(bc: string): string | undefined {
  if (!/^\d{44}$/.test(bc)) return undefined;
  if (bc[0] === '8') {
    const dv = collectionDv(bc);
    if (!dv) return undefined;
    return [0, 11, 22, 33].map((i) => bc.slice(i, i + 11) + dv(bc.slice(i, i + 11))).join('');
  }
  const free = bc.slice(19, 44);
  const f1 = bc.slice(0, 4) + free.slice(0, 5);
  const f2 = free.slice(5, 15);
  const f3 = free.slice(15, 25);
  return `${f1}${mod10(f1)}${f2}${mod10(f2)}${f3}${mod10(f3)}${bc[4]}${bc.slice(5, 19)}`;
}

/** Bank line: currency 9 (real), the three field DVs and the barcode's DV geral. */
export function isValidBankLine(ld: string): boolean {
  if (!/^\d{47}$/.test(ld) || ld[3] !== '9') return false;
  const fieldsOk = [[0, 9], [10, 20], [21, 31]].every(([a, b]) => mod10(ld.slice(a, b)) === Number(ld[b]));
  const bc = bankLineToBarcode(ld);
  return fieldsOk && mod11Bank(bc.slice(0, 4) + bc.slice(5)) === Number(bc[4]);
}

/** Collection line: starts with 8, valid value-type digit, four block DVs and the DV geral. */
export function isValidCollectionLine(ld: string): boolean {
  if (!/^8\d{47}$/.test(ld)) return false;
  const dv = collectionDv(ld);
  if (!dv) return false;
  const blocksOk = [0, 12, 24, 36].every((i) => dv(ld.slice(i, i + 11)) === Number(ld[i + 11]));
  const bc = collectionLineToBarcode(ld);
  return blocksOk && dv(bc.slice(0, 3) + bc.slice(4)) === Number(bc[3]);
}
