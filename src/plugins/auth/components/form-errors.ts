import type { FormInstance } from 'antd';
import { HttpError, isRecord } from '../../../engine/http/errors.ts';
import { formatValidationErrors } from '../../../engine/snackbar/validation-errors.ts';

/**
 * Puts a 400's field errors (`{ campo: ['mensagem'] }`) under the form's fields. Returns true when every
 * field with an error exists in the form, so the caller can skip the snackbar.
 */
export function applyFieldErrors(form: FormInstance, err: unknown, fields: readonly string[]): boolean {
  const errors = err instanceof HttpError && isRecord(err.body) ? err.body.errors : undefined;
  if (!formatValidationErrors(errors)) return false;
  const entries = Object.entries(errors as Record<string, string[]>);
  const known = entries.filter(([name]) => fields.includes(name));
  form.setFields(known.map(([name, messages]) => ({ name, errors: messages })));
  return known.length === entries.length;
}
