/**
 * Finds the registered payee (a company) of a PIX code: first by the PIX key it carries, then by the
 * merchant name (tag 59) through the resource's free-text search. Only a single match counts; otherwise the
 * form tells the person which name to look for.
 */
import type { DataProvider, Filter, ResourceRecord } from '../data/types.ts';

export interface PayeeQuery {
  /** Resource of the payee field's `x-ref` (e.g. `companies`). */
  resource: string;
  /** Field of that resource holding a PIX key (`pixKey`); the key search is skipped without it. */
  keyField?: string;
  /** Canonical PIX key read from the code (absent in dynamic codes). */
  key?: string;
  /** Merchant name of the code: at most 25 characters, often uppercase, without accents, cut mid-word. */
  name: string;
  /** Fields compared with the name when the search returns several records (the resource's `searchFields`). */
  nameFields: readonly string[];
  labelField: string;
  /** Narrows both searches (the payee of the same organization as the lançamento). */
  filters?: Filter[];
}

export type PayeeMatch =
  | { kind: 'one'; id: string; label: string; by: 'key' | 'name' }
  | { kind: 'many'; count: number }
  | { kind: 'none' };

/** Names in a BR Code are capped at 25 characters (EMV tag 59). */
const MERCHANT_NAME_MAX = 25;

const fold = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** Legal-form suffixes a merchant name may carry or omit (`… LTDA`, `… ME`): left out of the text search. */
const SUFFIX = /(?:\s+(?:ltda\.?|me|epp|eireli|s\.?\/?a\.?|mei))+\s*$/i;

/** The records whose name fields equal the merchant name (or start with it, when the name was cut at 25). */
function sameName(rows: readonly ResourceRecord[], query: PayeeQuery): ResourceRecord[] {
  const name = fold(query.name);
  const cut = query.name.length >= MERCHANT_NAME_MAX;
  return rows.filter((r) =>
    query.nameFields.some((f) => {
      const v = r[f];
      if (typeof v !== 'string' || !v) return false;
      const folded = fold(v);
      return folded === name || folded.replace(SUFFIX, '') === name.replace(SUFFIX, '') || (cut && folded.startsWith(name));
    }),
  );
}

const one = (row: ResourceRecord, query: PayeeQuery, by: 'key' | 'name'): PayeeMatch => {
  const label = row[query.labelField];
  return { kind: 'one', id: row.id, label: typeof label === 'string' && label ? label : row.id, by };
};

/**
 * @example await findPayee(data, { resource: 'companies', keyField: 'pixKey', key: '11222333000181', name: 'HORIZONTE EMPREENDIMENTOS',
 *   nameFields: ['legalName', 'tradeName'], labelField: 'legalName' }) // { kind: 'one', id: '…', label: 'Horizonte …', by: 'key' }
 */
export async function findPayee(data: DataProvider, query: PayeeQuery, signal?: AbortSignal): Promise<PayeeMatch> {
  let byKey: ResourceRecord[] = [];
  if (query.key && query.keyField) {
    try {
      byKey = (await data.getList({ resource: query.resource, page: 1, pageSize: 10, filters: [...(query.filters ?? []), { field: query.keyField, operator: 'eq', value: query.key }], signal })).rows;
    } catch {
      // The key field may not be filterable for this resource: the name search still runs.
      byKey = [];
    }
    if (byKey.length === 1) return one(byKey[0], query, 'key');
    const named = sameName(byKey, query);
    if (named.length === 1) return one(named[0], query, 'key');
  }
  const text = query.name.trim().replace(SUFFIX, '').trim() || query.name.trim();
  if (!text) return byKey.length > 1 ? { kind: 'many', count: byKey.length } : { kind: 'none' };
  const found = await data.getList({ resource: query.resource, page: 1, pageSize: 20, q: text, filters: query.filters, signal });
  if (found.total === 1 && found.rows.length === 1) return one(found.rows[0], query, 'name');
  const named = sameName(found.rows, query);
  if (named.length === 1) return one(named[0], query, 'name');
  const count = Math.max(found.total, byKey.length);
  return count > 1 ? { kind: 'many', count } : { kind: 'none' };
}
