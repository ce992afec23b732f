import type { ValidateFunction } from 'ajv';
import { compile, resources } from 'virtual:validators';
import { resourceFromValidators, type CompiledResource } from '../../../engine/schema/resource-validation.ts';
import { createRjsfValidator } from './rjsf-validator.ts';
import { fieldKey, schemaKey } from '../../../engine/schema/schema-key.ts';
import type { ResourceSchema } from '../../../engine/schema/types.ts';

let validator: ReturnType<typeof createRjsfValidator> | undefined;

/** One RJSF validator for the sections of every form: no schema compiler (docs/decisions.md D29). */
export const formValidator = () => (validator ??= createRjsfValidator());

type Module = Record<string, ValidateFunction>;

/** A promise React's `use()` reads at once when it already settled (no Suspense fallback flashing). */
type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

function tracked<T>(p: Promise<T>): Tracked<T> {
  const t = p as Tracked<T>;
  t.status = 'pending';
  t.then((value) => Object.assign(t, { status: 'fulfilled', value }), (reason) => Object.assign(t, { status: 'rejected', reason }));
  return t;
}

const fulfilled = <T,>(value: T): Tracked<T> => Object.assign(Promise.resolve(value), { status: 'fulfilled' as const, value });

const fieldOf = (schema: ResourceSchema, name: string) => fieldKey(schema.properties[name], (schema.required ?? []).includes(name));

/**
 * A schema built at run time (the widget samples page): no whole-body validator was precompiled, so the body is
 * checked field by field with the validators of the same properties in the resources' modules, plus unknown
 * fields. Same messages; rules across fields (`allOf`) are not checked here (the server still checks them).
 */
function composed(schema: ResourceSchema, modules: Module[]): CompiledResource {
  const byKey = new Map(modules.flatMap((m) => Object.entries(m).filter(([k]) => k.startsWith('f_')).map(([k, fn]) => [k.slice(2), fn] as const)));
  const field = (name: string) => (Object.hasOwn(schema.properties, name) ? byKey.get(fieldOf(schema, name)) : undefined);
  const check = ((body: Record<string, unknown>) => {
    const errors = [];
    for (const name of Object.keys(schema.properties)) {
      const fn = field(name);
      if (fn && !fn(name in body ? { [name]: body[name] } : {})) errors.push(...(fn.errors ?? []));
    }
    for (const k of Object.keys(body)) {
      if (!Object.hasOwn(schema.properties, k)) errors.push({ instancePath: '', schemaPath: '#/additionalProperties', keyword: 'additionalProperties', params: { additionalProperty: k } });
    }
    check.errors = errors.length ? errors : null;
    return !errors.length;
  }) as ValidateFunction;
  return resourceFromValidators(schema, { check, field });
}

async function load(schema: ResourceSchema): Promise<CompiledResource> {
  const loader = resources[schemaKey(schema)];
  if (loader) {
    const mod = await loader();
    return resourceFromValidators(schema, { check: mod.full, field: (name) => (Object.hasOwn(schema.properties, name) ? mod[`f_${fieldOf(schema, name)}`] : undefined) });
  }
  return composed(schema, await Promise.all(Object.values(resources).map((l) => l())));
}

const cache = new WeakMap<ResourceSchema, Tracked<CompiledResource>>();

/**
 * The resource's validators, precompiled at build time (scripts/vite-validators.ts) with the server's ajv
 * dialect, formats and pt-BR messages: submit runs `validate(body)` and blur `validateField(name, value)`, so a
 * form shows exactly what the API would answer, and the browser never compiles code. Unit tests compile at
 * run time instead. One promise per schema, for `use()`.
 */
export function loadCompiledForm(schema: ResourceSchema): Promise<CompiledResource> {
  let p = cache.get(schema);
  if (!p) {
    p = compile ? fulfilled(compile(schema)) : tracked(load(schema));
    cache.set(schema, p);
  }
  return p;
}
