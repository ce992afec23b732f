import type { FieldContext } from '../../../engine/registry.ts';
import { SAMPLE_FIELDS } from './sample-schemas.ts';

export interface BestSample {
  field: string;
  rank: number;
  schema: FieldContext['schema'];
  value: unknown;
}

/**
 * For a registry entry: the sample field that shows it best (how its tester sees our vocabulary). Fields
 * where the entry actually wins the registry come first, then the highest rank.
 */
export function bestSample(tester: (ctx: FieldContext) => number, wins: (ctx: FieldContext) => boolean = () => false, name?: string): BestSample | undefined {
  const found = search(tester, wins);
  // Entries chosen only by name (`"ui:widget": "radio"`, `"cell": "boolean-tag"`): try them as requested.
  return found ?? (name ? search(tester, wins, name) : undefined);
}

function search(tester: (ctx: FieldContext) => number, wins: (ctx: FieldContext) => boolean, requested?: string): BestSample | undefined {
  let best: (BestSample & { won: boolean }) | undefined;
  // An entry asked for by name shows on the sample made for it, when there is one.
  const own = requested ? SAMPLE_FIELDS.filter((f) => f.widget === requested) : [];
  for (const f of own.length ? own : SAMPLE_FIELDS) {
    const ctx = { schema: f.schema, path: f.field, requested };
    const rank = tester(ctx);
    if (rank < 0) continue;
    const won = wins(ctx);
    if (!best || (won && !best.won) || (won === best.won && rank > best.rank)) best = { field: f.field, rank, schema: f.schema, value: f.value, won };
  }
  return best && { field: best.field, rank: best.rank, schema: best.schema, value: best.value };
}
