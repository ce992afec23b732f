import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { metadataRoot } from '../config.ts';
import { navigationContext } from '../resources/metadata.ts';
import { overrideProblems } from '../../src/engine/config/check-app-config.ts';
import { mergeAppConfig } from '../../src/engine/config/merge.ts';
import { parseJson, type ParsedJson } from '../../src/engine/schema/json-source.ts';
import { formatProblem, type Problem } from '../../src/engine/schema/metadata-error.ts';

export { mergeAppConfig };

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The base file, parsed with positions (the override's problems may point into it); absent: `{}`. */
async function readBase(file: string): Promise<{ value: Json; source?: ParsedJson }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { value: {} };
    throw err;
  }
  const source = parseJson(text);
  if (!source.ok) throw new Error(`app config inválido em ${file}: ${source.message}`);
  return { value: (source.value ?? {}) as Json, source };
}

/** The state of a tenant override: what is wrong with it now and whether an earlier good version is in use. */
export interface OverrideStatus {
  file: string;
  /** `file:line:column: /pointer: message`, as check:metadata prints them. */
  problems: string[];
  /** True when the server serves the last good version read from the file; false: it serves no override. */
  usingLastGood: boolean;
}

/** Last good override by file, and the current problem of each (absent: the file is fine or absent). */
const lastGood = new Map<string, Json>();
const statuses = new Map<string, OverrideStatus>();
/** The problems found in the last text read from each file (the metadata changes only with a restart). */
const checked = new Map<string, { text: string; problems: Problem[] }>();

/** The problem of the override the server reads now, if any (the SystemOwner's banner: GET /api/identity/v1/app-config/status). */
export const overrideStatus = (file: string): OverrideStatus | null => statuses.get(file) ?? null;

/** The base file as problems name it (check:metadata's name for it). */
const BASE_FILE = 'public/app.config.json';

/**
 * The tenant override, never a reason for the app to fail: broken JSON, a wrong shape (checked against the published
 * JSON Schema, src/engine/config/app-config.schema.json) or a broken link of the navigation (a module naming a
 * missing resource, path, group or icon — the same checks as `npm run check:metadata`, `overrideProblems`) is logged
 * with its line and column, and the server keeps serving the last good version it read (none after a restart with a
 * broken file) until the file is fixed (docs/decisions.md D68).
 */
async function readOverride(file: string, base: Json, baseSource: ParsedJson | undefined, schemasDir: string, log?: AppConfigLogger): Promise<Json | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') reportOnce(log, { file, error: (err as Error).message }, `Override do app config ilegível em ${file}.`);
    statuses.delete(file);
    lastGood.delete(file);
    return undefined;
  }
  const parsed = parseJson(text);
  let problems: Problem[];
  const earlier = checked.get(file);
  // Every page load and the minute poll read the file: the same text was checked already.
  if (earlier?.text === text) problems = earlier.problems;
  else if (!parsed.ok) problems = [{ file, pointer: '', message: `JSON inválido: ${parsed.message}`, ...parsed.position }];
  else {
    // The links need the metadata (read once); a shape already wrong is reported without them.
    const shapeOnly = overrideProblems(file, parsed.value, BASE_FILE, base);
    const found = shapeOnly.length ? shapeOnly : overrideProblems(file, parsed.value, BASE_FILE, base, await navigationContext(schemasDir));
    problems = found.map((p) => {
      const src = p.file === file ? parsed : baseSource;
      return src?.ok ? { ...p, ...src.locate(p.pointer) } : p;
    });
  }
  checked.set(file, { text, problems });
  if (!problems.length && parsed.ok) {
    lastGood.set(file, parsed.value as Json);
    statuses.delete(file);
    return parsed.value as Json;
  }
  const kept = lastGood.get(file);
  const status = { file, problems: problems.map(formatProblem), usingLastGood: !!kept };
  statuses.set(file, status);
  reportOnce(
    log,
    { file, problems: status.problems },
    `Override do app config inválido (${file}); ${kept ? 'o servidor segue com a última versão válida' : 'o servidor segue sem o override'} até o arquivo ser corrigido.`,
  );
  return kept;
}

/** Where configuration problems are reported (the server's logger). */
export interface AppConfigLogger {
  error(obj: object, msg: string): void;
}

/** Problems already reported: `/app.config.json` reads the files on every request, the log says it once. */
const reported = new Set<string>();
function reportOnce(log: AppConfigLogger | undefined, obj: object, msg: string): void {
  const key = `${msg} ${JSON.stringify(obj)}`;
  if (!log || reported.has(key)) return;
  reported.add(key);
  log.error(obj, msg);
}

/**
 * The project id every token carries is the base file's top-level `projectId` (architecture §4);
 * `appParams.useProjectId` must equal it. An override changing either would silently end every session (the
 * tokens stop matching), so those keys of the override are refused (logged, ignored); the rest still applies.
 */
function withoutProjectIdChange(projectId: unknown, override: Json, file: string, log?: AppConfigLogger): Json {
  const out: Json = { ...override };
  const refused: Record<string, unknown> = {};
  if ('projectId' in out && out.projectId !== projectId) {
    refused.projectId = out.projectId;
    delete out.projectId;
  }
  if (isObject(out.appParams) && 'useProjectId' in out.appParams && out.appParams.useProjectId !== projectId) {
    const { useProjectId, ...appParams } = out.appParams;
    refused['appParams.useProjectId'] = useProjectId;
    out.appParams = appParams;
  }
  if (Object.keys(refused).length) {
    reportOnce(
      log,
      { file, projectId, refused },
      `Override do app config ignorado em parte: ${file} tenta mudar o projectId (de "${String(projectId)}"). ` +
        'Isso invalidaria todas as sessões; o projectId só muda em public/app.config.json.',
    );
  }
  return out;
}

/**
 * Reads `public/app.config.json` (under METADATA_DIR, server/config.ts) and the tenant override
 * `DATA_DIR/app.config.json` (or `APP_CONFIG_OVERRIDE`; its links checked against the metadata of `schemasDir`),
 * on every call: no rebuild, no restart. The override cannot change the project id (see `withoutProjectIdChange`),
 * and `appParams.useProjectId` always comes out equal to the top-level `projectId`.
 */
export async function loadAppConfig(
  dataDir: string,
  overrideFile = process.env.APP_CONFIG_OVERRIDE,
  log?: AppConfigLogger,
  schemasDir = path.join(metadataRoot(), 'schemas'),
): Promise<Json> {
  const { value: base, source } = await readBase(path.join(metadataRoot(), 'public', 'app.config.json'));
  const file = overrideFile ?? path.join(dataDir, 'app.config.json');
  const override = await readOverride(file, base, source, schemasDir, log);
  const merged = override ? mergeAppConfig(base, withoutProjectIdChange(base.projectId, override, file, log)) : base;
  if (isObject(merged.appParams) && merged.appParams.useProjectId !== merged.projectId) {
    if (merged.appParams.useProjectId !== undefined) {
      reportOnce(
        log,
        { projectId: merged.projectId, useProjectId: merged.appParams.useProjectId },
        'public/app.config.json: appParams.useProjectId difere de projectId; vale o projectId.',
      );
    }
    return { ...merged, appParams: { ...merged.appParams, useProjectId: merged.projectId } };
  }
  return merged;
}
