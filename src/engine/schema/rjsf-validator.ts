/**
 * The RJSF validator for our forms: the same ajv 2020-12 dialect, formats, `x-` keywords and pt-BR
 * messages as the server (`compileResource`), so a form never accepts what the API rejects.
 * Client only: @rjsf/validator-ajv8 pulls @rjsf/utils (React); the server must not import this file.
 */
import type { ErrorObject } from 'ajv';
import type Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { registerVocabulary } from './ajv.ts';
import { messageOf } from './messages.ts';

/** Writes our pt-BR message into each ajv error (RJSF shows `error.message`). */
export function localizeErrors(errors?: null | ErrorObject[]): void {
  for (const e of errors ?? []) e.message = messageOf(e);
}

/**
 * @example <Form schema={schema} validator={createRjsfValidator()} … />
 * Create it once per app (it caches compiled schemas), not per render.
 */
export function createRjsfValidator() {
  return customizeValidator(
    {
      AjvClass: Ajv2020 as unknown as typeof Ajv,
      // Only our formats: ajv-formats would bring its own `date`/`email`/`uri` with other rules.
      ajvFormatOptions: false,
      // RJSF compiles helper schemas of its own (option matching), which strict mode would reject;
      // our schema files are checked strictly by the metadata loader instead. Data rules are identical.
      ajvOptionsOverrides: { strict: false, allowUnionTypes: true },
      extenderFn: (ajv) => registerVocabulary(ajv),
    },
    localizeErrors,
  );
}
