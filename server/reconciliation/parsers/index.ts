import { parseCnab240 } from './cnab240.ts';
import { parseCnab400 } from './cnab400.ts';
import { parseCsv, type CsvMapping } from './csv.ts';
import { declaredCharset, decodeBankFile } from './decode.ts';
import { fail } from './numbers.ts';
import { parseOfx } from './ofx.ts';
import type { ParsedStatement, StatementFormat } from './types.ts';

export type { CsvMapping } from './csv.ts';
export * from './types.ts';
export { lineKey } from './keys.ts';

/** The format of a file from its first bytes: OFX header or `<OFX>`, CNAB by record width, else CSV. */
export function detectFormat(text: string): 'OFX' | 'CNAB240' | 'CNAB400' | 'CSV' {
  const head = text.slice(0, 4000);
  if (/OFXHEADER|<OFX>/i.test(head)) return 'OFX';
  const first = text.split(/\r\n|\n|\r/, 1)[0] ?? '';
  if (first.length >= 200 && first.length <= 240 && first[7] === '0' && /^\d{8}/.test(first)) return 'CNAB240';
  if (first.startsWith('02RETORNO')) return 'CNAB400';
  if (/^\d{7}0/.test(first) && first.length > 150) return 'CNAB240';
  return 'CSV';
}

/**
 * Reads a bank file whole: bytes decoded (strict UTF-8, else windows-1252), the format detected or given, and
 * parsed; a file that cannot be read without doubt throws `StatementParseError` (pt-BR, naming line or element).
 */
export function parseBankFile(bytes: Uint8Array, opts: { format?: 'OFX' | 'CNAB240' | 'CNAB400' | 'CSV'; csv?: CsvMapping } = {}): ParsedStatement {
  if (!bytes.length) fail('O arquivo está vazio.');
  const { text, charset } = decodeBankFile(bytes);
  const format = opts.format ?? detectFormat(text);
  const declared = declaredCharset(text);
  let parsed: ParsedStatement;
  if (format === 'OFX') parsed = parseOfx(text, charset);
  else if (format === 'CNAB240') parsed = parseCnab240(text, charset);
  else if (format === 'CNAB400') parsed = parseCnab400(text, charset);
  else {
    if (!opts.csv) fail('Formato não reconhecido: o arquivo não é OFX nem CNAB 240/400. Para um CSV, salve o mapeamento das colunas desta conta.', { field: 'csvMapping' });
    parsed = parseCsv(text, charset, opts.csv);
  }
  if (declared && declared !== charset && !(declared === 'ISO-8859-1' && charset === 'windows-1252') && /[^\t\n\r -~]/.test(text)) {
    parsed.warnings.push(`O cabeçalho declara ${declared}, mas o conteúdo é ${charset}: lido como ${charset}.`);
  }
  return parsed;
}

export const FORMAT_LABELS: Record<StatementFormat, string> = {
  OFX1: 'OFX 1.x (SGML)',
  OFX2: 'OFX 2.x (XML)',
  CNAB240: 'CNAB 240',
  CNAB400: 'CNAB 400',
  CSV: 'CSV',
};
