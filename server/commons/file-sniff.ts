import { fileTypeFromBuffer } from 'file-type';
import type { FileContentType } from '../../src/engine/files/file-types.ts';

/** What the bytes of each allowed type must look like (ASVS V5.2.2): detected types that may stand for it. */
const OOXML_SHEET = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const OOXML_DOC = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const ZIP = 'application/zip';
const CFB = 'application/x-cfb';

const BINARY: Partial<Record<FileContentType, { label: string; accept: readonly string[] }>> = {
  'application/pdf': { label: 'PDF', accept: ['application/pdf'] },
  'image/png': { label: 'PNG', accept: ['image/png'] },
  'image/jpeg': { label: 'JPG', accept: ['image/jpeg'] },
  'image/webp': { label: 'WEBP', accept: ['image/webp'] },
  // An OOXML file is a zip; file-type names it only when the parts it reads come early in the archive.
  [OOXML_SHEET]: { label: 'XLSX', accept: [OOXML_SHEET, ZIP] },
  [OOXML_DOC]: { label: 'DOCX', accept: [OOXML_DOC, ZIP] },
  'application/vnd.ms-excel': { label: 'XLS', accept: [CFB] },
  'application/msword': { label: 'DOC', accept: [CFB] },
  [ZIP]: { label: 'ZIP', accept: [ZIP, OOXML_SHEET, OOXML_DOC] },
};

/** Text types: CSV, TXT (CNAB .rem/.ret), OFX (SGML v1 or XML v2), XML. */
const TEXT_LABEL: Partial<Record<FileContentType, string>> = {
  'text/plain': 'texto',
  'text/csv': 'CSV',
  'application/x-ofx': 'OFX',
  'application/xml': 'XML',
  'text/xml': 'XML',
};

/** Detected types a text file may show (an XML prolog is "application/xml" to file-type). */
const TEXT_DETECTED = new Set(['application/xml']);

/**
 * Bytes no text file of ours holds: C0 controls other than tab, line feed, form feed, carriage return and
 * the DOS end-of-file mark (0x1A, still found at the end of CNAB files). NUL among them: UTF-16 is refused.
 */
const isBinaryByte = (b: number) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d && b !== 0x1a;

export type SniffResult = { ok: true } | { ok: false; reason: 'mismatch' | 'not-text'; label: string };

/**
 * Checks that a file's content matches its declared type: magic bytes of binary types by `file-type`, and for
 * text types no binary bytes anywhere. Text may be UTF-8 or a single-byte encoding (Latin-1/Windows-1252, as
 * Brazilian bank files often are): both are accepted, only binary content is not. `chunks` yields the whole
 * content in order (the first one holds at least the head `file-type` reads).
 */
export async function sniffContent(type: FileContentType, chunks: AsyncIterable<Uint8Array>): Promise<SniffResult> {
  const binary = BINARY[type];
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  const head = first.done ? new Uint8Array() : first.value;
  const detected = head.length ? (await fileTypeFromBuffer(head))?.mime : undefined;
  if (binary) {
    await iterator.return?.();
    return detected && binary.accept.includes(detected) ? { ok: true } : { ok: false, reason: 'mismatch', label: binary.label };
  }
  const label = TEXT_LABEL[type] ?? type;
  if (detected && !TEXT_DETECTED.has(detected)) {
    await iterator.return?.();
    return { ok: false, reason: 'mismatch', label };
  }
  for (let chunk = head, done = first.done; !done; ) {
    if (chunk.some(isBinaryByte)) {
      await iterator.return?.();
      return { ok: false, reason: 'not-text', label };
    }
    const next = await iterator.next();
    [chunk, done] = [next.done ? new Uint8Array() : next.value, next.done];
  }
  return { ok: true };
}
