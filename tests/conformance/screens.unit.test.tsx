import { fireEvent, screen as dom, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldLabel, fieldSchema } from '../../src/engine/list/fields.ts';
import { fillTemplate, routerPath, screenPaths, templateParams, type RouteParams } from '../../src/engine/routes/route-table.ts';
import type { ScreenFile } from '../../src/engine/schema/screen-types.ts';
import { metadata } from '../../src/react/metadata.ts';
import { resolveCell } from '../../src/renderers/antd/cells/registry.ts';
import { ListScreen } from '../../src/renderers/antd/list/ListScreen.tsx';
import { ViewScreen } from '../../src/renderers/antd/view/ViewScreen.tsx';
import { fixtureUuid } from '../fixtures/records.ts';
import { renderScreen } from '../fixtures/render-screen.tsx';
import type { createFakeApi } from '../fixtures/fake-api.ts';

/**
 * Every screen file renders its list and its record page over fixture data with a real cell for every
 * column and field — never the Unknown fallback (style.md #14). The form part is in the form suite.
 */
const SCREENS = Object.entries(metadata.screens);
const firstId = (resource: string) => fixtureUuid(Object.keys(metadata.resources).indexOf(resource) * 1000 + 1);

/**
 * A nested screen (docs/screens.md §2.1) renders under one parent: the parent resource's first fixture record,
 * whose id every child fixture row then carries in its parent field. Other base params get any id.
 */
function nestedSetup(screen: ScreenFile): { params: RouteParams; prepare?: (api: ReturnType<typeof createFakeApi>) => void } {
  const parent = screen.route.parent;
  if (!parent) return { params: {} };
  const parentResource = (parent.screen ? metadata.screens[parent.screen]?.resource : undefined) ?? metadata.resources[screen.resource].properties[parent.field]['x-ref']!;
  const parentId = firstId(parentResource);
  const params = Object.fromEntries(templateParams(screen.route.base).map((p) => [p, p === parent.param ? parentId : fixtureUuid(900)]));
  return { params, prepare: (api) => api.store.get(screen.resource)!.forEach((r) => (r[parent.field] = parentId)) };
}

describe.each(SCREENS)('screens/%s/screen.json', (key, screen) => {
  const schema = metadata.resources[screen.resource];

  it('has a cell for every list column and view field (registry)', () => {
    const fields = [...(screen.list?.columns.map((c) => c.field) ?? []), ...(screen.view?.sections?.flatMap((s) => s.fields) ?? [])];
    const unknown = fields.filter((f) => resolveCell({ schema: fieldSchema(schema, f) ?? {}, path: f, resource: screen.resource }).name === 'unknown');
    expect(unknown).toEqual([]);
  });

  it.runIf(!!screen.list)('renders its list with every visible column and no Unknown cell', async () => {
    const { params, prepare } = nestedSetup(screen);
    const { container, api } = renderScreen(<ListScreen screenKey={key} routeParams={params} />, { url: screenPaths(screen.route, params).list, prepare });
    // A nested screen's list is titled after its parent: "Etapas — <queue>".
    const plural = screen.title ?? schema['x-resource'].titlePlural;
    const table = await dom.findByRole('table', { name: screen.route.parent ? new RegExp(`^${plural} — .+$`) : plural });
    const visible = screen.list!.columns.filter((c) => !c.hidden);
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent ?? '');
    for (const c of visible) expect(headers.some((h) => h.includes(fieldLabel(schema, c.field, c.title)))).toBe(true);
    await waitFor(() => expect(container.querySelectorAll('tbody tr').length).toBeGreaterThan(0));
    // References resolve: one labels call per referenced resource, never one per row.
    const refs = new Set(visible.map((c) => schema.properties[c.field]?.['x-ref'] ?? schema.properties[c.field]?.items?.['x-ref']).filter(Boolean));
    await waitFor(() => expect(container.querySelector('[aria-busy="true"][aria-label="Carregando…"]')).toBeNull());
    const labelCalls = api.calls.filter((c) => c.includes('/labels?'));
    expect(labelCalls).toHaveLength(refs.size);
    expect(container.querySelector('[data-unknown-cell]')).toBeNull();
    // Each row links to its record page (or where `rowLink` says).
    const firstLink = container.querySelector('tbody a.bo-row-link');
    const target = screen.list!.rowLink ? routerPath(screen.list!.rowLink).replace(/:\w+/g, '[^/]+') : `${fillTemplate(screen.route.base, params)}/[0-9a-f-]{36}`;
    expect(firstLink?.getAttribute('href')).toMatch(new RegExp(`^${target}$`));
  });

  it.runIf(!!screen.view)('renders its record page: sections and related lists, no Unknown cell', async () => {
    const id = firstId(screen.resource);
    const { params, prepare } = nestedSetup(screen);
    const { container } = renderScreen(<ViewScreen screenKey={key} id={id} routeParams={params} />, { url: screenPaths(screen.route, params).view(id), prepare });
    for (const s of screen.view!.sections ?? []) expect((await dom.findAllByText(s.title)).length).toBeGreaterThan(0);
    for (const r of screen.view!.related ?? []) expect(await dom.findByText(r.title ?? metadata.resources[r.resource]['x-resource'].titlePlural)).toBeTruthy();
    await waitFor(() => expect(container.querySelectorAll('dd').length).toBeGreaterThan(0));
    expect(container.querySelector('[data-unknown-cell]')).toBeNull();
  });

  it.runIf(!!screen.view?.history)('shows the record history: who, when, what', async () => {
    const id = firstId(screen.resource);
    const { params, prepare } = nestedSetup(screen);
    const { api } = renderScreen(<ViewScreen screenKey={key} id={id} routeParams={params} />, { url: screenPaths(screen.route, params).view(id), prepare });
    const field = Object.keys(schema.properties)[0];
    api.setHistory(id, [
      { id: 1, action: 'create', at: '2026-03-01T12:00:00.000Z', actor: { id: 'u1', name: 'Ana Souza' }, diff: {} },
      { id: 2, action: 'update', at: '2026-03-02T15:45:00.000Z', actor: { id: 'u1', name: 'Ana Souza' }, diff: { [field]: { before: null, after: null } } },
    ]);
    fireEvent.click(await dom.findByRole('tab', { name: 'Histórico' }));
    expect(await dom.findAllByTestId('history-entry')).toHaveLength(2);
    expect(dom.getAllByText('Ana Souza')).toHaveLength(2);
    expect(dom.getByText(`${schema.properties[field].title}:`)).toBeTruthy();
  });
});

describe('record page', () => {
  it('shows the not-found page for a record that does not exist', async () => {
    const [key, screen] = SCREENS.find(([, s]) => s.view && !s.route.parent)!;
    renderScreen(<ViewScreen screenKey={key} id={fixtureUuid(999_999)} />, { url: screenPaths(screen.route).view(fixtureUuid(999_999)) });
    expect(await dom.findByText('Page Not Found')).toBeTruthy();
  });
});
