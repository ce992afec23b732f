import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import type { ExportFormat, ListParams } from '../../../engine/data/types.ts';
import { LIST_TEXT } from '../../../i18n/list.ts';
import { useEngine } from '../../../react/context.ts';
import { useDataProvider } from '../../../react/resources.ts';
import { saveBlob } from './save-blob.ts';

export { saveBlob } from './save-blob.ts';

interface ExportButtonProps {
  formats: readonly ExportFormat[];
  criteria: Omit<ListParams, 'page' | 'pageSize'>;
  /** The columns the user sees, in order: the default export; "Todos os campos" sends every field. */
  visibleFields: readonly string[];
}

/**
 * CSV or XLSX of ALL rows matching the current search, filters and sort (the server streams them), with the
 * columns the user chose in the list or with every field of the record.
 */
export function ExportButton({ formats, criteria, visibleFields }: ExportButtonProps) {
  const data = useDataProvider();
  const engine = useEngine();
  const [busy, setBusy] = useState(false);
  if (!formats.length) return null;
  const run = async (format: ExportFormat, all: boolean) => {
    setBusy(true);
    try {
      const { blob, filename } = await data.exportFile({ ...criteria, format, fields: all ? undefined : [...visibleFields] });
      saveBlob(blob, filename);
      engine.snackbars.push({ type: 'success', message: LIST_TEXT.exportDone(filename) });
    } catch (err) {
      engine.notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  const label = { csv: LIST_TEXT.exportCsv, xlsx: LIST_TEXT.exportXlsx };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { type: 'group', key: 'visible', label: LIST_TEXT.exportVisible, children: formats.map((f) => ({ key: `visible:${f}`, label: label[f] })) },
          { type: 'group', key: 'all', label: LIST_TEXT.exportAll, children: formats.map((f) => ({ key: `all:${f}`, label: label[f] })) },
        ],
        onClick: ({ key }) => {
          const [scope, format] = key.split(':');
          void run(format as ExportFormat, scope === 'all');
        },
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy} aria-label={busy ? LIST_TEXT.exporting : LIST_TEXT.export}>
        {LIST_TEXT.export}
      </Button>
    </Dropdown>
  );
}
