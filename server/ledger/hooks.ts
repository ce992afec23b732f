import type { Engine, ResourceHooks } from '../resources/index.ts';
import { syncAccrual, syncManualMovement, syncOpening } from './finance.ts';
import type { DocSide } from './rules.ts';

/**
 * The generic writes that move the ledger, as `afterWrite` hooks composed after the finance rules (same
 * transaction): a lançamento created or edited (a receivable is recognized when registered; a new plan or
 * category of an approved payable is an adjustment), a parcela edited, a manual bank movement, a bank
 * account's opening balance.
 */

function after(prev: ResourceHooks | undefined, fn: NonNullable<ResourceHooks['afterWrite']>): ResourceHooks {
  return {
    beforeLock: prev?.beforeLock,
    beforeWrite: prev?.beforeWrite,
    async afterWrite(ctx) {
      await prev?.afterWrite?.(ctx);
      await fn(ctx);
    },
  };
}

const PARENT: Record<string, { side: DocSide; field: string }> = {
  'payable-installments': { side: 'payables', field: 'payableId' },
  'receivable-installments': { side: 'receivables', field: 'receivableId' },
};

export function registerLedgerHooks(engine: Engine): void {
  const hooks = engine.hooks!;
  const wrap = (name: string, fn: NonNullable<ResourceHooks['afterWrite']>) => {
    if (engine.registry.has(name)) hooks.set(name, after(hooks.get(name), fn));
  };
  for (const side of ['payables', 'receivables'] as const) {
    wrap(side, (ctx) => syncAccrual(ctx.q, side, ctx.row.id, ctx.principal.userId));
  }
  for (const [name, parent] of Object.entries(PARENT)) {
    wrap(name, (ctx) => syncAccrual(ctx.q, parent.side, String(ctx.row[parent.field]), ctx.principal.userId));
  }
  wrap('bank-transactions', (ctx) => syncManualMovement(ctx.q, ctx.row.id, ctx.principal.userId));
  wrap('bank-accounts', (ctx) => syncOpening(ctx.q, ctx.row.id, ctx.principal.userId));
}
