/** Validators precompiled at build time (scripts/vite-validators.ts). */
declare module 'virtual:validators' {
  import type { ValidateFunction } from 'ajv';
  import type { ResourceSchema } from './engine/schema/types.ts';
  import type { CompiledResource } from './engine/schema/resource-validation.ts';
  /** Unit tests: no precompiled code, forms compile at run time (`compile`). */
  export const RUNTIME: boolean;
  export const compile: ((schema: ResourceSchema) => CompiledResource) | undefined;
  /** Key of a resource schema (src/engine/schema/schema-key.ts) → its module (`full`, `f_<field key>`). */
  export const resources: Record<string, () => Promise<Record<string, ValidateFunction>>>;
}
