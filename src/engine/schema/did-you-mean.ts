/** Edit distance (insertions, deletions, substitutions; a swap of two neighbours counts 1). */
export function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * The known name closest to a mistyped one, when it is close enough to be the intended one (a third of its length,
 * at least 2 edits; case and accents ignored), else undefined.
 * @example nearest('BankOutlinde', ['BankOutlined', 'BookOutlined']) // 'BankOutlined'
 */
export function nearest(name: string, candidates: Iterable<string>): string | undefined {
  const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const target = fold(name);
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    if (c === name) continue;
    const d = distance(target, fold(c));
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

/** `; você quis dizer "x"?` when a near name exists, else ''. */
export const didYouMean = (name: string, candidates: Iterable<string>): string => {
  const n = nearest(name, candidates);
  return n === undefined ? '' : ` — você quis dizer "${n}"?`;
};
