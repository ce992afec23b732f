import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createResource } from './new-resource.ts';

/**
 * docs/first-screen.md performed on a copy of the configuration, as written: shared by its unit test
 * (scripts/first-screen.test.ts: every step checks) and its Playwright test (tests/e2e/first-screen.spec.ts: the app
 * runs on the copy, METADATA_DIR).
 */
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The folders and file an implementer edits (server/config.ts `metadataRoot`). */
export const METADATA_PARTS = ['schemas', 'screens', 'hubs', 'public/app.config.json'];

/** A fresh copy of the project's metadata in `root` (emptied first). */
export async function copyMetadata(root: string): Promise<void> {
  await rm(root, { recursive: true, force: true });
  await mkdir(path.join(root, 'public'), { recursive: true });
  for (const part of METADATA_PARTS) await cp(path.join(REPO, part), path.join(root, part), { recursive: true });
}

/** The JSON blocks of docs/first-screen.md, in order (the walkthrough is tested as written). */
export async function docBlocks(): Promise<string[]> {
  const md = await readFile(path.join(REPO, 'docs/first-screen.md'), 'utf8');
  return [...md.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1].trim());
}

/** Step 1: the scaffold, as the docs' command runs it (the grants are left out: the copy has no seed of its own). */
export const scaffold = (root: string) =>
  createResource(root, 'contracts', { title: 'Contrato', plural: 'Contratos', route: '/contratos', service: 'supply-management' });

/** Steps 2–4: the docs' JSON blocks applied to the schema, the screen and the app config of `root`. */
export async function applyDocBlocks(root: string): Promise<void> {
  const [schemaPart, formPart, modulePart] = await docBlocks();

  const schemaFile = path.join(root, 'schemas/contracts.schema.json');
  const schema = JSON.parse(await readFile(schemaFile, 'utf8')) as Record<string, unknown>;
  Object.assign(schema, JSON.parse(`{${schemaPart.replace(/,\s*$/, '')}}`));
  await writeFile(schemaFile, JSON.stringify(schema, null, 2));

  const screenFile = path.join(root, 'screens/contracts/screen.json');
  const screen = JSON.parse(await readFile(screenFile, 'utf8')) as Record<string, Record<string, unknown>>;
  screen.list.columns = ['name', 'supplierId', 'startDate', 'endDate', 'totalAmount'].map((field) => ({ field }));
  screen.list.filters = [];
  Object.assign(screen, JSON.parse(`{${formPart}}`));
  screen.view.sections = [{ title: 'Contrato', columns: 2, fields: ['name', 'supplierId', 'startDate', 'endDate', 'totalAmount', 'renewal', 'noticeDays', 'active'] }];
  await writeFile(screenFile, JSON.stringify(screen, null, 2));

  const configFile = path.join(root, 'public/app.config.json');
  const config = JSON.parse(await readFile(configFile, 'utf8')) as { appParams: { composables: { useModuleNavigation: { modules: unknown[] } } } };
  config.appParams.composables.useModuleNavigation.modules.push(JSON.parse(modulePart));
  await writeFile(configFile, JSON.stringify(config, null, 2));
}

/** The whole walkthrough up to "Run": a copy in `root`, scaffolded and edited as the docs say. */
export async function performFirstScreen(root: string): Promise<void> {
  await copyMetadata(root);
  await scaffold(root);
  await applyDocBlocks(root);
}
