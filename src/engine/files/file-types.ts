/**
 * What the files endpoint (`/api/commons/v1/files`) accepts, shared by the server (415 otherwise) and the
 * upload widget (`accept`, a check before sending). Chunks are 64 KiB (spec §9).
 */
export const CHUNK_SIZE = 64 * 1024;

/** Content type → extensions. Documents of a finance back office: invoices, statements, spreadsheets, images. */
export const FILE_TYPES = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/webp': ['webp'],
  'text/plain': ['txt', 'rem', 'ret'],
  'text/csv': ['csv'],
  'application/xml': ['xml'],
  'text/xml': [],
  'application/x-ofx': ['ofx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/msword': ['doc'],
  'application/zip': ['zip'],
} as const satisfies Record<string, readonly string[]>;

export type FileContentType = keyof typeof FILE_TYPES;

const BY_EXTENSION = new Map<string, FileContentType>(
  Object.entries(FILE_TYPES).flatMap(([type, exts]) => exts.map((e) => [e, type as FileContentType])),
);

/**
 * The allowed content type of a file, or undefined. A known extension decides (browsers send '' or
 * octet-stream for `.ofx`/`.ret`, and Windows with Excel calls a `.csv` "application/vnd.ms-excel"); without
 * one, the declared type. A declared type outside the list is refused whatever the name. The server then
 * checks the bytes against the type (server/commons/file-sniff.ts).
 * @example fileContentType('extrato.ofx', '') // 'application/x-ofx'
 * @example fileContentType('extrato.csv', 'application/vnd.ms-excel') // 'text/csv'
 */
export function fileContentType(name: string, declared: string | undefined): FileContentType | undefined {
  const type = (declared ?? '').split(';')[0].trim().toLowerCase();
  const allowed = Object.hasOwn(FILE_TYPES, type);
  if (type && type !== 'application/octet-stream' && !allowed) return undefined;
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  const byExtension = ext ? BY_EXTENSION.get(ext) : undefined;
  return byExtension ?? (allowed ? (type as FileContentType) : undefined);
}

/** For `<input accept>`: every allowed extension. */
export const ACCEPT_ATTRIBUTE = [...BY_EXTENSION.keys()].map((e) => `.${e}`).join(',');

/** The allowed image types: browsers show them in `<img>` (thumbnails), and `x-file: "image"` accepts only these. */
export const IMAGE_TYPES: readonly FileContentType[] = ['image/png', 'image/jpeg', 'image/webp'];

export const isImageType = (contentType: string | undefined): boolean =>
  !!contentType && (IMAGE_TYPES as readonly string[]).includes(contentType.split(';')[0].trim().toLowerCase());

/** For `<input accept>` of an image-only field (`x-file: "image"`). */
export const IMAGE_ACCEPT_ATTRIBUTE = IMAGE_TYPES.flatMap((t) => FILE_TYPES[t]).map((e) => `.${e}`).join(',');

/**
 * Most ids `GET /files?id=a&id=b` answers in one call: ~40 characters each keeps the URL near 6 KB, far below
 * Node's 16 KB request line (as the labels of references, D12).
 */
export const FILES_BATCH_MAX = 150;

/** `1536` → `1,5 KB` (pt-BR, powers of 1024). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) [v, i] = [v / 1024, i + 1];
  return `${v.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} ${units[i]}`;
}
