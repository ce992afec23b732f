import type { ErrorObject } from 'ajv';
import { didYouMean } from './did-you-mean.ts';

/** One thing wrong in a metadata file: the file, the JSON Pointer inside it, and what to fix (pt-BR). */
export interface Problem {
  file: string;
  pointer: string;
  message: string;
  /** Where the pointer is in the file's text (check:metadata reads the text: scripts/check-metadata.ts). */
  line?: number;
  column?: number;
}

/** `schemas/banks.schema.json:12:7: /properties/name/titel: chave não permitida aqui — você quis dizer "title"?` */
export const formatProblem = (p: Problem): string =>
  `${p.file}${p.line ? `:${p.line}:${p.column ?? 1}` : ''}: ${p.pointer || '/'}: ${p.message}`;

/**
 * Thrown by `loadMetadata` with every problem found, one per line:
 * `screens/banks/screen.json: /list/columns/2/field: campo "nome" não existe em schemas/banks.schema.json`.
 */
export class MetadataError extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    super(`Metadados inválidos (${problems.length} problema${problems.length === 1 ? '' : 's'}):\n${problems.map(formatProblem).join('\n')}`);
    this.name = 'MetadataError';
    this.problems = problems;
  }
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const show = (v: unknown) => JSON.stringify(v);

function messageFor(e: ErrorObject): string {
  const override = (e.parentSchema as { 'x-messages'?: Record<string, string> } | undefined)?.['x-messages']?.[e.keyword];
  if (override) return override;
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `falta "${String(p.missingProperty)}"`;
    case 'additionalProperties': {
      const allowed = Object.keys((e.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});
      return `chave não permitida aqui${didYouMean(String(p.additionalProperty), allowed)}`;
    }
    case 'enum': {
      const allowed = p.allowedValues as unknown[];
      const near = typeof e.data === 'string' ? didYouMean(e.data, allowed.filter((v): v is string => typeof v === 'string')) : '';
      return `valor ${show(e.data)} fora da lista${near}; aceitos: ${allowed.map(show).join(', ')}`;
    }
    case 'const':
      return `deve ser ${show(p.allowedValue)}`;
    case 'type':
      return `deve ser do tipo ${String(p.type)}`;
    case 'pattern':
      return `${show(e.data)} fora do padrão ${String(p.pattern)}`;
    case 'uniqueItems':
      return `itens repetidos (posições ${String(p.j)} e ${String(p.i)})`;
    case 'minItems':
    case 'minProperties':
      return `precisa de pelo menos ${String(p.limit)} item(ns)`;
    case 'anyOf':
    case 'oneOf':
      return 'valor não corresponde a nenhuma das formas aceitas';
    case 'not':
      return 'valor não permitido';
    default:
      return e.message ?? 'valor inválido';
  }
}

/**
 * Meta-schema errors → problems, without ajv's noise: `if` wrappers, and the branch-by-branch errors that
 * precede a failed anyOf/oneOf at the same or a deeper path (found by position: inside a `$ref` their
 * schemaPath no longer shows the branch). Names that fail `propertyNames` are appended to the pointer.
 */
export function metaProblems(file: string, errors: readonly ErrorObject[] | null | undefined): Problem[] {
  const all = errors ?? [];
  const within = (path: string, base: string) => path === base || path.startsWith(`${base}/`);
  const out: Problem[] = [];
  all.forEach((e, i) => {
    if (e.keyword === 'if' || e.keyword === 'propertyNames') return;
    const coveredBy = all.slice(i + 1).find((b) => (b.keyword === 'anyOf' || b.keyword === 'oneOf') && within(e.instancePath, b.instancePath));
    if (coveredBy) return;
    const named = (e as ErrorObject & { propertyName?: string }).propertyName;
    let pointer = named === undefined ? e.instancePath : `${e.instancePath}/${escapePointer(named)}`;
    if (e.keyword === 'additionalProperties') pointer += `/${escapePointer(String(e.params.additionalProperty))}`;
    const message = messageFor(e);
    if (!out.some((o) => o.pointer === pointer && o.message === message)) out.push({ file, pointer, message });
  });
  return out;
}
