import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { Plugin } from 'vite';
import { metadataRoot } from '../server/config.ts';
import { createAjv } from '../src/engine/schema/ajv.ts';
import { bodySchema, fieldSchema } from '../src/engine/schema/resource.ts';
import { fieldKey, schemaKey } from '../src/engine/schema/schema-key.ts';
import type { ResourceSchema } from '../src/engine/schema/types.ts';
import { FORM_100_SCHEMA } from '../src/renderers/antd/form/dev/form-100.ts';

/**
 * Vite plugin: the form validators of every resource as ajv standalone code, built with the same ajv dialect,
 * formats and keywords as the server's (src/engine/schema/ajv.ts). The browser never compiles a schema (no
 * `new Function`), so the Content-Security-Policy needs no `unsafe-eval` (docs/decisions.md D29).
 * - `virtual:validators`: a small index — key of each resource schema (src/engine/schema/schema-key.ts) → loader.
 * - `virtual:validators/<resource>`: `full` (the body) and `f_<key>` (each field alone), lazy chunks.
 * In unit tests (`runtime: true`) the index is empty and forms compile at run time (no CSP there).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const INDEX = 'virtual:validators';
const PREFIX = `${INDEX}/`;
const FORMATS_MODULE = path.join(ROOT, 'src/engine/schema/ajv-formats.ts');

function loadSchemas(): ResourceSchema[] {
  const dir = path.join(metadataRoot(), 'schemas');
  const files = readdirSync(dir).filter((f) => f.endsWith('.schema.json')).sort();
  return [...files.map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as ResourceSchema), FORM_100_SCHEMA];
}

/** ajv standalone output as an ES module: its `require()`s of ajv's runtime helpers become imports. */
export function moduleCode(schema: ResourceSchema): string {
  const ajv = createAjv({ code: { source: true, esm: true, formats: _`formats` } });
  const exports: Record<string, string> = { full: 'full' };
  ajv.addSchema(bodySchema(schema), 'full');
  for (const name of Object.keys(schema.properties)) {
    const key = fieldKey(schema.properties[name], (schema.required ?? []).includes(name));
    if (exports[`f_${key}`]) continue;
    ajv.addSchema(fieldSchema(schema, name), `f_${key}`);
    exports[`f_${key}`] = `f_${key}`;
  }
  const requires = new Map<string, string>();
  const body = standaloneCode(ajv, exports).replace(/require\("([^"]+)"\)/g, (_m, id: string) => {
    if (!requires.has(id)) requires.set(id, `__runtime${requires.size}`);
    return requires.get(id)!;
  });
  const imports = [...requires].map(([id, name]) => `import * as ${name} from ${JSON.stringify(id)};`).join('\n');
  return `${imports}\nimport { AJV_FORMATS as formats } from ${JSON.stringify(FORMATS_MODULE)};\n${body.replace(/^"use strict";/, '')}`;
}

export function precompiledValidators(options: { runtime?: boolean } = {}): Plugin {
  let modules: Map<string, { schema: ResourceSchema; code?: string }> | undefined;
  const all = () => (modules ??= new Map(loadSchemas().map((schema) => [schema['x-resource'].name, { schema } as { schema: ResourceSchema; code?: string }])));
  return {
    name: 'precompiled-validators',
    resolveId(id) {
      return id === INDEX || id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === `\0${INDEX}`) {
        if (options.runtime) {
          return `export const RUNTIME = true; export const resources = {}; export { compileResource as compile } from ${JSON.stringify(path.join(ROOT, 'src/engine/schema/resource.ts'))};`;
        }
        const resources = [...all()].map(([name, m]) => `${JSON.stringify(schemaKey(m.schema))}: () => import(${JSON.stringify(PREFIX + name)})`);
        return `export const RUNTIME = false;\nexport const compile = undefined;\nexport const resources = {${resources.join(',\n')}};`;
      }
      if (id.startsWith(`\0${PREFIX}`)) {
        const m = all().get(id.slice(PREFIX.length + 1));
        if (!m) return undefined;
        m.code ??= moduleCode(m.schema);
        return m.code;
      }
      return undefined;
    },
    handleHotUpdate({ file, server }) {
      // A schema edited under `npm run dev`: rebuild the validators from scratch.
      if (!file.endsWith('.schema.json')) return;
      modules = undefined;
      for (const mod of server.moduleGraph.idToModuleMap.values()) if (mod.id?.startsWith(`\0${INDEX}`)) server.moduleGraph.invalidateModule(mod);
    },
  };
}
