import { createRegistry, type FieldContext } from '../../../engine/registry.ts';
import arrayCell from './ArrayCell.tsx';
import booleanCell from './BooleanCell.tsx';
import competenceCell from './CompetenceCell.tsx';
import dateCell from './DateCell.tsx';
import dateTimeCell from './DateTimeCell.tsx';
import enumCell from './EnumCell.tsx';
import fileCell from './FileCell.tsx';
import linkCell from './LinkCell.tsx';
import maskedCell from './MaskedCell.tsx';
import moneyCell from './MoneyCell.tsx';
import numberCell from './NumberCell.tsx';
import overdueCell from './OverdueCell.tsx';
import percentCell from './PercentCell.tsx';
import refCell from './RefCell.tsx';
import refListCell from './RefListCell.tsx';
import scopeEntriesCell from './ScopeEntriesCell.tsx';
import textCell from './TextCell.tsx';
import type { CellDefinition, CellEntry } from './types.ts';
import moneyWhenCell from './MoneyWhenCell.tsx';
import unknownCell from './UnknownCell.tsx';
import uuidCell from './UuidCell.tsx';

/**
 * The cell registry of lists and record pages (ranked testers, style.md #2). A plugin overrides a format by
 * registering an entry with a higher rank (`cells.register({ name: 'money-plugin', tester: rankWith(50, …) })`).
 * A screen column's `"cell": "<name>"` picks an entry by name.
 */
export const cells = createRegistry<CellDefinition, FieldContext>([
  textCell, numberCell, moneyCell, dateCell, dateTimeCell, competenceCell, percentCell, maskedCell, booleanCell,
  enumCell, refCell, uuidCell, linkCell, arrayCell, scopeEntriesCell, refListCell, overdueCell, fileCell, moneyWhenCell,
]);

export const UNKNOWN_CELL: CellEntry = unknownCell;

/** The best cell for a field: the column's requested name, else the highest-ranked tester, else Unknown. */
export function resolveCell(ctx: FieldContext): CellEntry {
  if (ctx.requested) {
    const named = cells.get(ctx.requested);
    if (named) return named;
  }
  return cells.resolve(ctx) ?? UNKNOWN_CELL;
}
