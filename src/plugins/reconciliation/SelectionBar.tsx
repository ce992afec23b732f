import { Button, Popconfirm, Space, Typography } from 'antd';
import { formatBRL } from '../../i18n/format.ts';
import { money, plural } from './ui.tsx';

export interface SelectionBarProps {
  markedCount: number;
  markedSum: number;
  pickedCount: number;
  pickedSum: number;
  /** One marked line and movements for part of it, same direction: the rest that the split posts (else 0). */
  splitRest: number;
  busy: boolean;
  onMatch: () => void;
  onSplit: () => void;
  onClear: () => void;
}

/** Under the bank's lines: the marked lines × the ticked movements, both sums and the difference (N:1, split — D80). */
export function SelectionBar({ markedCount, markedSum, pickedCount, pickedSum, splitRest, busy, onMatch, onSplit, onClear }: SelectionBarProps) {
  return (
    <div data-testid="group-bar" role="group" aria-label="Conciliar lançamentos marcados" style={{ borderTop: '1px solid #f0f0f0', padding: '8px 12px', display: 'grid', gap: 6 }}>
      {!markedCount && !pickedCount ? (
        <Typography.Text type="secondary">
          Vários lançamentos do banco para uma movimentação, ou uma movimentação que cobre só parte de um lançamento? Marque os lançamentos (caixa à esquerda ou Espaço) e selecione as movimentações na tabela do sistema.
        </Typography.Text>
      ) : (
        <>
          <Typography.Text aria-live="polite">
            {plural(markedCount, 'lançamento marcado', 'lançamentos marcados')}: {money(markedSum)} · {plural(pickedCount, 'movimentação selecionada', 'movimentações selecionadas')}: {money(pickedSum)}
            {markedCount > 0 && pickedCount > 0 && markedSum !== pickedSum && <Typography.Text type="danger"> · diferença {formatBRL(markedSum - pickedSum)}</Typography.Text>}
          </Typography.Text>
          <Space wrap>
            <Button type="primary" disabled={busy || !markedCount || !pickedCount || markedSum !== pickedSum} onClick={onMatch}>
              Conciliar selecionadas
            </Button>
            {splitRest !== 0 && (
              <Popconfirm
                title={`Lançar a diferença de ${formatBRL(splitRest)}?`}
                description={<div style={{ maxWidth: 360 }}>Uma movimentação manual com a diferença, na data do banco, é criada e lançada no razão; o lançamento fica conciliado com todas.</div>}
                okText="Conciliar e lançar"
                cancelText="Cancelar"
                onConfirm={onSplit}
              >
                <Button disabled={busy}>Conciliar e lançar a diferença ({formatBRL(splitRest)})</Button>
              </Popconfirm>
            )}
            <Button disabled={busy} onClick={onClear}>
              Limpar seleção
            </Button>
          </Space>
        </>
      )}
    </div>
  );
}
