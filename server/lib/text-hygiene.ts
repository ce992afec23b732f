import { isUtf8 } from 'node:buffer';

/**
 * Checks for text the database must never see: a NUL character (PostgreSQL `text` cannot hold it and
 * answers 500), a lone UTF-16 surrogate (no UTF-8 form: drivers silently turn it into U+FFFD) and
 * percent-encoded bytes that are not UTF-8. Pure functions; the edge hook is `plugins/input-hygiene.ts`.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the string can be stored as it is: no NUL, no lone surrogate. */
export const isCleanText = (s: string): boolean => !s.includes('\0') && !LONE_SURROGATE.test(s);

const HEX = /^[0-9a-fA-F]{2}$/;

/**
 * The bytes a percent-encoded URL component stands for (`+` is a space in a query). A `%` that is not
 * followed by two hex digits stays as it is, as the query parser (qs) keeps it.
 */
export function percentBytes(component: string): Buffer {
  const out: number[] = [];
  for (let i = 0; i < component.length; i++) {
    const c = component[i];
    if (c === '%' && HEX.test(component.slice(i + 1, i + 3))) {
      out.push(parseInt(component.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      for (const b of Buffer.from(c === '+' ? ' ' : c, 'utf8')) out.push(b);
    }
  }
  return Buffer.from(out);
}

const cleanBytes = (b: Buffer) => !b.includes(0) && isUtf8(b);

/** Lenient decoding of a query parameter's name, for the error map key (`filter[status][eq]`). */
function nameOf(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * Where a request URL carries bad text: `path` for the path, else the names of the query parameters whose
 * name or value decodes to a NUL or to bytes that are not UTF-8. Empty when the URL is clean.
 * @example badUrlParts('/api/x?q=%00&page=1') // ['q']
 */
export function badUrlParts(url: string): string[] {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const bad: string[] = [];
  if (!cleanBytes(percentBytes(path.replace(/\+/g, '%2B')))) bad.push('path');
  if (q < 0) return bad;
  for (const part of url.slice(q + 1).split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? '' : part.slice(eq + 1);
    if (!cleanBytes(percentBytes(name)) || !cleanBytes(percentBytes(value))) bad.push(cleanBytes(percentBytes(name)) ? nameOf(name) : 'query');
  }
  return [...new Set(bad)];
}

/** Keys no body may carry: assigning them on a plain object changes its prototype. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__']);

export interface BodyProblem {
  path: string;
  kind: 'text' | 'key';
}

/**
 * Every string (value or key) of a parsed JSON body that is not clean text, and every `__proto__` key, with
 * its path (`items.0.name`; `$` for the body itself). Iterative, so a deeply nested body cannot overflow the
 * stack; stops after `limit` problems.
 */
export function bodyProblems(body: unknown, limit = 50): BodyProblem[] {
  const out: BodyProblem[] = [];
  const stack: [unknown, string][] = [[body, '']];
  while (stack.length && out.length < limit) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (!isCleanText(value)) out.push({ path: path || '$', kind: 'text' });
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => stack.push([v, path ? `${path}.${i}` : String(i)]));
    } else if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      for (const key of Object.keys(value)) {
        const at = path ? `${path}.${key}` : key;
        if (FORBIDDEN_KEYS.has(key)) out.push({ path: at, kind: 'key' });
        else if (!isCleanText(key)) out.push({ path: path ? `${path}.${JSON.stringify(key)}` : '$', kind: 'text' });
        else stack.push([(value as Record<string, unknown>)[key], at]);
      }
    }
  }
  return out;
}
