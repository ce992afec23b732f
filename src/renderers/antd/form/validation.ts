import type { Ajv2020 } from '../../../engine/schema/ajv.ts';
import { compileResource, type CompiledResource } from '../../../engine/schema/resource.ts';
import { createRjsfValidator } from '../../../engine/schema/rjsf-validator.ts';
import type { ResourceSchema } from '../../../engine/schema/types.ts';

let validator: ReturnType<typeof createRjsfValidator> | undefined;

/** One RJSF validator for the app (it caches compiled schemas): our ajv dialect, formats and pt-BR messages. */
export const formValidator = () => (validator ??= createRjsfValidator());

const compiled = new WeakMap<ResourceSchema, CompiledResource>();

/**
 * The resource compiled on the RJSF validator's ajv with the server's own `compileResource`: submit runs
 * `validate(body)` and blur runs `validateField(name, value)`, so a form shows exactly the messages the
 * API would answer, and never validates the whole schema on a keystroke.
 */
export function compiledForm(schema: ResourceSchema): CompiledResource {
  let c = compiled.get(schema);
  if (!c) {
    c = compileResource(schema, formValidator().ajv as unknown as Ajv2020);
    compiled.set(schema, c);
  }
  return c;
}
