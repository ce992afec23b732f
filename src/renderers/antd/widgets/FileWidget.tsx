import { useRef, useState } from 'react';
import { Button, Progress, Space, Typography } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { ACCEPT_ATTRIBUTE, fileContentType, formatFileSize, IMAGE_ACCEPT_ATTRIBUTE, isImageType } from '../../../engine/files/file-types.ts';
import { uploadFile } from '../../../engine/files/upload.ts';
import { HttpError } from '../../../engine/http/errors.ts';
import { hasFile, or, rankWith, requestedIs } from '../../../engine/registry.ts';
import { WIDGET_TEXT } from '../../../i18n/forms.ts';
import { LIST_TEXT } from '../../../i18n/list.ts';
import { useEngine } from '../../../react/context.ts';
import { saveStoredFile, useFileInfo, usePrimeFileInfo } from '../../../react/files.ts';
import { FileThumbnail } from '../files/FileThumbnail.tsx';
import { emptyValue } from './common.ts';
import { propertyOf, type WidgetEntry } from './types.ts';

/** Thumbnail of an uploaded image in the form. */
export const PREVIEW_SIZE = 96;

/**
 * A file attached to the record (an `x-file` field, or `"ui:widget": "file"`; the value is the file id). Sends
 * it in 64 KiB chunks with a progress bar (3 updates a second) and a cancel button; shows name and size, and a
 * thumbnail of an image (just uploaded or stored); downloads with the session's token. `x-file: "image"`
 * accepts only images.
 */
export function FileWidget(props: WidgetProps) {
  const engine = useEngine();
  const base = engine.api.service('commons');
  const token = () => engine.session.getSnapshot().accessToken;
  const imagesOnly = propertyOf(props)['x-file'] === 'image';
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = typeof props.value === 'string' && props.value ? props.value : undefined;
  const info = useFileInfo(id);
  const prime = usePrimeFileInfo();

  const send = async (file: File) => {
    setError(null);
    const type = fileContentType(file.name, file.type);
    if (!type) return setError(WIDGET_TEXT.fileUnsupported);
    if (imagesOnly && !isImageType(type)) return setError(WIDGET_TEXT.fileNotImage);
    abort.current = new AbortController();
    setProgress(0);
    try {
      const saved = await uploadFile({
        baseUrl: base, file, getAccessToken: token, signal: abort.current.signal,
        onProgress: (p) => setProgress(p.total ? Math.floor((p.loaded / p.total) * 100) : 100),
      });
      prime(saved);
      props.onChange(saved.id);
    } catch (err) {
      setError(abort.current?.signal.aborted ? WIDGET_TEXT.fileCanceled : err instanceof HttpError ? err.message : String(err));
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  const download = () => {
    if (id) saveStoredFile(engine, id, info.data?.name ?? 'arquivo').catch((err: unknown) => setError(err instanceof HttpError ? err.message : String(err)));
  };

  const disabled = props.disabled || props.readonly;
  const file = info.data;
  return (
    <>
    {/* Outside the Space: a hidden child would still take a slot and a gap above the file. */}
    <input ref={input} id={props.id} type="file" hidden accept={imagesOnly ? IMAGE_ACCEPT_ATTRIBUTE : ACCEPT_ATTRIBUTE} onChange={(e) => {
      const chosen = e.target.files?.[0];
      e.target.value = '';
      if (chosen) void send(chosen);
    }} />
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      {progress !== null ? (
        <Space>
          <Progress percent={progress} size="small" style={{ width: 200 }} aria-label={WIDGET_TEXT.fileUploading(progress)} />
          <Button size="small" onClick={() => abort.current?.abort()}>{WIDGET_TEXT.fileCancel}</Button>
        </Space>
      ) : id ? (
        <Space align="center" wrap>
          {file && isImageType(file.contentType) && <FileThumbnail id={id} name={file.name} size={PREVIEW_SIZE} />}
          <Space orientation="vertical" size={2}>
            <Space wrap>
              {file ? <Typography.Link onClick={download}>{file.name}</Typography.Link> : <Typography.Text type="secondary">{info.isPending ? '…' : LIST_TEXT.fileUnavailable}</Typography.Text>}
              {file && <Typography.Text type="secondary">{formatFileSize(file.size)}</Typography.Text>}
            </Space>
            {!disabled && <Button size="small" onClick={() => props.onChange(emptyValue(propertyOf(props)))}>{WIDGET_TEXT.fileRemove}</Button>}
          </Space>
        </Space>
      ) : (
        <Button disabled={disabled} onClick={() => input.current?.click()} onBlur={() => props.onBlur(props.id, props.value)}>{WIDGET_TEXT.fileChoose}</Button>
      )}
      {error && <Typography.Text type="danger" role="alert" style={{ fontSize: 12 }}>{error}</Typography.Text>}
    </Space>
    </>
  );
}

export const fileTester = rankWith(20, or(requestedIs('file'), hasFile));

export default { name: 'file', tester: fileTester, component: { kind: 'widget', Component: FileWidget } } satisfies WidgetEntry;
