import { undeclaredRequired } from './ajv.ts';
import { checkComparisons, checkRefFilter } from './check-rules.ts';
import { didYouMean } from './did-you-mean.ts';
import { statusOrder } from './locks.ts';
import type { Problem } from './metadata-error.ts';
import { compileResource, type CompiledResource } from './resource.ts';
import { isSystemField } from './system-fields.ts';
import type { PropertySchema, ResourceSchema } from './types.ts';

export const schemaFile = (name: string) => `schemas/${name}.schema.json`;

const isType = (p: PropertySchema | undefined, t: string) => p?.type === t || (Array.isArray(p?.type) && p.type.includes(t as never));

/**
 * What the meta-schema cannot see inside one resource file: names that must match the file, fields named
 * by `x-resource`, `x-ref` targets, `x-file` on uuid strings, `x-unique` partners, `x-readonly-after` statuses, `required` names,
 * and strict compilation. Returns the compiled resource when it compiles.
 */
export function checkResource(
  name: string,
  schema: ResourceSchema,
  known: ReadonlySet<string>,
  /** The other schemas (valid ones), for what `x-fill` reads of a referenced resource. */
  others: Readonly<Record<string, ResourceSchema>> = {},
): { problems: Problem[]; compiled?: CompiledResource } {
  const file = schemaFile(name);
  const problems: Problem[] = [];
  const add = (pointer: string, message: string) => problems.push({ file, pointer, message });
  const props = schema.properties;
  const missing = (field: string) => `campo "${field}" não existe em properties${didYouMean(field, Object.keys(props))}`;
  const x = schema['x-resource'];

  if (schema.$id !== name) add('/$id', `deve ser "${name}" (o nome do arquivo)`);
  if (x.name !== name) add('/x-resource/name', `deve ser "${name}" (o nome do arquivo)`);
  if (!props[x.labelField]) add('/x-resource/labelField', missing(x.labelField));
  x.searchFields?.forEach((f, i) => {
    if (!props[f]) add(`/x-resource/searchFields/${i}`, missing(f));
    else if (!isType(props[f], 'string')) add(`/x-resource/searchFields/${i}`, `a busca textual só usa campos de texto; "${f}" não é`);
  });
  for (const term of x.defaultSort?.split(',') ?? []) {
    const sortField = term.replace(/^-/, '');
    if (!props[sortField] && !isSystemField(sortField)) add('/x-resource/defaultSort', missing(sortField));
  }
  // `id` scopes a resource by its own records (organizations by organization, cost centers by cost center).
  for (const [k, f] of Object.entries(x.recordScope ?? {})) if (!props[f] && f !== 'id') add(`/x-resource/recordScope/${k}`, missing(f));
  if (x.statusField && !props[x.statusField]) add('/x-resource/statusField', missing(x.statusField));
  checkWriteOnly(schema, add);
  const statuses = statusOrder(schema);

  const walk = (properties: Record<string, PropertySchema>, base: string) => {
    for (const [field, p] of Object.entries(properties)) {
      const at = `${base}/${field}`;
      const ref = p['x-ref'];
      if (ref && !known.has(ref)) add(`${at}/x-ref`, `recurso "${ref}" não existe (${schemaFile(ref)})${didYouMean(ref, known)}`);
      const refFilter = p['x-ref-filter'];
      if (refFilter && ref) checkRefFilter(refFilter, ref, others, `${at}/x-ref-filter`, add);
      checkComparisons(p, field, properties, at, add);
      const fill = p['x-fill'];
      if (fill) {
        if (!ref) add(`${at}/x-fill`, 'x-fill só vale num campo x-ref (preenche a partir do registro escolhido)');
        for (const [to, from] of Object.entries(fill)) {
          if (!properties[to] || to === field) add(`${at}/x-fill/${to}`, `campo vizinho "${to}" não existe neste objeto`);
          else if (properties[to].readOnly) add(`${at}/x-fill/${to}`, `"${to}" é somente leitura: o servidor o calcula`);
          const target = ref ? others[ref] : undefined;
          if (target && !target.properties[from]) add(`${at}/x-fill/${to}`, `campo "${from}" não existe em ${schemaFile(ref!)}`);
          else if (target?.properties[from]?.writeOnly) add(`${at}/x-fill/${to}`, `"${from}" é um segredo (writeOnly)`);
        }
      }
      const unique = p['x-unique'];
      if (Array.isArray(unique)) unique.forEach((u, i) => { if (!properties[u]) add(`${at}/x-unique/${i}`, missing(u)); });
      const after = p['x-readonly-after'];
      (Array.isArray(after) ? after : after === undefined ? [] : [after]).forEach((s, i) => {
        const pointer = Array.isArray(after) ? `${at}/x-readonly-after/${i}` : `${at}/x-readonly-after`;
        if (!statuses.length) add(pointer, `o recurso não tem campo de status com enum/oneOf ("${x.statusField ?? 'status'}")`);
        else if (!statuses.includes(s)) add(pointer, `status "${s}" não existe; use um de: ${statuses.join(', ')}`);
      });
      if (p['x-file'] !== undefined && (!isType(p, 'string') || p.format !== 'uuid' || p['x-ref'])) {
        add(`${at}/x-file`, 'um campo x-file guarda o id de um arquivo: "type": "string" com "format": "uuid", sem x-ref');
      }
      const computed = p['x-computed'];
      if (computed && !isNumeric(p)) add(`${at}/type`, 'um campo calculado (x-computed) é numérico (integer ou number)');
      if (computed) checkComputed(computed, properties, `${at}/x-computed`, add);
      for (const [sibling] of Object.entries(p['x-money-when'] ?? {})) {
        if (!isNumeric(p)) add(`${at}/x-money-when`, 'x-money-when vale num campo numérico');
        if (!properties[sibling] || sibling === field) add(`${at}/x-money-when/${sibling}`, `campo vizinho "${sibling}" não existe neste objeto`);
      }
      if (p['x-total'] !== undefined && !p.items?.properties) add(`${at}/x-total`, 'x-total vale numa lista de itens (array de objetos)');
      const overdue = p['x-overdue'];
      if (overdue) checkOverdue(overdue, p, properties === props, props, statuses, `${at}`, add);
      if (p.properties) walk(p.properties, `${at}/properties`);
      if (p.items?.properties) walk(p.items.properties, `${at}/items/properties`);
    }
  };
  walk(props, '/properties');
  for (const r of undeclaredRequired(schema)) add(r.pointer, `campo obrigatório "${r.name}" não está em properties`);
  if (problems.length) return { problems };
  try {
    return { problems, compiled: compileResource(schema) };
  } catch (e) {
    add('', `o schema não compila: ${(e as Error).message}`);
    return { problems };
  }
}

