import { ORDERED_FORMATS } from './ajv-formats.ts';
import { isDataRef, type PropertySchema, type RefFilterValue, type ResourceSchema } from './types.ts';

type Add = (pointer: string, message: string) => void;

const isType = (p: PropertySchema | undefined, t: string) => p?.type === t || (Array.isArray(p?.type) && p.type.includes(t as never));
const isNumeric = (p: PropertySchema | undefined) => isType(p, 'integer') || isType(p, 'number');

const NUMBER_LIMITS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const;
const FORMAT_LIMITS = ['formatMinimum', 'formatMaximum', 'formatExclusiveMinimum', 'formatExclusiveMaximum'] as const;

/**
 * Comparisons between fields (`{ "$data": "1/<sibling>" }`, docs/schemas.md §3.5): the other field exists in the
 * same object, is not the field itself, and has a comparable type — numbers with numbers, a date with a date of the
 * same format. A literal `formatMinimum` is a valid value of the field's format.
 */
export function checkComparisons(p: PropertySchema, field: string, siblings: Record<string, PropertySchema>, at: string, add: Add): void {
  for (const key of [...NUMBER_LIMITS, ...FORMAT_LIMITS, 'const'] as const) {
    const limit = p[key as keyof PropertySchema];
    if (!isDataRef(limit)) continue;
    const pointer = `${at}/${key}/$data`;
    const other = limit.$data.slice(2);
    const sibling = Object.hasOwn(siblings, other) ? siblings[other] : undefined;
    if (!sibling) add(pointer, `campo "${other}" não existe neste objeto`);
    else if (other === field) add(pointer, 'compare com outro campo, não com o próprio');
    else if ((NUMBER_LIMITS as readonly string[]).includes(key) && (!isNumeric(p) || !isNumeric(sibling))) {
      add(pointer, `${key} compara números: "${field}" e "${other}" devem ser numéricos (integer/number)`);
    } else if ((FORMAT_LIMITS as readonly string[]).includes(key) && sibling.format !== p.format) {
      add(pointer, `${key} compara valores do mesmo formato: "${other}" tem format "${sibling.format ?? '(nenhum)'}", "${field}" tem "${p.format}"`);
    } else if (sibling.writeOnly) add(pointer, `"${other}" é um segredo (writeOnly)`);
  }
  for (const key of FORMAT_LIMITS) {
    const limit = p[key];
    if (typeof limit === 'string' && p.format && (ORDERED_FORMATS as readonly string[]).includes(p.format) && !validLiteral(p.format, limit)) {
      add(`${at}/${key}`, `"${limit}" não é um valor canônico do formato ${p.format} (ex.: 2026-12-31, 2026-12, 2026-12-31T00:00:00Z)`);
    }
  }
}

const validLiteral = (format: string, v: string) =>
  format === 'date' ? /^\d{4}-\d{2}-\d{2}$/.test(v) : format === 'competence' ? /^\d{4}-\d{2}$/.test(v) : !Number.isNaN(Date.parse(v));

/** The options a field accepts (`oneOf` consts or `enum`), when it lists them. */
const optionsOf = (p: PropertySchema): unknown[] | undefined => (p.oneOf ? p.oneOf.map((o) => o.const) : p.enum);

/**
 * `x-ref-filter` (docs/schemas.md §3.3): every key names a field of the target (`kind`) or, through one of its
 * references, a field one step further (`companyTypeId.kind`); no secret; values of a field with options are
 * among them.
 */
export function checkRefFilter(
  filter: Record<string, RefFilterValue>,
  ref: string,
  others: Readonly<Record<string, ResourceSchema>>,
  at: string,
  add: Add,
): void {
  const target = others[ref];
  if (!target) return;
  for (const [key, value] of Object.entries(filter)) {
    const pointer = `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const [head, tail] = key.split('.');
    const first = Object.hasOwn(target.properties, head) ? target.properties[head] : undefined;
    if (!first) {
      add(pointer, `campo "${head}" não existe em schemas/${ref}.schema.json`);
      continue;
    }
    let leaf = first;
    let where = ref;
    if (tail !== undefined) {
      const next = first['x-ref'];
      const nextSchema = next ? others[next] : undefined;
      if (!next) {
        add(pointer, `"${head}" não é uma referência (x-ref) em schemas/${ref}.schema.json: só um campo x-ref leva a "${head}.${tail}"`);
        continue;
      }
      if (!nextSchema) continue;
      if (!Object.hasOwn(nextSchema.properties, tail)) {
        add(pointer, `campo "${tail}" não existe em schemas/${next}.schema.json`);
        continue;
      }
      leaf = nextSchema.properties[tail];
      where = next;
    }
    if (leaf.writeOnly) add(pointer, 'um segredo (writeOnly) não filtra registros');
    else if (isType(leaf, 'object') || isType(leaf, 'array')) add(pointer, 'filtre por um campo simples (texto, número, booleano, id), não por lista ou objeto');
    const options = optionsOf(leaf);
    if (options) {
      for (const v of Array.isArray(value) ? value : [value]) {
        if (!options.includes(v)) add(pointer, `valor ${JSON.stringify(v)} não é uma opção de "${tail ?? head}" em schemas/${where}.schema.json; use um de: ${options.map((o) => JSON.stringify(o)).join(', ')}`);
      }
    }
  }
}
