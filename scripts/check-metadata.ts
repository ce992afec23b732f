/**
 * Checks every file an implementer or a tenant edits: `schemas/*.schema.json`, `screens/<tela>/*.json`, `hubs/*.json`,
 * `public/app.config.json` and the tenant override (`DATA_DIR/app.config.json` or `APP_CONFIG_OVERRIDE`): their
 * meta-schemas, then the links between them (module → resource → screen → route, icons, groups). Prints
 * `file:line:column: /pointer: message` per problem (with "você quis dizer" for near names) and exits 1 on any.
 * `npm start` runs the same check first (server/main.ts) and stops before building or touching the database.
 * Usage: npx tsx scripts/check-metadata.ts
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appConfigShapeProblems, groupKeys, navigationProblems, overrideProblems, permissionResources } from '../src/engine/config/check-app-config.ts';
import { NAVIGATION_ICONS } from '../src/engine/navigation/icon-names.ts';
import { didYouMean } from '../src/engine/schema/did-you-mean.ts';
import { parseJson, type ParsedJson } from '../src/engine/schema/json-source.ts';
import { loadMetadata, type Metadata } from '../src/engine/schema/load-metadata.ts';
import { formatProblem, MetadataError, type Problem } from '../src/engine/schema/metadata-error.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const APP_CONFIG_FILE = 'public/app.config.json';

type Json = Record<string, unknown>;

/** Parsed JSON of the metadata folders, keyed by path relative to `root`; broken JSON becomes a problem with its line. */
export async function readMetadataFiles(root = ROOT): Promise<{ files: Record<string, unknown>; problems: Problem[]; sources: Map<string, ParsedJson> }> {
  const files: Record<string, unknown> = {};
  const problems: Problem[] = [];
  const sources = new Map<string, ParsedJson>();
  const paths: string[] = [];
  for (const f of await readdir(path.join(root, 'schemas')).catch(() => [] as string[])) if (f.endsWith('.json')) paths.push(`schemas/${f}`);
  for (const dir of await readdir(path.join(root, 'screens'), { withFileTypes: true }).catch(() => [])) {
    if (!dir.isDirectory()) continue;
    for (const f of await readdir(path.join(root, 'screens', dir.name))) if (f.endsWith('.json')) paths.push(`screens/${dir.name}/${f}`);
  }
  for (const f of await readdir(path.join(root, 'hubs')).catch(() => [] as string[])) if (f.endsWith('.json')) paths.push(`hubs/${f}`);
  for (const rel of paths.sort()) {
    const parsed = await readJsonFile(path.join(root, rel), rel, problems);
    if (parsed?.ok) {
      files[rel] = parsed.value;
      sources.set(rel, parsed);
    }
  }
  return { files, problems, sources };
}

/** A JSON file's text parsed with positions; a syntax error becomes a problem at its line and column. */
async function readJsonFile(file: string, shown: string, problems: Problem[]): Promise<ParsedJson | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    problems.push({ file: shown, pointer: '', message: `não foi possível ler: ${(e as Error).message}` });
    return undefined;
  }
  const parsed = parseJson(text);
  if (!parsed.ok) problems.push({ file: shown, pointer: '', message: `JSON inválido: ${parsed.message}`, ...parsed.position });
  return parsed;
}

export interface CheckOptions {
  /** The tenant override to check with the app config (absolute path); absent file = no override. */
  overrideFile?: string;
}

/** The tenant override the server would read: `APP_CONFIG_OVERRIDE`, else `DATA_DIR/app.config.json`. */
export const defaultOverrideFile = (env: NodeJS.ProcessEnv = process.env) =>
  path.resolve(env.APP_CONFIG_OVERRIDE ?? path.join(env.DATA_DIR ?? path.join(ROOT, 'data'), 'app.config.json'));

/** Hub cards name icons too: the same registry as the menu. */
function hubIconProblems(metadata: Metadata): Problem[] {
  const icons = new Set<string>(NAVIGATION_ICONS);
  const out: Problem[] = [];
  for (const [key, hub] of Object.entries(metadata.hubs)) {
    hub.sections.forEach((s, i) => s.cards.forEach((c, j) => {
      const name = (c as { icon?: string }).icon;
      if (name !== undefined && !icons.has(name)) out.push({ file: `hubs/${key}.json`, pointer: `/sections/${i}/cards/${j}/icon`, message: `ícone "${name}" não registrado${didYouMean(name, icons)}` });
    }));
  }
  return out;
}

