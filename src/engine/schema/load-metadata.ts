import type { ValidateFunction } from 'ajv';
import { partsOf, routerPath, routeShape, screenRouteTable, templateParams } from '../routes/route-table.ts';
import resourceMeta from './meta/resource-schema.meta.json' with { type: 'json' };
import hubMeta from './meta/hub.meta.json' with { type: 'json' };
import screenMeta from './meta/screen.meta.json' with { type: 'json' };
import { createAjv } from './ajv.ts';
import { checkResource } from './check-resource.ts';
import { checkHubs } from './check-hub.ts';
import { checkScreen } from './check-screen.ts';
import type { HubFile } from './hub-types.ts';
import { MetadataError, metaProblems, type Problem } from './metadata-error.ts';
import type { CompiledResource } from './resource.ts';
import type { ScreenFile } from './screen-types.ts';
import type { ResourceSchema } from './types.ts';

/** Parsed JSON keyed by path; any prefix before `schemas/`, `screens/` or `hubs/` is ignored (Vite glob keys work). */
export type MetadataFiles = Readonly<Record<string, unknown>>;

export interface Metadata {
  /** Schema files by resource name. */
  resources: Record<string, ResourceSchema>;
  /** The same, compiled (validate, normalize…). */
  compiled: Record<string, CompiledResource>;
  /** Screen files by folder name (`screens/<key>/screen.json`). */
  screens: Record<string, ScreenFile>;
  /** Hub (card index) pages by file name (`hubs/<key>.json`, docs/screens.md §9). */
  hubs: Record<string, HubFile>;
}

let validators: { resource: ValidateFunction; screen: ValidateFunction; hub: ValidateFunction } | undefined;
function metaValidators() {
  // strictTypes off for the meta-schemas only: their if/then branches name keywords without a `type`.
  const ajv = createAjv({ strictTypes: false });
  return (validators ??= { resource: ajv.compile(resourceMeta), screen: ajv.compile(screenMeta), hub: ajv.compile(hubMeta) });
}

const SCHEMA_PATH = /^schemas\/([a-z][a-z0-9-]*)\.schema\.json$/;
const SCREEN_PATH = /^screens\/([a-z][a-z0-9-]*)\/screen\.json$/;
const HUB_PATH = /^hubs\/([a-z][a-z0-9-]*)\.json$/;

/**
 * Validates every schema and screen file (meta-schemas, then references between files) and returns
 * them, or throws a {@link MetadataError} listing each problem as `file: /json/pointer: message`.
 * Pure: the caller reads the files (scripts/check-metadata.ts on Node, `import.meta.glob` in Vite).
 * @example loadMetadata({ 'schemas/banks.schema.json': banks, 'screens/banks/screen.json': banksScreen })
 */
export function loadMetadata(files: MetadataFiles, options: { unreadable?: readonly string[] } = {}): Metadata {
  const { resource: checkResourceMeta, screen: checkScreenMeta, hub: checkHubMeta } = metaValidators();
  const problems: Problem[] = [];
  const schemas: Record<string, ResourceSchema> = {};
  const screens: Record<string, ScreenFile> = {};
  const screenFiles: Record<string, string> = {};
  const hubs: Record<string, HubFile> = {};
  const hubFiles: Record<string, string> = {};
  for (const [raw, json] of Object.entries(files)) {
    const file = raw.replace(/^.*?(?=(schemas|screens|hubs)\/)/, '');
    const schemaName = SCHEMA_PATH.exec(file)?.[1];
    const screenKey = SCREEN_PATH.exec(file)?.[1];
    const hubKey = HUB_PATH.exec(file)?.[1];
    if (schemaName) {
      if (checkResourceMeta(json)) schemas[schemaName] = json as ResourceSchema;
      else problems.push(...metaProblems(file, checkResourceMeta.errors));
    } else if (screenKey) {
      if (checkScreenMeta(json)) [screens[screenKey], screenFiles[screenKey]] = [json as ScreenFile, file];
      else problems.push(...metaProblems(file, checkScreenMeta.errors));
    } else if (hubKey) {
      if (checkHubMeta(json)) [hubs[hubKey], hubFiles[hubKey]] = [json as HubFile, file];
      else problems.push(...metaProblems(file, checkHubMeta.errors));
    } else {
      problems.push({ file, pointer: '', message: 'arquivo não reconhecido: use schemas/<recurso>.schema.json, screens/<tela>/screen.json ou hubs/<painel>.json' });
    }
  }

  // Every schema file present counts as a resource for references, valid or not, so one broken file
  // is reported once instead of again by everything that refers to it.
  // Files that did not even parse (reported by the caller with their line) count too: no knock-on "não existe".
  const known = new Set([...Object.keys(files), ...(options.unreadable ?? [])].map((f) => SCHEMA_PATH.exec(f.replace(/^.*?(?=schemas\/)/, ''))?.[1]).filter((n): n is string => !!n));
  const compiled: Record<string, CompiledResource> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    const result = checkResource(name, schema, known, schemas);
    problems.push(...result.problems);
    if (result.compiled) compiled[name] = result.compiled;
  }

  const routes = new Map<string, string>();
  for (const [key, screen] of Object.entries(screens)) {
    const file = screenFiles[key];
    // A resource that exists but failed its own checks is already reported; its screen is checked next run.
    if (!known.has(screen.resource) || compiled[screen.resource]) problems.push(...checkScreen(file, screen, compiled, known, screens));
    // `/a/{x}/b` and `/a/{y}/b` are the same route.
    const base = screen.route.base;
    const shape = base.replace(/\{\w+\}/g, '{}');
    if (routes.has(shape)) problems.push({ file, pointer: '/route/base', message: `rota "${base}" já usada por ${routes.get(shape)}` });
    else routes.set(shape, file);
  }
  problems.push(...routeClashes(screens, screenFiles, new Set(routes.values())));
  problems.push(...checkHubs(hubs, hubFiles, screens, screenFiles));
  if (problems.length) throw new MetadataError(problems);
  return { resources: schemas, compiled, screens, hubs };
}

/**
 * Pages of two screens that match the same URLs, e.g. the view `/empresas/:companyTypeId` of one screen and
 * the nested base `/empresas/{companyTypeId}` (redirected to its list) of another.
 */
function routeClashes(screens: Record<string, ScreenFile>, files: Record<string, string>, uniqueBases: ReadonlySet<string>): Problem[] {
  // Repeated bases and parameters are reported already.
  const valid = Object.entries(screens).filter(([key, s]) => uniqueBases.has(files[key]) && new Set(templateParams(s.route.base)).size === templateParams(s.route.base).length);
  const { routes, redirects } = screenRouteTable(valid.map(([key, s]) => ({ key, route: s.route, parts: partsOf(s) })));
  const owner = new Map<string, { key: string; path: string }>();
  const out: Problem[] = [];
  const keyOfRedirect = (from: string) => valid.find(([, s]) => s.route.list && routerPath(s.route.base) === from)?.[0] ?? '';
  const all = [...routes.map((r) => ({ key: r.screen, path: r.path })), ...Object.keys(redirects).map((from) => ({ key: keyOfRedirect(from), path: from }))];
  for (const r of all) {
    const shape = routeShape(r.path);
    const prev = owner.get(shape);
    if (!prev) owner.set(shape, r);
    else if (prev.key !== r.key) out.push({ file: files[r.key], pointer: '/route', message: `a página ${r.path} coincide com ${prev.path} de ${files[prev.key]}` });
  }
  return out;
}
