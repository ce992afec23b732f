/**
 * The RJSF validator of our forms, without a schema compiler: the Content-Security-Policy has no
 * `unsafe-eval`, and ajv (what @rjsf/validator-ajv8 uses) compiles every schema with `new Function`
 * (docs/decisions.md D29). Field and body validation, with the server's pt-BR messages, come from the resource
 * precompiled at build time (`resolve`); RJSF's `isValid` (choosing `oneOf` options and `if` branches to lay
 * the form out) is a small interpreter. Client only: the types come from @rjsf/utils.
 */
import type { ErrorSchema, RJSFSchema, RJSFValidationError, ValidationData, ValidatorType } from '@rjsf/utils';
import type { CompiledResource } from '../../../engine/schema/resource-validation.ts';
import { schemaMatches } from '../../../engine/schema/schema-match.ts';
import type { FieldErrors } from '../../../engine/schema/types.ts';

type Data = Record<string, unknown>;

/** `{ 'items.0.amount': [m] }` → RJSF's nested error schema `{ items: { 0: { amount: { __errors: [m] } } } }`. */
export function toErrorSchema(errors: FieldErrors): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const [path, messages] of Object.entries(errors)) {
    let node = root;
    for (const part of path === '$' ? [] : path.split('.')) node = (node[part] ??= {}) as Record<string, unknown>;
    node.__errors = [...((node.__errors as string[] | undefined) ?? []), ...messages];
  }
  return root as ErrorSchema;
}

const toErrorList = (errors: FieldErrors): RJSFValidationError[] =>
  Object.entries(errors).flatMap(([path, messages]) =>
    messages.map((message) => ({ name: 'schema', property: path === '$' ? '.' : `.${path}`, message, stack: message, schemaPath: '' })),
  );

/**
 * @param resolve The precompiled resource of a schema RJSF validates as a whole (`liveValidate`); forms
 * made of sections validate through `ResourceForm` instead and leave it out.
 * @example <Form schema={schema} validator={createRjsfValidator()} … />
 */
export function createRjsfValidator(resolve?: (schema: RJSFSchema) => CompiledResource | undefined): ValidatorType<Data> {
  return {
    validateFormData(formData, schema): ValidationData<Data> {
      const errors = resolve?.(schema)?.validate(formData ?? {}) ?? null;
      return errors ? { errors: toErrorList(errors), errorSchema: toErrorSchema(errors) } : { errors: [], errorSchema: {} };
    },
    isValid: (schema, formData, rootSchema) => schemaMatches(schema as never, formData, rootSchema as never),
    rawValidation<Result>(schema: RJSFSchema, formData?: Data) {
      return schemaMatches(schema as never, formData, schema as never) ? {} : { errors: [{ message: 'Valor inválido.' } as Result] };
    },
  };
}
