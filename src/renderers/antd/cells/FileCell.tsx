import type { MouseEvent } from 'react';
import { isImageType, formatFileSize } from '../../../engine/files/file-types.ts';
import { hasFile, rankWith } from '../../../engine/registry.ts';
import { LIST_TEXT } from '../../../i18n/list.ts';
import { useEngine } from '../../../react/context.ts';
import { saveStoredFile, useFileInfo } from '../../../react/files.ts';
import { FileThumbnail } from '../files/FileThumbnail.tsx';
import { BRAND } from '../theme.ts';
import type { CellEntry, CellProps } from './types.ts';
import { EmptyValue } from './EmptyValue.tsx';

/** Thumbnail sizes: a list row is 44 px high; the record page has room. */
export const THUMBNAIL_SIZE = { list: 36, view: 160 } as const;

const linkStyle = {
  background: 'none', border: 0, padding: 0, margin: 0, font: 'inherit', color: BRAND.primary, cursor: 'pointer',
  minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', textAlign: 'left', lineHeight: 1.4,
} as const;

/**
 * A stored file (`x-file`): its name as a download link (the download carries the session's token) and, for
 * an image, a thumbnail — 36 px in lists, 160 px on the record page. Names and types come from the batched
 * look-up (`useFileInfo`: one call for the whole page); each thumbnail is one download.
 */
export function FileCell({ value, context = 'list' }: CellProps) {
  const engine = useEngine();
  const id = typeof value === 'string' && value ? value : undefined;
  const info = useFileInfo(id);
  if (!id) return <EmptyValue />;
  if (info.isPending) {
    return <span role="img" aria-busy="true" aria-label={LIST_TEXT.loading} style={{ display: 'inline-block', width: 120, height: 12, borderRadius: 4, background: BRAND.border }} />;
  }
  const file = info.data;
  if (!file || file.status !== 'complete') return <span style={{ color: BRAND.muted }} title={id}>{LIST_TEXT.fileUnavailable}</span>;
  const view = context === 'view';
  const download = (e: MouseEvent) => {
    // In a list the row is a link: the click downloads, it does not open the record.
    e.preventDefault();
    e.stopPropagation();
    saveStoredFile(engine, id, file.name).catch((err: unknown) => engine.notifyError(err));
  };
  return (
    <span style={{ display: 'inline-flex', flexDirection: view ? 'column' : 'row', alignItems: view ? 'flex-start' : 'center', gap: view ? 6 : 8, maxWidth: '100%', minWidth: 0, verticalAlign: 'middle' }}>
      {isImageType(file.contentType) && <FileThumbnail id={id} name={file.name} size={view ? THUMBNAIL_SIZE.view : THUMBNAIL_SIZE.list} />}
      <span style={{ display: 'inline-flex', alignItems: view ? 'baseline' : 'center', gap: 6, maxWidth: '100%', minWidth: 0 }}>
        <button type="button" className="bo-cell-control" style={linkStyle} onClick={download} title={LIST_TEXT.fileDownload(file.name)}>
          {file.name}
        </button>
        {view && <span style={{ color: BRAND.muted, fontSize: 13, flex: 'none' }}>{formatFileSize(file.size)}</span>}
      </span>
    </span>
  );
}

/** History and plain text have no look-up at hand: the id's first 8 characters, as the identifier cell. */
const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 8) : '');

const entry: CellEntry = { name: 'file', tester: rankWith(20, hasFile), component: { Cell: FileCell, text } };
export default entry;
