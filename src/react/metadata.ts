import type { ResourceSchema } from '../engine/schema/types.ts';
import type { HubFile } from '../engine/schema/hub-types.ts';
import type { ScreenFile } from '../engine/schema/screen-types.ts';

/**
 * The schema and screen files, bundled by Vite. Only data screens import this module (lists, views, forms),
 * so /login carries none of it; the router needs only each screen's `route` (src/renderers/antd/screen-routes.ts).
 *
 * No ajv at run time: `loadMetadata` takes ~0.8 s to compile the meta-schemas and every resource, far over
 * the list budget (first rows ≤ 300 ms). The files are checked where it is free: `npm run check:metadata`,
 * the conformance suite, and — in development — a background check that prints each problem to the console.
 */
const schemaFiles = import.meta.glob<ResourceSchema>('@metadata/schemas/*.schema.json', { eager: true, import: 'default' });
const screenFiles = import.meta.glob<ScreenFile>('@metadata/screens/*/screen.json', { eager: true, import: 'default' });
const hubFiles = import.meta.glob<HubFile>('@metadata/hubs/*.json', { eager: true, import: 'default' });

export interface ClientMetadata {
  /** Schema files by resource name. */
  resources: Readonly<Record<string, ResourceSchema>>;
  /** Screen files by folder name (`screens/<key>/screen.json`). */
  screens: Readonly<Record<string, ScreenFile>>;
  /** Hub (card index) pages by file name (`hubs/<key>.json`). */
  hubs: Readonly<Record<string, HubFile>>;
}

const nameOf = (path: string, re: RegExp) => re.exec(path)?.[1] ?? path;

/** Builds the metadata maps from glob results (paths as keys); exported for tests and fixtures. */
export function toClientMetadata(schemas: Record<string, ResourceSchema>, screens: Record<string, ScreenFile>, hubs: Record<string, HubFile> = {}): ClientMetadata {
  return {
    resources: Object.fromEntries(Object.entries(schemas).map(([p, s]) => [nameOf(p, /([^/]+)\.schema\.json$/), s])),
    screens: Object.fromEntries(Object.entries(screens).map(([p, s]) => [nameOf(p, /([^/]+)\/screen\.json$/), s])),
    hubs: Object.fromEntries(Object.entries(hubs).map(([p, h]) => [nameOf(p, /([^/]+)\.json$/), h])),
  };
}

export const metadata: ClientMetadata = toClientMetadata(schemaFiles, screenFiles, hubFiles);

if (import.meta.env.DEV && import.meta.env.MODE !== 'test') {
  // Implementers editing JSON under `npm run dev` see what check:metadata would say, without waiting for it.
  void import('../engine/schema/load-metadata.ts').then(({ loadMetadata }) => {
    try {
      loadMetadata({ ...schemaFiles, ...screenFiles, ...hubFiles });
    } catch (err) {
      console.error(err);
    }
  });
}

/** The app's schemas and screens. Static: never re-renders anyone. */
export function useMetadata(): ClientMetadata {
  return metadata;
}

/** The screen file of a key, with its resource schema; throws naming the key when either is missing. */
export function screenWithSchema(meta: ClientMetadata, key: string): { screen: ScreenFile; schema: ResourceSchema } {
  const screen = meta.screens[key];
  if (!screen) throw new Error(`Tela desconhecida: screens/${key}/screen.json não existe.`);
  const schema = meta.resources[screen.resource];
  if (!schema) throw new Error(`screens/${key}/screen.json: recurso "${screen.resource}" não existe em schemas/.`);
  return { screen, schema };
}

/** The screen that shows a resource (its folder is usually the resource name), for links to related records. */
export function screenOfResource(meta: ClientMetadata, resource: string): { key: string; screen: ScreenFile } | undefined {
  if (meta.screens[resource]?.resource === resource) return { key: resource, screen: meta.screens[resource] };
  const hit = Object.entries(meta.screens).find(([, s]) => s.resource === resource);
  return hit && { key: hit[0], screen: hit[1] };
}
