import type { ValidateFunction } from 'ajv';
import { createAjv, undeclaredRequired, type Ajv2020 } from './ajv.ts';
import { bodySchema, fieldSchema, resourceFromValidators, type CompiledResource } from './resource-validation.ts';
import type { ResourceSchema } from './types.ts';

export {
  bodySchema, fieldSchema, resourceFromValidators, type CompiledResource, type ResourceValidators, type ValidateOptions,
} from './resource-validation.ts';

let sharedAjv: Ajv2020 | undefined;
const defaultAjv = () => (sharedAjv ??= createAjv());

/**
 * Compiles a resource schema once; validate many bodies with it (server and client use the same code).
 * @example
 * const banks = compileResource(bankSchema);
 * banks.validate({ ispb: '123', name: '' })
 * // { ispb: ['Formato inválido.'], name: ['Campo obrigatório.'], fullName: ['Campo obrigatório.'] }
 * banks.validate({ active: false }, { partial: true }) // null
 */
export function compileResource(schema: ResourceSchema, ajv: Ajv2020 = defaultAjv()): CompiledResource {
  // No $id in what ajv sees: the same resource may be compiled again (tests, hot reload) without
  // "schema already exists"; references between resources are x-ref data, never $ref.
  const typo = undeclaredRequired(schema)[0];
  if (typo) throw new Error(`${schema.$id}: ${typo.pointer}: campo obrigatório "${typo.name}" não está em properties`);
  const check = ajv.compile(bodySchema(schema));
  const fields = new Map<string, ValidateFunction>();
  return resourceFromValidators(schema, {
    check,
    field(name) {
      let fn = fields.get(name);
      if (!fn) fields.set(name, (fn = ajv.compile(fieldSchema(schema, name))));
      return fn;
    },
  });
}

