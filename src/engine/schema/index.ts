/**
 * Public API of the schema layer, shared by server and client. The RJSF validator lives in the renderer
 * (`src/renderers/antd/form/rjsf-validator.ts`): it speaks @rjsf/utils.
 */
export { createAjv, registerVocabulary, undeclaredRequired, type Ajv2020 } from './ajv.ts';
export { applyComputed, computeValue, exactProduct, hasComputed, type ComputedSpec } from './computed.ts';
export { X_KEYWORDS, X_KEYWORD_NAMES } from './keywords.ts';
export { lockedFields, lockMessage, lockViolations, statusOrder } from './locks.ts';
export { errorPath, fieldPath, messageOf, ROOT_KEY, toFieldErrors } from './messages.ts';
export { compileResource, type CompiledResource, type ValidateOptions } from './resource.ts';
export { isSystemField, stripReadOnly, SYSTEM_FIELDS, SYSTEM_PROPERTIES, withSystemFields, writableFields, type SystemField } from './system-fields.ts';
export type * from './types.ts';
