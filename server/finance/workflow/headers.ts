import type { Queryable } from '../../db/index.ts';
import type { Engine } from '../../resources/index.ts';
import type { ResourceRecord } from '../../resources/types.ts';
import { syncAccrual } from '../../ledger/finance.ts';
import { CLOSED_STATUSES } from '../ledgers.ts';
import { rowsWhere, updateRow } from '../rows.ts';
import type { Touched } from './common.ts';
import type { Side } from './sides.ts';

/**
 * The header of a lançamento follows its parcelas (docs/resources-finance-ap-ar.md §4, "Status of the
 * lançamento from its parcelas"): status by {@link Side.derive}, settled amount = Σ settled parcelas, next
 * due date = the earliest parcela still to settle. Called inside the action's transaction after the
 * parcelas changed; the lançamento's accrual in the general ledger follows its parcelas in that same
 * transaction (server/ledger: approval, cancellation, a new plan).
 */
export async function syncHeader(
  q: Queryable,
  engine: Engine,
  side: Side,
  header: ResourceRecord,
  actor: string,
  touched: Touched,
  extra: Record<string, unknown> = {},
): Promise<ResourceRecord> {
  const { ledger } = side;
  const parcels = await rowsWhere(q, engine.registry.get(ledger.installments)!, ledger.parentField, header.id, 'number');
  const open = parcels.filter((p) => !CLOSED_STATUSES.has(String(p.status)));
  const changes = {
    status: side.derive(parcels.map((p) => String(p.status))),
    [ledger.settledField]: parcels.filter((p) => p.status === side.settledStatus).reduce((s, p) => s + Number(p[ledger.settledField] ?? 0), 0),
    nextDueDate: open.map((p) => String(p.dueDate)).sort()[0] ?? null,
    ...extra,
  };
  touched.add(ledger.header);
  const updated = await updateRow(q, engine.registry.get(ledger.header)!, header, changes, actor);
  await syncAccrual(q, ledger.header, header.id, actor);
  return updated;
}

/** Sets the same changes on every parcela of `parcels` whose status is in `from` (one audited update each). */
export async function moveParcels(
  q: Queryable,
  engine: Engine,
  side: Side,
  parcels: readonly ResourceRecord[],
  from: readonly string[],
  changes: Record<string, unknown>,
  actor: string,
  touched: Touched,
): Promise<ResourceRecord[]> {
  const def = engine.registry.get(side.ledger.installments)!;
  const out: ResourceRecord[] = [];
  for (const p of parcels) out.push(from.includes(String(p.status)) ? await updateRow(q, def, p, changes, actor) : p);
  touched.add(side.ledger.installments);
  return out;
}
