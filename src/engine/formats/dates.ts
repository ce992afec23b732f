import { FORMAT_MESSAGES } from '../../i18n/validation.ts';
import { daysInMonth, isIsoDate } from './calendar.ts';
import type { StringFormat } from './types.ts';

/** `AAAA-MM-DD` ↔ `DD/MM/AAAA`. */
export const date = {
  name: 'date',
  type: 'string',
  message: FORMAT_MESSAGES.date,
  validate: isIsoDate,
  mask: (value) => (isIsoDate(value) ? `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}` : value),
  normalize: (input) => {
    const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(input);
    return m ? `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}` : input.trim();
  },
} as const satisfies StringFormat;

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?([Zz]|[+-](\d{2}):(\d{2}))$/;

/** RFC 3339 timestamp with an explicit offset (`2026-01-31T14:30:00.000Z`), as the API returns them. */
export function isDateTime(value: string): boolean {
  const m = DATE_TIME.exec(value);
  if (!m || !isIsoDate(m[1])) return false;
  const [h, min, s] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)];
  const offsetOk = m[6] === undefined || (Number(m[6]) < 24 && Number(m[7]) < 60);
  return h < 24 && min < 60 && s < 60 && offsetOk;
}

export const dateTime = {
  name: 'date-time',
  type: 'string',
  message: FORMAT_MESSAGES['date-time'],
  validate: isDateTime,
} as const satisfies StringFormat;

const isCompetence = (value: string): boolean => /^\d{4}-(0[1-9]|1[0-2])$/.test(value) && !value.startsWith('0000');

/** Accounting month `AAAA-MM` ↔ `MM/AAAA`. */
export const competence = {
  name: 'competence',
  type: 'string',
  message: FORMAT_MESSAGES.competence,
  validate: isCompetence,
  mask: (value) => (isCompetence(value) ? `${value.slice(5, 7)}/${value.slice(0, 4)}` : value),
  normalize: (input) => {
    const m = /^\s*(\d{1,2})\/(\d{4})\s*$/.exec(input);
    return m ? `${m[2]}-${m[1].padStart(2, '0')}` : input.trim();
  },
} as const satisfies StringFormat;

/** First day of a competence (how the DB stores it, domain.md §0). @example competenceStart('2026-03') // '2026-03-01' */
export const competenceStart = (value: string): string => `${value}-01`;

/** Last day of a competence. @example competenceEnd('2024-02') // '2024-02-29' */
export const competenceEnd = (value: string): string =>
  `${value}-${String(daysInMonth(Number(value.slice(0, 4)), Number(value.slice(5, 7)))).padStart(2, '0')}`;
