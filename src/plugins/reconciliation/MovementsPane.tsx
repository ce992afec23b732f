import { Card, Tag } from 'antd';
import { memo } from 'react';
import { formatBRL, formatDate } from '../../i18n/format.ts';
import type { Movement } from './api.ts';
import { money } from './ui.tsx';
import { ScrollTable } from '../../renderers/antd/ScrollTable.tsx';

export interface MovementsPaneProps {
  movements: readonly Movement[];
  /** The movements the selected bank line is reconciled with (highlighted). */
  highlighted: readonly string[];
  canAct: boolean;
  /** The ticked movements (N:1, split). */
  picked: readonly string[];
  onPick: (ids: string[]) => void;
}

/**
 * The system's movements of the period: antd's virtual table (only the visible rows are in the document), a
 * checkbox per free movement for "Conciliar selecionadas" and the split; a reconciled movement is tagged and its
 * checkbox disabled.
 */
export const MovementsPane = memo(function MovementsPane({ movements, highlighted, canAct, picked, onPick }: MovementsPaneProps) {
  return (
    <Card size="small" title={`Movimentações do sistema (${movements.length})`} styles={{ body: { padding: 0 } }}>
      <ScrollTable
        label="Movimentos"
        size="small"
        rowKey="id"
        pagination={false}
        virtual
        scroll={{ y: 300 }}
        dataSource={movements as Movement[]}
        locale={{ emptyText: <span style={{ color: 'rgba(0, 0, 0, 0.72)' }}>Nenhuma movimentação neste período.</span> }}
        rowClassName={(m) => (highlighted.includes(m.id) ? 'ant-table-row-selected' : '')}
        rowSelection={
          canAct
            ? {
                hideSelectAll: true,
                columnWidth: 40,
                selectedRowKeys: picked as string[],
                onChange: (keys) => onPick(keys as string[]),
                getCheckboxProps: (m) => ({ disabled: !!m.reconciledBy, 'aria-label': `Selecionar ${m.description} de ${formatDate(m.date)}, ${formatBRL(m.amount)}` }),
              }
            : undefined
        }
        columns={[
          { title: 'Data', dataIndex: 'date', width: 100, render: (d: string) => formatDate(d) },
          {
            title: 'Descrição',
            dataIndex: 'description',
            ellipsis: true,
            render: (d: string, m) => (
              <span title={d}>
                {m.reconciledBy && <Tag color="green">conciliada</Tag>}
                {d}
              </span>
            ),
          },
          { title: 'Valor', dataIndex: 'amount', width: 124, align: 'right', render: (v: number) => money(v) },
        ]}
      />
    </Card>
  );
});