const isNumeric = (p: PropertySchema | undefined) => isType(p, 'integer') || isType(p, 'number');

/** `x-computed` names numeric fields of the same object (`product`), or of the record and its line items (`sum`). */
function checkComputed(
  spec: NonNullable<PropertySchema['x-computed']>,
  siblings: Record<string, PropertySchema>,
  at: string,
  add: (pointer: string, message: string) => void,
): void {
  const terms = 'product' in spec ? spec.product.map((f) => ({ f, list: undefined as string | undefined })) : spec.sum.map((t) => {
    const [head, col] = t.replace(/^-/, '').split('[].');
    return col ? { f: col, list: head } : { f: head, list: undefined };
  });
  const key = 'product' in spec ? 'product' : 'sum';
  terms.forEach(({ f, list }, i) => {
    const pointer = `${at}/${key}/${i}`;
    const scope = list ? siblings[list]?.items?.properties : siblings;
    if (list && !scope) add(pointer, `"${list}" não é uma lista de itens (array de objetos) deste objeto`);
    else if (!scope?.[f]) add(pointer, `campo "${f}" não existe${list ? ` nos itens de "${list}"` : ' neste objeto'}`);
    else if (!isNumeric(scope[f])) add(pointer, `campo "${f}" não é numérico`);
  });
}

