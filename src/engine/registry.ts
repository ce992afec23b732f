/**
 * Ranked-tester registry (style.md #2): every entry says how well it fits a context; the highest rank wins,
 * `NOT_APPLICABLE` (-1) means "not me". Plugins override a format by registering a higher rank.
 * The engine knows nothing of React: `T` is whatever the renderer layer stores (a component).
 *
 * @example
 * const widgets = createRegistry<Widget, FieldContext>();
 * widgets.register({ name: 'money', tester: rankWith(10, formatIs('money')), component: MoneyWidget });
 * widgets.resolve({ schema: { type: 'integer', format: 'money' }, path: 'amount' })?.component; // MoneyWidget
 */
import type { PropertySchema } from './schema/types.ts';

export const NOT_APPLICABLE = -1;

export type Tester<C> = (ctx: C) => number;
export type Predicate<C> = (ctx: C) => boolean;

export interface RegistryEntry<T, C> {
  /** Unique name; registering the same name again replaces the entry. */
  name: string;
  tester: Tester<C>;
  component: T;
}

export interface Registry<T, C> {
  register(entry: RegistryEntry<T, C>): () => void;
  resolve(ctx: C): RegistryEntry<T, C> | undefined;
  get(name: string): RegistryEntry<T, C> | undefined;
  entries(): RegistryEntry<T, C>[];
}

export function createRegistry<T, C>(initial: RegistryEntry<T, C>[] = []): Registry<T, C> {
  const byName = new Map<string, RegistryEntry<T, C>>();
  const registry: Registry<T, C> = {
    register(entry) {
      byName.set(entry.name, entry);
      return () => {
        if (byName.get(entry.name) === entry) byName.delete(entry.name);
      };
    },
    resolve(ctx) {
      let best: RegistryEntry<T, C> | undefined;
      let bestRank = NOT_APPLICABLE;
      for (const entry of byName.values()) {
        const rank = entry.tester(ctx);
        // Later registrations win ties, so an override of the same rank replaces the default.
        if (rank > NOT_APPLICABLE && rank >= bestRank) {
          best = entry;
          bestRank = rank;
        }
      }
      return best;
    },
    get: (name) => byName.get(name),
    entries: () => [...byName.values()],
  };
  initial.forEach((e) => registry.register(e));
  return registry;
}

/** What widget and cell testers look at. */
export interface FieldContext {
  /** The property's schema. */
  schema: PropertySchema;
  /** Dotted path of the field (`items.0.amount`), for messages such as the Unknown fallback. */
  path: string;
  /** Resource the field belongs to. */
  resource?: string;
  /** Explicit name from the screen file (`"cell": "status"`, `"ui:widget": "money"`). */
  requested?: string;
}

/** `rankWith(5, formatIs('money'))` → 5 when the predicate holds, else NOT_APPLICABLE. */
export const rankWith =
  <C>(rank: number, predicate: Predicate<C>): Tester<C> =>
  (ctx) =>
    predicate(ctx) ? rank : NOT_APPLICABLE;

const typesOf = (s: PropertySchema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

export const formatIs =
  (format: string): Predicate<FieldContext> =>
  (ctx) =>
    ctx.schema.format === format;
export const typeIs =
  (type: string): Predicate<FieldContext> =>
  (ctx) =>
    typesOf(ctx.schema).includes(type);
export const hasRef: Predicate<FieldContext> = (ctx) => typeof ctx.schema['x-ref'] === 'string';
/** A file id (`x-file`, docs/schemas.md §5). */
export const hasFile: Predicate<FieldContext> = (ctx) => ctx.schema['x-file'] !== undefined;
export const hasOptions: Predicate<FieldContext> = (ctx) => Array.isArray(ctx.schema.oneOf) || Array.isArray(ctx.schema.enum);
export const requestedIs =
  (name: string): Predicate<FieldContext> =>
  (ctx) =>
    ctx.requested === name;
export const and =
  <C>(...ps: Predicate<C>[]): Predicate<C> =>
  (ctx) =>
    ps.every((p) => p(ctx));
export const or =
  <C>(...ps: Predicate<C>[]): Predicate<C> =>
  (ctx) =>
    ps.some((p) => p(ctx));
