/**
 * Lint rule for the architecture's import boundaries (architecture.md §2, style.md #13).
 * Fails with file:line and the broken rule. Run by `npm run lint`.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const UI_PACKAGES = /^(react|react-dom|react-router|react-router-dom|antd|@ant-design\/.*|@rjsf\/.*|@tanstack\/react-.*)(\/.*)?$/;
const ANTD = /^(antd|@ant-design\/.*|@rjsf\/antd)(\/.*)?$/;

const RJSF_VALIDATOR_FILE = 'src/engine/schema/rjsf-validator.ts';

export interface Violation { file: string; line: number; spec: string; rule: string }

/** Which area of the code a file belongs to. */
export function areaOf(rel: string): string | undefined {
  const parts = rel.split('/');
  if (parts[0] === 'server') return 'server';
  if (parts[0] !== 'src') return undefined;
  if (parts[1] === 'renderers') return 'renderers';
  if (parts[1] === 'plugins') return `plugins/${parts[2]}`;
  return parts[1]; // engine, react, i18n, app
}

/** The rules: returns the broken rule's text, or undefined when the import is allowed. */
export function checkImport(fromRel: string, spec: string, resolvedRel: string | undefined): string | undefined {
  const from = areaOf(fromRel);
  const to = resolvedRel ? areaOf(resolvedRel) : undefined;
  const isPkg = !resolvedRel;
  // The RJSF validator is plain TS over ajv; it lives in one engine file that only the client imports.
  const rjsfValidator = spec === '@rjsf/validator-ajv8' && fromRel === RJSF_VALIDATOR_FILE;
  if (from === 'engine' || from === 'i18n') {
    if (isPkg && UI_PACKAGES.test(spec) && !rjsfValidator) return `${from} é TypeScript puro: não importa ${spec}`;
    if (to && !['engine', 'i18n'].includes(to)) return `${from} não importa ${to}`;
    if (from === 'i18n' && to === 'engine') return 'i18n não importa engine';
  }
  if (from === 'react') {
    if (isPkg && ANTD.test(spec)) return 'react/ é uma camada fina: antd só em renderers/antd';
    if (to && !['engine', 'i18n', 'react'].includes(to)) return `react/ não importa ${to}`;
  }
  if (from === 'renderers' && to && (to.startsWith('plugins/') || to === 'app')) return `renderers não importa ${to}`;
  if (from?.startsWith('plugins/')) {
    if (to?.startsWith('plugins/') && to !== from) return `um plugin não importa outro (${from} → ${to})`;
    if (to === 'app') return 'plugins não importam app';
  }
  if (from && from !== 'server' && to === 'server') return 'o cliente não importa o servidor';
  if (from === 'server' && resolvedRel && `${resolvedRel.replace(/\.ts$/, '')}.ts` === RJSF_VALIDATOR_FILE) return 'o servidor não importa o validador do RJSF (só o cliente)';
  if (from === 'server' && to && !['server', 'engine', 'i18n'].includes(to)) return `o servidor só importa engine e i18n do cliente, não ${to}`;
  if (to === 'app' && from !== 'app') return 'ninguém importa app (raiz de composição)';
  return undefined;
}

const IMPORT_RE = /(?:^|\n)\s*(?:import|export)\s[^'"`]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

async function* files(dir: string): AsyncGenerator<string> {
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (/\.(ts|tsx)$/.test(e.name)) yield p;
  }
}

export async function findViolations(root = ROOT): Promise<Violation[]> {
  const out: Violation[] = [];
  for (const top of ['src', 'server']) {
    for await (const file of files(path.join(root, top))) {
      const text = await readFile(file, 'utf8');
      const rel = path.relative(root, file).split(path.sep).join('/');
      for (const m of text.matchAll(IMPORT_RE)) {
        const spec = m[1] ?? m[2] ?? m[3];
        const resolved = spec.startsWith('.') ? path.relative(root, path.resolve(path.dirname(file), spec)).split(path.sep).join('/') : undefined;
        const rule = checkImport(rel, spec, resolved);
        if (rule) out.push({ file: rel, line: text.slice(0, m.index).split('\n').length + 1, spec, rule });
      }
    }
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const violations = await findViolations();
  for (const v of violations) console.error(`${v.file}:${v.line}: import '${v.spec}': ${v.rule}`);
  console.log(violations.length ? `Fronteiras: ${violations.length} violação(ões).` : 'Fronteiras: nenhuma violação.');
  process.exit(violations.length ? 1 : 0);
}
