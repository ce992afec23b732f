import { Card } from 'antd';
import { Link } from 'react-router-dom';
import { formatBRL } from '../../i18n/format.ts';
import type { AgingBucket } from './api.ts';
import { agingBucketLink, type AgingScope, type AgingSide } from './aging.ts';
import { Bars } from './Bars.tsx';

const TITLES: Record<AgingSide, string> = { pagar: 'Aging de contas a pagar', receber: 'Aging de contas a receber' };
const COLORS: Record<AgingSide, string> = { pagar: '#cf222e', receber: '#1a7f37' };

/**
 * One side's aging on the aging's date: a bar per bucket and a small table (bucket, parcelas, valor), each bucket
 * a link to the installments list filtered to the same parcelas.
 */
export function AgingCard({ side, buckets, today, scope }: { side: AgingSide; buckets: AgingBucket[] | undefined; today: string | undefined; scope: AgingScope }) {
  const title = TITLES[side];
  const rows = (buckets ?? []).map((b) => ({ ...b, to: today ? agingBucketLink(side, b.key, today, scope) : undefined }));
  return (
    <Card loading={!buckets}>
      <section aria-label={title} data-testid={`aging-${side}`}>
        <Bars title={`${title} (dias de atraso)`} height={160} bars={rows.map((b) => ({ label: b.label, to: b.to, values: [{ name: side === 'pagar' ? 'A pagar' : 'A receber', value: b.amount, color: COLORS[side] }] }))} />
        <table style={{ width: '100%', marginTop: 12, borderCollapse: 'collapse', fontSize: 13 }}>
          <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{title} por faixa de atraso</caption>
          <thead>
            <tr style={{ textAlign: 'left', borderBottom: '1px solid #d0d7de' }}>
              <th scope="col">Faixa</th>
              <th scope="col" style={{ textAlign: 'right' }}>Parcelas</th>
              <th scope="col" style={{ textAlign: 'right' }}>Valor</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((b) => (
              <tr key={b.key} style={{ borderBottom: '1px solid #eaeef2' }}>
                <th scope="row" style={{ fontWeight: 400, textAlign: 'left' }}>{b.to ? <Link to={b.to}>{b.label}</Link> : b.label}</th>
                <td style={{ textAlign: 'right' }}>{b.count.toLocaleString('pt-BR')}</td>
                <td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{formatBRL(b.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </Card>
  );
}
