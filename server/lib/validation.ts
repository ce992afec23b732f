import type { FastifySchemaCompiler } from 'fastify';
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../src/engine/schema/ajv.ts';
import { toFieldErrors } from '../../src/engine/schema/messages.ts';
import { HttpError } from './errors.ts';

/**
 * Request validation for hand-written routes, with the project's ajv (draft 2020-12, our formats and
 * `x-messages`, pt-BR field errors shared with the client). Nothing is coerced and nothing silently
 * dropped: unknown fields are errors (no mass assignment).
 */
const ajv = createAjv({ coerceTypes: false, removeAdditional: false, useDefaults: false });

const validationError = (validate: ValidateFunction) =>
  new HttpError(400, 'VALIDATION', 'Os dados enviados são inválidos.', toFieldErrors(validate.errors) ?? {});

/** Throws 400 VALIDATION when `data` does not match. */
export function assertValid<T>(validate: ValidateFunction<T>, data: unknown): asserts data is T {
  if (!validate(data)) throw validationError(validate);
}

export const compileSchema = <T = unknown>(schema: object): ValidateFunction<T> => ajv.compile<T>(schema);

/**
 * Fastify validator compiler for a plugin scope (`app.setValidatorCompiler(validatorCompiler)`).
 * A missing body validates as `{}` so required fields are reported one by one.
 */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const validate = ajv.compile(schema);
  return (data: unknown) => {
    const value = httpPart === 'body' && (data === null || data === undefined) ? {} : data;
    return validate(value) ? { value } : { error: validationError(validate) };
  };
};
