import { boleto } from './boleto.ts';
import { cep } from './cep.ts';
import { cnpj } from './cnpj.ts';
import { email, phone } from './contact.ts';
import { cpfCnpj } from './cpf-cnpj.ts';
import { cpf } from './cpf.ts';
import { competence, date, dateTime } from './dates.ts';
import { gtin } from './gtin.ts';
import { money } from './money.ts';
import { nfeKey } from './nfe-key.ts';
import { percent } from './percent.ts';
import { pixCode } from './pix-code.ts';
import { pixKey } from './pix-key.ts';
import type { FormatDefinition } from './types.ts';
import { uri, uuid } from './web.ts';

/**
 * Our `format` vocabulary (docs/schemas.md): the only formats a schema file may name. ajv validates with
 * these, widgets mask/normalize with these, so client and server agree on every value.
 */
export const FORMATS = {
  cpf,
  cnpj,
  'cpf-cnpj': cpfCnpj,
  cep,
  money,
  date,
  'date-time': dateTime,
  competence,
  percent,
  email,
  phone,
  boleto,
  'pix-key': pixKey,
  'pix-code': pixCode,
  gtin,
  'nfe-key': nfeKey,
  uri,
  uuid,
} as const satisfies Record<string, FormatDefinition>;

export type FormatName = keyof typeof FORMATS;

export const FORMAT_NAMES = Object.keys(FORMATS) as FormatName[];

export const isFormatName = (name: string): name is FormatName => Object.hasOwn(FORMATS, name);

/**
 * The definition of a format; throws naming the alias (and where it was used) when it is not ours.
 * @example getFormat('cnpj').validate('12ABC34501DE35') // true
 * @example getFormat('cnjp', 'schemas/banks.schema.json#/properties/x') // throws 'Formato desconhecido: "cnjp" …'
 */
export function getFormat(name: string, where?: string): FormatDefinition {
  if (isFormatName(name)) return FORMATS[name];
  throw new Error(`Formato desconhecido: "${name}"${where ? ` em ${where}` : ''}. Formatos disponíveis: ${FORMAT_NAMES.join(', ')}.`);
}
