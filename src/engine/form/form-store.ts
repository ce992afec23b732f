/**
 * The data of one form, outside React: sections read only their own fields and re-render only when one of
 * them changes (style.md: never the whole formData in a context; no god form re-rendering on each keystroke).
 */
export type FormData = Readonly<Record<string, unknown>>;
export type FormListener = (changed: ReadonlySet<string>, source: string | undefined) => void;

export interface FormStore {
  get(): FormData;
  /** Writes some fields; `source` names the writer (a section) so it can ignore its own echo. */
  set(patch: Record<string, unknown>, source?: string): void;
  /** Replaces everything (a record loaded, the other person's version taken) and the clean baseline. */
  reset(data: Record<string, unknown>, baseline?: Record<string, unknown>): void;
  subscribe(listener: FormListener): () => void;
  /** Whether any field differs from the baseline (empty values — undefined, null, '' — are equal). */
  isDirty(): boolean;
  /** Fields that differ from the baseline: what the user changed. */
  changedFields(): string[];
  /** The current data becomes the clean state (after a save). */
  markClean(): void;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';
/** Equality for "did the user change it": empties are one value; objects and arrays by content. */
export const sameValue = (a: unknown, b: unknown): boolean =>
  a === b || (isEmpty(a) && isEmpty(b)) || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));

/** @example const store = createFormStore({ name: 'Itaú' }); store.set({ name: 'Itaú Matriz' }); store.isDirty() // true */
export function createFormStore(initial: Record<string, unknown> = {}): FormStore {
  let data: FormData = { ...initial };
  let baseline: FormData = { ...initial };
  const listeners = new Set<FormListener>();
  const emit = (changed: Set<string>, source?: string) => {
    if (changed.size) for (const l of listeners) l(changed, source);
  };
  return {
    get: () => data,
    set(patch, source) {
      const changed = new Set<string>();
      const next = { ...data };
      for (const [k, v] of Object.entries(patch)) {
        if (next[k] === v) continue;
        next[k] = v;
        changed.add(k);
      }
      if (!changed.size) return;
      data = next;
      emit(changed, source);
    },
    reset(all, base = all) {
      const changed = new Set([...Object.keys(data), ...Object.keys(all)]);
      data = { ...all };
      baseline = { ...base };
      emit(changed, undefined);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isDirty: () => [...new Set([...Object.keys(data), ...Object.keys(baseline)])].some((k) => !sameValue(data[k], baseline[k])),
    changedFields: () => [...new Set([...Object.keys(data), ...Object.keys(baseline)])].filter((k) => !sameValue(data[k], baseline[k])),
    markClean() {
      baseline = { ...data };
    },
  };
}
