import type { CompiledResource, PropertySchema, ResourceSchema } from '../../src/engine/schema/index.ts';
import { fieldDef, overdueCondition, selectExpr, snakeCase, systemFields } from './fields.ts';
import { readMetadata, rememberNavigation } from './metadata.ts';
import { listFieldsOf } from './screens.ts';
import type { FieldDef, ResourceDef, SortTerm, UniqueDef } from './types.ts';

export type Registry = ReadonlyMap<string, ResourceDef>;

/** Index names are capped at 63 bytes by PostgreSQL; long ones keep a hash so they stay unique. */
export function indexName(table: string, cols: string[], kind: string): string {
  const name = `${table}_${cols.join('_')}_${kind}`;
  if (name.length <= 63) return name;
  let h = 0;
  for (const c of name) h = (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0;
  return `${name.slice(0, 54)}_${h.toString(36).slice(0, 8)}`;
}

const allowsNull = (p: PropertySchema) => p.type === 'null' || (Array.isArray(p.type) && p.type.includes('null'));

function need(def: Pick<ResourceDef, 'name'>, fields: Map<string, FieldDef>, name: string | undefined, what: string): FieldDef {
  const f = name === undefined ? undefined : fields.get(name);
  if (!f) throw new Error(`Recurso ${def.name}: ${what} "${name}" não é um campo do schema.`);
  return f;
}

function parseSort(def: Pick<ResourceDef, 'name'>, fields: Map<string, FieldDef>, spec: string | undefined): SortTerm[] {
  if (!spec) return [{ field: fields.get('createdAt')!, desc: true }];
  return spec.split(',').map((s) => {
    const desc = s.startsWith('-');
    return { field: need(def, fields, desc ? s.slice(1) : s, 'defaultSort'), desc };
  });
}

/**
 * The engine's model of one resource, from a schema the metadata loader already validated and compiled.
 * Throws, naming the resource and field, on what only the storage cares about.
 */
export function buildResource(schema: ResourceSchema, compiled: CompiledResource, listFields: string[] = []): ResourceDef {
  const x = schema['x-resource'];
  const all = Object.entries(schema.properties).map(([name, p]) => fieldDef(name, p));
  const fields = new Map<string, FieldDef>([...systemFields(), ...all].map((f) => [f.name, f]));
  // `x-overdue`: computed by the database on read (no column), from the status and a date of the same record.
  for (const f of all) {
    const spec = f.schema['x-overdue'];
    if (!spec) continue;
    const status = need({ name: x.name }, fields, x.statusField ?? 'status', 'x-overdue (campo de status)');
    f.derived = { condition: overdueCondition(status.column, need({ name: x.name }, fields, spec.date, 'x-overdue.date').column, spec.unless) };
  }
  const business = all.filter((f) => !f.derived);
  const table = snakeCase(x.name);
  const base = { name: x.name };
  const scope = {
    organization: x.recordScope?.organization ? need(base, fields, x.recordScope.organization, 'recordScope.organization') : undefined,
    costCenter: x.recordScope?.costCenter ? need(base, fields, x.recordScope.costCenter, 'recordScope.costCenter') : undefined,
  };
  for (const f of [scope.organization, scope.costCenter]) {
    if (f && f.kind !== 'uuid') throw new Error(`Recurso ${x.name}: o campo de escopo ${f.name} deve ser uma referência (x-ref).`);
  }
  const uniques: UniqueDef[] = [];
  for (const f of business) {
    const u = f.schema['x-unique'];
    if (!u) continue;
    const together = Array.isArray(u) ? u.map((n) => need(base, fields, n, 'x-unique')) : [];
    const cols = [f, ...together];
    uniques.push({ index: indexName(table, cols.map((c) => c.column), 'uq'), fields: cols.map((c) => c.name) });
  }
  const extraIndexes = (x.indexes ?? []).map((ix) => {
    const columns = ix.fields.map((n) => need(base, fields, n, 'indexes.fields').column);
    return {
      name: indexName(table, columns, 'rpt'),
      columns,
      include: (ix.include ?? []).map((n) => need(base, fields, n, 'indexes.include').column),
      where: ix.where ? { column: need(base, fields, ix.where.field, 'indexes.where').column, values: ix.where.in } : undefined,
    };
  });
  return {
    name: x.name,
    service: x.service,
    path: x.path,
    basePath: `/api/${x.service}/v1/${x.path}`,
    table,
    title: schema.title,
    titlePlural: x.titlePlural,
    schema,
    compiled,
    fields,
    business,
    labelField: need(base, fields, x.labelField, 'labelField'),
    searchFields: (x.searchFields ?? []).map((n) => need(base, fields, n, 'searchFields')),
    defaultSort: parseSort(base, fields, x.defaultSort),
    scope,
    uniques,
    extraIndexes,
    // Secrets (`writeOnly`) are written but never read back: no response, list, export or audit carries them.
    selectList: [...fields.values()].filter((f) => !f.writeOnly).map((f) => selectExpr(f)).join(', '),
    listFields: listFields.filter((n) => fields.has(n)),
    omitWhenNull: business.filter((f) => !allowsNull(f.schema)).map((f) => f.name),
  };
}

/** Cross-resource checks: every x-ref names a loaded resource; no two resources share a URL. */
function checkRegistry(registry: Registry): void {
  const paths = new Map<string, string>();
  for (const def of registry.values()) {
    const other = paths.get(def.basePath);
    if (other) throw new Error(`Recursos ${other} e ${def.name} usam o mesmo endereço ${def.basePath}.`);
    paths.set(def.basePath, def.name);
    for (const f of def.business) {
      const target = f.ref ?? f.schema.items?.['x-ref'];
      if (target && !registry.has(target)) throw new Error(`Recurso ${def.name}: o campo ${f.name} referencia "${target}", que não tem schema.`);
    }
  }
}

/**
 * Loads and checks every schema of `dir` and the screens of `../screens/` (shared metadata loader), then
 * builds the engine's model of each resource; the screens' list fields get indexes. An absent folder is
 * an empty registry.
 */
export async function loadRegistry(dir: string): Promise<Registry> {
  const meta = await readMetadata(dir, { hubs: true });
  rememberNavigation(dir, meta);
  const registry = new Map<string, ResourceDef>();
  for (const name of Object.keys(meta.resources).sort()) {
    const listFields = Object.values(meta.screens).filter((s) => s.resource === name).flatMap(listFieldsOf);
    registry.set(name, buildResource(meta.resources[name], meta.compiled[name], listFields));
  }
  checkRegistry(registry);
  return registry;
}
