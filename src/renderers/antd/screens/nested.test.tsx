import { fireEvent, screen as dom, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engineHarness } from '../../../../tests/fixtures/engine-harness.tsx';
import { fixtureUuid } from '../../../../tests/fixtures/records.ts';
import { renderScreen } from '../../../../tests/fixtures/render-screen.tsx';
import type { ScreenFile } from '../../../engine/schema/screen-types.ts';
import { metadata } from '../../../react/metadata.ts';
import { ResourceForm, type ResourceFormProps } from '../form/ResourceForm.tsx';
import { ListScreen } from '../list/ListScreen.tsx';
import { RelatedList } from '../view/RelatedList.tsx';
import { ViewScreen } from '../view/ViewScreen.tsx';

/**
 * Nested screens (docs/screens.md §2.1) over a test-only screen: cost centres as the children of one
 * organization, `/configuracoes/organizacoes/{organizationId}/centros-de-custos`.
 */
const KEY = 'test-org-cost-centers';
const BASE = '/configuracoes/organizacoes';
const nested: ScreenFile = {
  ...metadata.screens['cost-centers'],
  route: { base: `${BASE}/{organizationId}/centros-de-custos`, idParam: 'costCenterId', parent: { param: 'organizationId', field: 'organizationId', screen: 'organizations' } },
};
const screens = metadata.screens as Record<string, ScreenFile>;
beforeAll(() => void (screens[KEY] = nested));
afterAll(() => void delete screens[KEY]);

const index = (resource: string) => Object.keys(metadata.resources).indexOf(resource);
const ORG = fixtureUuid(index('organizations') * 1000 + 1);
const OTHER_ORG = fixtureUuid(index('organizations') * 1000 + 2);
const CC = fixtureUuid(index('cost-centers') * 1000 + 1);
const COST_CENTERS = '/api/accounts-payable/v1/cost-centers';
type Api = Parameters<NonNullable<Parameters<typeof renderScreen>[1]['prepare']>>[0];
/** The first cost centre belongs to ORG, the others to OTHER_ORG; all active (the list's default filter). */
const prepare = (api: Api) => api.store.get('cost-centers')!.forEach((r, i) => Object.assign(r, { organizationId: i === 0 ? ORG : OTHER_ORG, active: true }));

describe('nested list', () => {
  it('is locked to the parent in the path: filter sent, not in the URL, no chip; rows and title name the parent', async () => {
    const url = `${BASE}/${ORG}/centros-de-custos?filter[organizationId][eq]=${OTHER_ORG}`;
    const { api, container, router } = renderScreen(<ListScreen screenKey={KEY} routeParams={{ organizationId: ORG }} />, { url, prepare, rowsPerResource: 3 });
    const orgName = String(api.store.get('organizations')![0].name);
    const table = await dom.findByRole('table', { name: `Centros de Custos — ${orgName}` });
    const calls = api.calls.filter((c) => c.startsWith(`GET ${COST_CENTERS}?`));
    expect(calls.every((c) => c.includes(`filter[organizationId][eq]=${ORG}`) && !c.includes(OTHER_ORG))).toBe(true);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2)); // header + the one child
    expect(container.querySelector('tbody a.bo-row-link')?.getAttribute('href')).toBe(`${BASE}/${ORG}/centros-de-custos/${CC}`);
    expect(dom.getByRole('heading', { level: 1 }).textContent).toBe(`Centros de Custos — ${orgName}`);
    expect(dom.getByRole('link', { name: new RegExp(orgName) }).getAttribute('href')).toBe(`${BASE}/${ORG}`);
    // The organization filter of the screen is not offered, and the locked value shows no removable chip.
    expect(dom.queryByText(OTHER_ORG)).toBeNull();
    expect(dom.queryByRole('button', { name: 'Limpar filtros' })).toBeNull();
    expect(router.state.location.pathname).toBe(`${BASE}/${ORG}/centros-de-custos`);
  });

  it('is a 404 page when the parent does not exist', async () => {
    const missing = fixtureUuid(999_999);
    renderScreen(<ListScreen screenKey={KEY} routeParams={{ organizationId: missing }} />, { url: `${BASE}/${missing}/centros-de-custos` });
    expect(await dom.findByText('Page Not Found')).toBeTruthy();
  });

  it('sends rows to `rowLink` when the screen sets one', async () => {
    screens[KEY] = { ...nested, list: { ...nested.list!, rowLink: '/outro/{organizationId}/{id}/{code}' } };
    try {
      const { container, api } = renderScreen(<ListScreen screenKey={KEY} routeParams={{ organizationId: ORG }} />, { url: `${BASE}/${ORG}/centros-de-custos`, prepare });
      await waitFor(() => expect(container.querySelector('tbody a.bo-row-link')).not.toBeNull());
      const code = String(api.store.get('cost-centers')![0].code);
      expect(container.querySelector('tbody a.bo-row-link')?.getAttribute('href')).toBe(`/outro/${ORG}/${CC}/${code}`);
    } finally {
      screens[KEY] = nested;
    }
  });
});

