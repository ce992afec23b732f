import { describe, expect, it } from 'vitest';
import { didYouMean, nearest } from './did-you-mean.ts';
import { parseJson } from './json-source.ts';

describe('parseJson (positions for check:metadata)', () => {
  const text = '{\n  "a": [1, { "b": true }],\n  "c": "x"\n}\n';

  it('parses like JSON.parse and locates keys, items and missing members', () => {
    const p = parseJson(text);
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    expect(p.value).toEqual(JSON.parse(text));
    expect(p.locate('')).toEqual({ line: 1, column: 1 });
    expect(p.locate('/a')).toEqual({ line: 2, column: 3 });
    expect(p.locate('/a/1/b')).toEqual({ line: 2, column: 14 });
    expect(p.locate('/c')).toEqual({ line: 3, column: 3 });
    expect(p.locate('/a/1/nope')).toEqual({ line: 2, column: 12 });
  });

  it('names the line and column of broken JSON and what was expected, in pt-BR', () => {
    expect(parseJson('{\n  "a": 1,\n}')).toEqual({ ok: false, position: { line: 3, column: 1 }, message: 'esperava outro membro depois da vírgula (vírgula sobrando antes de "}"), encontrou "}"' });
    expect(parseJson('{\n  "a": 1\n  "b": 2\n}')).toEqual({ ok: false, position: { line: 3, column: 3 }, message: 'esperava "," ou "}", encontrou """' });
    expect(parseJson('[1, 2')).toMatchObject({ ok: false, position: { line: 1, column: 6 }, message: 'esperava "," ou "]", encontrou o fim do arquivo' });
    expect(parseJson('{ "a": tru }')).toMatchObject({ ok: false, position: { line: 1, column: 8 } });
    expect(parseJson('{ "a": "x\n" }')).toMatchObject({ ok: false, position: { line: 1, column: 10 } });
  });
});

describe('did you mean', () => {
  it('suggests a near name only', () => {
    expect(nearest('BankOutlinde', ['BankOutlined', 'BookOutlined'])).toBe('BankOutlined');
    expect(nearest('contratos', ['companies', 'contracts'])).toBe('contracts');
    expect(nearest('zzz', ['banks'])).toBeUndefined();
    expect(didYouMean('financiero', ['financeiro', 'compras'])).toBe(' — você quis dizer "financeiro"?');
  });
});
