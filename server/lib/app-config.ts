import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT_DIR } from '../config.ts';

type Json = Record<string, unknown>;
interface Module { key: string; [k: string]: unknown }

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Merges a tenant override over the default app config. Objects merge deeply; the module list
 * merges by `key` (same key replaces fields, new key adds, `"remove": true` drops one); other arrays replace.
 */
export function mergeAppConfig(base: Json, override: Json): Json {
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(override)) {
    const cur = out[k];
    if (k === 'modules' && Array.isArray(cur) && Array.isArray(v)) out[k] = mergeModules(cur as Module[], v as Module[]);
    else if (isObject(cur) && isObject(v)) out[k] = mergeAppConfig(cur, v);
    else out[k] = v;
  }
  return out;
}

function mergeModules(base: Module[], override: Module[]): Module[] {
  const byKey = new Map(base.map((m) => [m.key, m] as const));
  for (const m of override) {
    if (m.remove) byKey.delete(m.key);
    else byKey.set(m.key, { ...byKey.get(m.key), ...m });
  }
  return [...byKey.values()];
}

async function readJson(file: string): Promise<Json | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Json;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`app config inválido em ${file}: ${(err as Error).message}`, { cause: err });
  }
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
 * Reads `public/app.config.json` and the tenant override `DATA_DIR/app.config.json` (or `APP_CONFIG_OVERRIDE`),
 * on every call: no rebuild, no restart. The override cannot change the project id (see `withoutProjectIdChange`),
 * and `appParams.useProjectId` always comes out equal to the top-level `projectId`.
 */
export async function loadAppConfig(
  dataDir: string,
  overrideFile = process.env.APP_CONFIG_OVERRIDE,
  log?: AppConfigLogger,
): Promise<Json> {
  const base = (await readJson(path.join(ROOT_DIR, 'public', 'app.config.json'))) ?? {};
  const file = overrideFile ?? path.join(dataDir, 'app.config.json');
  const override = await readJson(file);
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
