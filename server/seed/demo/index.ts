import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Queryable } from '../../db/index.ts';
import type { DemoArea, DemoContext } from './types.ts';

const here = dirname(fileURLToPath(import.meta.url));
const AREA_FILE = /^\d{2}-[a-z0-9-]+\.ts$/;

/** The area files of this folder, in name order (`10-catalogs.ts`, `20-companies.ts`…). */
export function demoAreaFiles(dir = here): string[] {
  return readdirSync(dir)
    .filter((f) => AREA_FILE.test(f) && !f.endsWith('.test.ts'))
    .sort();
}

/** Runs every demo area not yet marked in `seed_marks`; each in the caller's transaction. */
export async function seedDemoAreas(q: Queryable, base: Omit<DemoContext, 'q'>): Promise<string[]> {
  const ran: string[] = [];
  for (const file of demoAreaFiles()) {
    const mod = (await import(pathToFileURL(join(here, file)).href)) as { default: DemoArea };
    const area = mod.default;
    if (!area?.key || typeof area.run !== 'function') throw new Error(`server/seed/demo/${file}: export default { key, run } esperado`);
    const { rows } = await q.query('SELECT 1 FROM seed_marks WHERE key = $1', [area.key]);
    if (rows.length) continue;
    await area.run({ ...base, q });
    await q.query('INSERT INTO seed_marks (key) VALUES ($1)', [area.key]);
    ran.push(area.key);
  }
  return ran;
}
