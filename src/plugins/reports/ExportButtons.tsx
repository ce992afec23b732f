import { DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useEngine } from '../../react/context.ts';
import { downloadTable, type ReportTable } from './table.ts';

/** "Exportar CSV" and "Exportar XLSX" of a report: the same table (what the page shows, with its filters) in either format. */
export function ExportButtons({ name, build, disabled }: { name: string; build: () => ReportTable | Promise<ReportTable>; disabled?: boolean }) {
  const engine = useEngine();
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(format);
    try {
      await downloadTable(format, name, await build());
    } catch (err) {
      engine.notifyError(err);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space>
      <Button icon={<DownloadOutlined />} loading={busy === 'csv'} disabled={disabled || (busy !== null && busy !== 'csv')} onClick={() => void run('csv')}>Exportar CSV</Button>
      <Button icon={<FileExcelOutlined />} loading={busy === 'xlsx'} disabled={disabled || (busy !== null && busy !== 'xlsx')} onClick={() => void run('xlsx')}>Exportar XLSX</Button>
    </Space>
  );
}