/**
 * `x-overdue` (computed by the database on read, never stored): a top-level `readOnly` boolean, its `date` a date
 * field of the record, its `unless` statuses of the record's status field.
 */
function checkOverdue(
  spec: NonNullable<PropertySchema['x-overdue']>,
  p: PropertySchema,
  topLevel: boolean,
  props: Record<string, PropertySchema>,
  statuses: readonly string[],
  at: string,
  add: (pointer: string, message: string) => void,
): void {
  if (!topLevel) add(`${at}/x-overdue`, 'x-overdue só vale em campos do registro (não em itens)');
  if (!isType(p, 'boolean') || p.readOnly !== true) add(`${at}/x-overdue`, 'um campo x-overdue é booleano e "readOnly": true (o banco o calcula na leitura)');
  const date = props[spec.date];
  if (!date) add(`${at}/x-overdue/date`, `campo "${spec.date}" não existe em properties`);
  else if (!isType(date, 'string') || date.format !== 'date') add(`${at}/x-overdue/date`, `campo "${spec.date}" não é uma data (format "date")`);
  spec.unless.forEach((s, i) => {
    if (!statuses.includes(s)) add(`${at}/x-overdue/unless/${i}`, statuses.length ? `status "${s}" não existe; use um de: ${statuses.join(', ')}` : 'o recurso não tem campo de status com enum/oneOf');
  });
}

/**
 * A `writeOnly` field (a secret) never leaves the server: it cannot name, find, sort or scope records, is
 * top-level only, and is not `required` — a client sending a record back as it received it has no value
 * for it, and an absent value on update keeps the stored one.
 */
function checkWriteOnly(schema: ResourceSchema, add: (pointer: string, message: string) => void): void {
  const x = schema['x-resource'];
  const secret = (f: string | undefined) => f !== undefined && schema.properties[f]?.writeOnly === true;
  const uses: [string, string | undefined][] = [
    ['/x-resource/labelField', x.labelField],
    ['/x-resource/statusField', x.statusField],
    ...(x.searchFields ?? []).map((f, i): [string, string] => [`/x-resource/searchFields/${i}`, f]),
    ...(x.defaultSort?.split(',') ?? []).map((t): [string, string] => ['/x-resource/defaultSort', t.replace(/^-/, '')]),
    ...Object.entries(x.recordScope ?? {}).map(([k, f]): [string, string] => [`/x-resource/recordScope/${k}`, f]),
  ];
  for (const [pointer, f] of uses) if (secret(f)) add(pointer, `campo "${f}" é writeOnly (segredo): a API nunca o devolve`);
  schema.required?.forEach((f, i) => {
    if (secret(f)) add(`/required/${i}`, `campo "${f}" é writeOnly: não pode ser obrigatório (ao editar, vazio mantém o valor gravado)`);
  });
  for (const [field, p] of Object.entries(schema.properties)) {
    if (!p.writeOnly) continue;
    const at = `/properties/${field}`;
    if (p.readOnly) add(`${at}/writeOnly`, 'um campo não pode ser readOnly e writeOnly ao mesmo tempo');
    if (p['x-unique'] || p['x-index'] || p['x-ref']) add(`${at}/writeOnly`, 'um segredo não tem índice, unicidade nem referência');
  }
  const nested = (p: PropertySchema, at: string) => {
    for (const [f, child] of Object.entries(p.properties ?? p.items?.properties ?? {})) {
      if (child.writeOnly) add(`${at}/${f}/writeOnly`, 'writeOnly só vale em campos do primeiro nível');
    }
  };
  for (const [field, p] of Object.entries(schema.properties)) nested(p, `/properties/${field}/${p.properties ? 'properties' : 'items/properties'}`);
}