describe('nested record page', () => {
  it('shows a child under its own parent', async () => {
    renderScreen(<ViewScreen screenKey={KEY} id={CC} routeParams={{ organizationId: ORG }} />, { url: `${BASE}/${ORG}/centros-de-custos/${CC}`, prepare });
    const back = await dom.findByRole('link', { name: /Voltar para Centros de Custos — / });
    expect(back.getAttribute('href')).toBe(`${BASE}/${ORG}/centros-de-custos`);
    expect((await dom.findByRole('link', { name: /Editar/ })).getAttribute('href')).toBe(`${BASE}/${ORG}/centros-de-custos/${CC}/editar`);
  });

  it('is a 404 page under another parent', async () => {
    renderScreen(<ViewScreen screenKey={KEY} id={CC} routeParams={{ organizationId: OTHER_ORG }} />, { url: `${BASE}/${OTHER_ORG}/centros-de-custos/${CC}`, prepare });
    expect(await dom.findByText('Page Not Found')).toBeTruthy();
  });
});

describe("parent's related list", () => {
  it('opens the nested list ("Ver todos") and its add form ("Adicionar"), rows under the nested base', async () => {
    const spec = { resource: 'cost-centers', foreignKey: 'organizationId', columns: ['name'] };
    const { container } = renderScreen(<RelatedList spec={spec} id={ORG} routeParams={{ organizationId: ORG }} />, { url: `${BASE}/${ORG}`, prepare });
    expect((await dom.findByRole('link', { name: 'Ver todos' })).getAttribute('href')).toBe(`${BASE}/${ORG}/centros-de-custos`);
    expect(dom.getByRole('link', { name: /Adicionar/ }).getAttribute('href')).toBe(`${BASE}/${ORG}/centros-de-custos/adicionar`);
    await waitFor(() => expect(container.querySelector('tbody a.bo-row-link')?.getAttribute('href')).toBe(`${BASE}/${ORG}/centros-de-custos/${CC}`));
  });
});

describe('nested add form', () => {
  it('does not show the parent field and always sends it', async () => {
    const onSave = vi.fn<ResourceFormProps['onSave']>(async () => {});
    const schema = metadata.resources['cost-centers'];
    const fixed = { organizationId: ORG };
    const h = engineHarness();
    // Even a stale value in the store (a record loaded under another parent) is overridden by the path's.
    const initial = { code: '9.1', name: 'Filial norte', type: 'A', active: true, organizationId: OTHER_ORG };
    const { container } = h.render(<ResourceForm screen={nested} schema={schema} mode="add" initial={initial} fixed={fixed} onSave={onSave} onCancel={vi.fn<() => void>()} />);
    expect(dom.getByLabelText(/Nome/)).toBeTruthy();
    expect(container.querySelector('[id$="_organizationId"]')).toBeNull();
    expect(dom.queryByText('Organização')).toBeNull();
    fireEvent.click(dom.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toMatchObject({ code: '9.1', name: 'Filial norte', organizationId: ORG });
  });
});
