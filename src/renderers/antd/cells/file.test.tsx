import { cleanup, fireEvent, screen as dom, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixtureUuid } from '../../../../tests/fixtures/records.ts';
import { renderScreen } from '../../../../tests/fixtures/render-screen.tsx';
import { metadata } from '../../../react/metadata.ts';
import { ListScreen } from '../list/ListScreen.tsx';
import { ViewScreen } from '../view/ViewScreen.tsx';
import { resolveCell } from './registry.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const index = (resource: string) => Object.keys(metadata.resources).indexOf(resource);
const PRODUCT = fixtureUuid(index('products') * 1000 + 1);
const MEDIA = fixtureUuid(index('product-media') * 1000 + 1);
const FILE = (i: number) => fixtureUuid(7000 + i);
const BASE = `/produtos/${PRODUCT}/midias`;
type Api = Parameters<NonNullable<Parameters<typeof renderScreen>[1]['prepare']>>[0];

/** Four media of one product: a PNG, a file that is gone, and two PDFs (the fake API's default). */
function prepare(api: Api) {
  api.store.get('product-media')!.forEach((r, i) => Object.assign(r, { productId: PRODUCT, fileId: FILE(i) }));
  api.files.set(FILE(0), { id: FILE(0), name: 'frente.png', contentType: 'image/png', size: 10, status: 'complete' });
  api.files.set(FILE(1), null);
}
const fileCalls = (calls: string[]) => calls.filter((c) => c.startsWith('GET /api/commons/v1/files'));

describe('file cell', () => {
  it('is chosen for x-file fields (product media), not for other uuids', () => {
    expect(resolveCell({ schema: metadata.resources['product-media'].properties.fileId, path: 'fileId', resource: 'product-media' }).name).toBe('file');
    expect(resolveCell({ schema: { type: ['string', 'null'], format: 'uuid', 'x-file': 'image' }, path: 'x' }).name).toBe('file');
    expect(resolveCell({ schema: { type: 'string', format: 'uuid' }, path: 'x' }).name).toBe('uuid');
  });

  it('shows a list page of files with ONE look-up call, a download link per file and a thumbnail per image', async () => {
    const created = vi.spyOn(URL, 'createObjectURL');
    const revoked = vi.spyOn(URL, 'revokeObjectURL');
    const { api, unmount, router } = renderScreen(<ListScreen screenKey="product-media" routeParams={{ productId: PRODUCT }} />, { url: BASE, prepare, rowsPerResource: 4 });
    const table = await dom.findByRole('table');
    await within(table).findByRole('button', { name: 'frente.png' });
    expect(within(table).getByRole('button', { name: 'arquivo-002.pdf' }).getAttribute('title')).toBe('Baixar arquivo-002.pdf');
    expect(within(table).getByRole('button', { name: 'arquivo-003.pdf' })).toBeTruthy();
    expect(within(table).getByText('Arquivo indisponível')).toBeTruthy();
    const lookups = fileCalls(api.calls).filter((c) => !c.includes('/content'));
    expect(lookups).toHaveLength(1);
    expect(new URL(lookups[0].slice(4), 'http://x').searchParams.getAll('id').sort()).toEqual([0, 1, 2, 3].map(FILE));

    // The image's thumbnail: one download with the token, shown as a 36 px blob URL; PDFs have none.
    const thumb = (await within(table).findByTestId('file-thumbnail')) as HTMLImageElement;
    expect(thumb.getAttribute('src')).toMatch(/^blob:/);
    expect([thumb.width, thumb.alt]).toEqual([36, 'Miniatura de frente.png']);
    expect(within(table).getAllByTestId('file-thumbnail')).toHaveLength(1);
    expect(fileCalls(api.calls).filter((c) => c.endsWith('/content'))).toEqual([`GET /api/commons/v1/files/${FILE(0)}/content`]);

    // Clicking a name downloads it (with the token) instead of opening the row's record.
    fireEvent.click(within(table).getByRole('button', { name: 'arquivo-002.pdf' }));
    await waitFor(() => expect(api.calls).toContain(`GET /api/commons/v1/files/${FILE(2)}/content`));
    expect(router.state.location.pathname).toBe(BASE);
    const auth = api.fetch.mock.calls.find(([u]) => String(u).endsWith(`${FILE(2)}/content`))?.[1]?.headers as Headers | Record<string, string>;
    expect(auth instanceof Headers ? auth.get('authorization') : auth?.authorization).toBe('Bearer tok');

    // Leaving the page frees the thumbnail's blob URL.
    const thumbUrl = thumb.getAttribute('src');
    expect(created.mock.results.map((r) => r.value)).toContain(thumbUrl);
    unmount();
    expect(revoked).toHaveBeenCalledWith(thumbUrl);
  });

  it('shows a larger thumbnail with name and size on the record page', async () => {
    renderScreen(<ViewScreen screenKey="product-media" id={MEDIA} routeParams={{ productId: PRODUCT }} />, { url: `${BASE}/${MEDIA}`, prepare });
    const thumb = (await dom.findByTestId('file-thumbnail')) as HTMLImageElement;
    expect(thumb.width).toBe(160);
    expect(dom.getByRole('button', { name: 'frente.png' })).toBeTruthy();
    expect(dom.getByText('10 B')).toBeTruthy();
  });
});
