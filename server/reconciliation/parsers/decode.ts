/**
 * Bytes → text. Bank files declare their charset in many ways and sometimes lie (`CHARSET:1252` over UTF-8
 * bytes, `ENCODING:UTF-8` over Latin-1). A strict UTF-8 decode that succeeds is trusted (Latin-1 text with
 * accents is almost never valid UTF-8); otherwise windows-1252 (a superset of the printable ISO-8859-1), with
 * the WHATWG decoder Node ships (full ICU), no library needed.
 */

export interface Decoded {
  text: string;
  charset: 'UTF-8' | 'windows-1252';
}

const hasHighBytes = (bytes: Uint8Array) => bytes.some((b) => b >= 0x80);

export function decodeBankFile(bytes: Uint8Array): Decoded {
  let body = bytes;
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) body = body.subarray(3);
  if (!hasHighBytes(body)) return { text: new TextDecoder('utf-8').decode(body), charset: 'UTF-8' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), charset: 'UTF-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(body), charset: 'windows-1252' };
  }
}

/** The charset a header declares, normalized (`1252`, `ISO-8859-1`, `UTF-8`), or null. */
export function declaredCharset(text: string): string | null {
  const sgml = /^\s*CHARSET:\s*([^\r\n]+)/im.exec(text.slice(0, 2000));
  const xml = /<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(text.slice(0, 2000));
  const raw = (sgml?.[1] ?? xml?.[1] ?? '').trim().toUpperCase();
  if (!raw || raw === 'NONE') return null;
  if (raw === '1252' || raw.includes('1252')) return 'windows-1252';
  if (raw.includes('8859')) return 'ISO-8859-1';
  if (raw.replace('-', '') === 'UTF8' || raw === 'CSUNICODE') return 'UTF-8';
  return raw;
}
