import { FileImageOutlined } from '@ant-design/icons';
import type { CSSProperties } from 'react';
import { LIST_TEXT } from '../../../i18n/list.ts';
import { useFileObjectUrl } from '../../../react/files.ts';
import { BRAND } from '../theme.ts';

/**
 * A square thumbnail of a stored image (`x-file` cells and the upload widget): downloaded with the session's
 * token as a blob URL (one request per mounted image), revoked on unmount. A grey square while it loads, an
 * image icon when the download fails.
 */
export function FileThumbnail({ id, name, size }: { id: string; name: string; size: number }) {
  const { url, failed } = useFileObjectUrl(id);
  const box: CSSProperties = {
    width: size, height: size, flex: 'none', borderRadius: size > 60 ? 6 : 4, border: `1px solid ${BRAND.border}`, background: '#f5f7fa',
    display: 'inline-flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden', boxSizing: 'border-box',
  };
  if (url) return <img src={url} alt={LIST_TEXT.fileThumbnail(name)} width={size} height={size} data-testid="file-thumbnail" style={{ ...box, objectFit: size > 60 ? 'contain' : 'cover', display: 'block' }} />;
  if (failed) return <span style={{ ...box, color: BRAND.muted, fontSize: Math.round(size / 2) }} title={name}><FileImageOutlined /></span>;
  return <span style={box} role="img" aria-busy="true" aria-label={LIST_TEXT.loading} />;
}
