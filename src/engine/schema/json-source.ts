/**
 * JSON text with positions: parses like `JSON.parse` and remembers where each value (and each member's key) starts,
 * so a problem found by JSON Pointer (`/properties/name/type`) can name its line and column. Broken JSON gives the
 * line and column of the first error and what was expected there, in pt-BR — never a stack trace.
 */
export interface Position {
  /** 1-based. */
  line: number;
  /** 1-based, in characters. */
  column: number;
}

export type ParsedJson =
  | { ok: true; value: unknown; locate(pointer: string): Position }
  | { ok: false; position: Position; message: string };

class JsonSyntaxError extends Error {
  constructor(readonly offset: number, message: string) {
    super(message);
  }
}

const describe = (c: string | undefined) => (c === undefined ? 'o fim do arquivo' : c === '\n' ? 'uma quebra de linha' : `"${c}"`);

/** Offsets of every pointer (`''` is the root): the member's key for object members, the value otherwise. */
function parse(text: string): { value: unknown; at: Map<string, number> } {
  const at = new Map<string, number>();
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const fail = (expected: string): never => {
    throw new JsonSyntaxError(i, `esperava ${expected}, encontrou ${describe(text[i])}`);
  };
  const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
  const string = (): string => {
    if (text[i] !== '"') fail('um texto entre aspas (")');
    const start = i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\n') throw new JsonSyntaxError(i, 'texto sem as aspas de fechamento (") antes do fim da linha');
      i += text[i] === '\\' ? 2 : 1;
    }
    if (i >= text.length) throw new JsonSyntaxError(start, 'texto sem as aspas de fechamento (")');
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      throw new JsonSyntaxError(start, 'texto com um escape (\\) inválido');
    }
  };
  const value = (pointer: string): unknown => {
    ws();
    if (!at.has(pointer)) at.set(pointer, i);
    const c = text[i];
    if (c === '{') {
      i++;
      const out: Record<string, unknown> = {};
      ws();
      if (text[i] === '}') return i++, out;
      for (;;) {
        ws();
        const keyAt = i;
        if (text[i] !== '"') fail(text[i] === '}' ? 'outro membro depois da vírgula (vírgula sobrando antes de "}")' : 'o nome de um campo entre aspas (")');
        const key = string();
        const child = `${pointer}/${escape(key)}`;
        at.set(child, keyAt);
        ws();
        if (text[i] !== ':') fail(`":" depois de "${key}"`);
        i++;
        out[key] = value(child);
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') return i++, out;
        fail('"," ou "}"');
      }
    }
    if (c === '[') {
      i++;
      const out: unknown[] = [];
      ws();
      if (text[i] === ']') return i++, out;
      for (;;) {
        out.push(value(`${pointer}/${out.length}`));
        ws();
        if (text[i] === ',') {
          i++;
          ws();
          if (text[i] === ']') fail('outro item depois da vírgula (vírgula sobrando antes de "]")');
          continue;
        }
        if (text[i] === ']') return i++, out;
        fail('"," ou "]"');
      }
    }
    if (c === '"') return string();
    const m = /^(-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
    if (!m) fail('um valor (texto entre aspas, número, true, false, null, { } ou [ ])');
    i += m![0].length;
    return JSON.parse(m![0]);
  };
  const v = value('');
  ws();
  if (i < text.length) fail('o fim do arquivo (há algo depois do valor principal)');
  return { value: v, at };
}

function positionOf(text: string, offset: number): Position {
  let line = 1;
  let start = 0;
  for (let k = 0; k < offset && k < text.length; k++) {
    if (text[k] === '\n') {
      line++;
      start = k + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

/**
 * @example
 * const p = parseJson('{\n  "a": [1, 2]\n}'); p.ok && p.locate('/a/1') // { line: 2, column: 12 }
 * parseJson('{ "a": 1, }') // { ok: false, position: { line: 1, column: 11 }, message: 'esperava outro membro …' }
 */
export function parseJson(text: string): ParsedJson {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    const { value, at } = parse(source);
    return {
      ok: true,
      value,
      locate(pointer) {
        // A pointer into something absent (a missing key) lands on the nearest ancestor that exists.
        let p = pointer === '/' ? '' : pointer;
        while (!at.has(p) && p) p = p.slice(0, p.lastIndexOf('/'));
        return positionOf(source, at.get(p) ?? 0);
      },
    };
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e;
    return { ok: false, position: positionOf(source, e.offset), message: e.message };
  }
}