/**
 * The app config and the override: shapes against the published JSON Schema (src/engine/config/app-config.schema.json),
 * then the navigation's links against the metadata (when it loaded). Override problems are named in the override file.
 */
async function appConfigProblems(root: string, metadata: Metadata | undefined, options: CheckOptions, sources: Map<string, ParsedJson>): Promise<Problem[]> {
  const problems: Problem[] = [];
  const base = await readJsonFile(path.join(root, APP_CONFIG_FILE), APP_CONFIG_FILE, problems);
  if (!base) return problems.length ? problems : [{ file: APP_CONFIG_FILE, pointer: '', message: 'arquivo não encontrado' }];
  if (!base.ok) return problems;
  sources.set(APP_CONFIG_FILE, base);
  const baseShape = appConfigShapeProblems(APP_CONFIG_FILE, base.value);
  problems.push(...baseShape);
  const overrideName = options.overrideFile ? path.relative(root, options.overrideFile).startsWith('..') ? options.overrideFile : path.relative(root, options.overrideFile) : undefined;
  const override = options.overrideFile ? await readJsonFile(options.overrideFile, overrideName!, problems) : undefined;
  if (override?.ok) sources.set(overrideName!, override);
  // Links need the metadata and a base whose shape is right; the override's shape is checked regardless.
  const ctx = metadata && !baseShape.length && {
    resources: permissionResources(Object.keys(metadata.resources), metadata.screens),
    screens: metadata.screens,
    hubs: metadata.hubs,
  };
  if (ctx) problems.push(...navigationProblems(APP_CONFIG_FILE, base.value as Json, { ...ctx, groups: groupKeys(base.value as Json) }));
  if (override?.ok) problems.push(...overrideProblems(overrideName!, override.value, APP_CONFIG_FILE, base.value as Json, ctx || undefined));
  return problems;
}

/** Line and column of each problem whose file was read (the pointer's key, or the nearest part that exists). */
function located(problems: Problem[], sources: Map<string, ParsedJson>): Problem[] {
  return problems.map((p) => {
    const src = sources.get(p.file);
    return p.line || !src?.ok ? p : { ...p, ...src.locate(p.pointer) };
  });
}

/**
 * Reads and loads the metadata of `root` and checks the app config (and the override, when given), throwing a
 * MetadataError with every problem found, each with its line and column.
 */
export async function checkMetadata(root = ROOT, options: CheckOptions = {}): Promise<Metadata> {
  const { files, problems, sources } = await readMetadataFiles(root);
  let metadata: Metadata | undefined;
  const all = [...problems];
  try {
    metadata = loadMetadata(files, { unreadable: problems.map((p) => p.file) });
  } catch (e) {
    if (!(e instanceof MetadataError)) throw e;
    all.push(...e.problems);
  }
  if (metadata) all.push(...hubIconProblems(metadata));
  // Links of the navigation need every file: with one unreadable, they would only repeat its problem.
  all.push(...(await appConfigProblems(root, problems.length ? undefined : metadata, options, sources)));
  if (all.length || !metadata) throw new MetadataError(located(all, sources));
  return metadata;
}

/** The CLI (and `npm start`): prints the problems, one per line; true when everything is valid. */
export async function runCheck(root = ROOT, options: CheckOptions = { overrideFile: defaultOverrideFile() }): Promise<boolean> {
  try {
    const m = await checkMetadata(root, options);
    console.log(`Metadados: ${Object.keys(m.resources).length} recursos, ${Object.keys(m.screens).length} telas, ${Object.keys(m.hubs).length} painéis e a configuração do aplicativo válidos.`);
    return true;
  } catch (e) {
    if (!(e instanceof MetadataError)) throw e;
    for (const p of e.problems) console.error(formatProblem(p));
    console.error(`Metadados: ${e.problems.length} problema(s). Corrija e rode de novo (npm run check:metadata).`);
    return false;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  // METADATA_DIR (server/config.ts): the folder the server and the client build would read.
  const { metadataRoot } = await import('../server/config.ts');
  if (!(await runCheck(metadataRoot()))) process.exit(1);
}
