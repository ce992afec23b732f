/**
 * How far an approved order has gone, from where its lines are (docs/resources-procurement.md "Pedidos"):
 * quoted, awarded, ordered, received. The server recomputes it whenever a quote, a purchase order or a
 * receipt touches the order's lines; statuses before approval (and cancelled) are never changed here.
 */

export interface LineTrace {
  /** 1-based line of the order. */
  line: number;
  /** A live quote holds it (not cancelled); `awarded` once a winner was chosen for it. */
  quote?: 'OPEN' | 'AWARDED';
  /** A live purchase order holds it, with its receipt progress. */
  receipt?: 'PENDENTE' | 'PARCIAL' | 'RECEBIDO';
}

const FOLLOWS = new Set(['APROVADO', 'EM_COTACAO', 'COTADO', 'PEDIDO_GERADO', 'PARCIALMENTE_ATENDIDO', 'CONCLUIDO']);

/**
 * @example orderProgress('APROVADO', 2, [{ line: 1, quote: 'OPEN' }]) // 'EM_COTACAO'
 * @example orderProgress('COTADO', 1, [{ line: 1, quote: 'AWARDED', receipt: 'RECEBIDO' }]) // 'CONCLUIDO'
 */
export function orderProgress(status: string, lineCount: number, traces: readonly LineTrace[]): string {
  if (!FOLLOWS.has(status) || lineCount < 1) return status;
  const byLine = new Map<number, LineTrace>();
  for (const t of traces) {
    const prev = byLine.get(t.line);
    byLine.set(t.line, { line: t.line, quote: prev?.quote === 'AWARDED' ? 'AWARDED' : (t.quote ?? prev?.quote), receipt: t.receipt ?? prev?.receipt });
  }
  const lines = Array.from({ length: lineCount }, (_, i) => byLine.get(i + 1));
  if (lines.every((l) => l?.receipt === 'RECEBIDO')) return 'CONCLUIDO';
  if (lines.some((l) => l?.receipt === 'RECEBIDO' || l?.receipt === 'PARCIAL')) return 'PARCIALMENTE_ATENDIDO';
  if (lines.some((l) => l?.receipt)) return 'PEDIDO_GERADO';
  if (lines.every((l) => l?.quote === 'AWARDED')) return 'COTADO';
  if (lines.some((l) => l?.quote)) return 'EM_COTACAO';
  return 'APROVADO';
}
