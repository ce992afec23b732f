import { FORMAT_MESSAGES } from '../../i18n/validation.ts';
import type { StringFormat } from './types.ts';

/** Absolute URI with a scheme (`https://…`, `mailto:…`), no whitespace, parseable by WHATWG URL. */
export function isUri(value: string): boolean {
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:\S+$/.test(value)) return false;
  return URL.canParse(value);
}

export const uri = {
  name: 'uri',
  type: 'string',
  message: FORMAT_MESSAGES.uri,
  validate: isUri,
  normalize: (input) => input.trim(),
} as const satisfies StringFormat;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Canonical UUID: lowercase hex with hyphens (PostgreSQL's output; PIX EVP keys use the same form). */
export const isUuid = (value: string): boolean => UUID.test(value);

export const uuid = {
  name: 'uuid',
  type: 'string',
  message: FORMAT_MESSAGES.uuid,
  validate: isUuid,
  normalize: (input) => input.trim().toLowerCase(),
} as const satisfies StringFormat;
