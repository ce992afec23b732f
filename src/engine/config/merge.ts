type Json = Record<string, unknown>;
interface Keyed {
  key: string;
  remove?: boolean;
  children?: unknown;
  [k: string]: unknown;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isKeyedList = (v: unknown): v is Keyed[] => Array.isArray(v) && v.every((x) => isObject(x) && typeof x.key === 'string');

/** Lists merged by `key` rather than replaced: the navigation's groups, modules and a module's children. */
const KEYED = new Set(['groups', 'modules', 'children']);

/**
 * Merges a tenant override over the app config (docs/screens.md §10). Objects merge deeply; the lists of groups,
 * modules and a module's children merge **by `key`**: the same key changes only the fields given (children merged
 * the same way), a new key is added at the end, `"remove": true` drops one. Other arrays and values replace.
 * @example
 * mergeAppConfig({ groups: [{ key: 'a', title: 'A' }, { key: 'b', title: 'B' }] }, { groups: [{ key: 'a', title: 'Á' }] })
 * // { groups: [{ key: 'a', title: 'Á' }, { key: 'b', title: 'B' }] }
 */
export function mergeAppConfig(base: Json, override: Json): Json {
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(override)) {
    const cur = out[k];
    if (KEYED.has(k) && isKeyedList(cur) && isKeyedList(v)) out[k] = mergeByKey(cur, v);
    else if (isObject(cur) && isObject(v)) out[k] = mergeAppConfig(cur, v);
    else out[k] = v;
  }
  return out;
}

function mergeByKey(base: Keyed[], override: Keyed[]): Keyed[] {
  const byKey = new Map(base.map((m) => [m.key, m] as const));
  for (const m of override) {
    if (m.remove) byKey.delete(m.key);
    else {
      const cur = byKey.get(m.key);
      byKey.set(m.key, (cur ? mergeAppConfig(cur, m) : m) as Keyed);
    }
  }
  return [...byKey.values()];
}
