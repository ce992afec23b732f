import { deflateSync, crc32 } from 'node:zlib';
import { expect, test, type Locator } from '@playwright/test';
import { UUID, accessToken, login, runTag } from './support.ts';

// Run with E2E_PORT=3399: a product's Mídias — upload a PNG as the cover image (x-file: upload widget with a
// preview), see its thumbnail on the record page and in the list, download it; a PDF as IMAGEM is refused.
const tag = runTag();

/** A valid RGB PNG, 48×48: four coloured quarters, so a thumbnail that shows it is easy to recognise. */
function quartersPng(size = 48): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const colours = [[31, 90, 166], [230, 160, 20], [32, 140, 120], [200, 50, 50]];
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then RGB
    for (let x = 0; x < size; x++) row.set(colours[(y < size / 2 ? 0 : 2) + (x < size / 2 ? 0 : 1)], 1 + x * 3);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter, no interlace
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/** A valid one-page PDF (catalog, pages, page, xref table with the real offsets). */
function tinyPdf(): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] >>'];
  let text = '%PDF-1.4\n';
  const offsets = objects.map((o, i) => {
    const at = text.length;
    text += `${i + 1} 0 obj\n${o}\nendobj\n`;
    return at;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

/** A thumbnail that really shows a decoded image of `width` CSS pixels (not a broken or empty blob). */
async function expectThumbnail(thumb: Locator, width: number) {
  await expect(thumb).toBeVisible();
  await expect(thumb).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
  expect((await thumb.boundingBox())?.width).toBeCloseTo(width, 0);
}

test('mídias: upload a PNG as the cover, thumbnails on the record page and in the list; a PDF as IMAGEM is refused', async ({ page }) => {
  await login(page);
  // A seeded product without media yet (the demo gives a cover only to the first product of each department).
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const products = (await (await page.request.get('/api/cart/v1/products?pageSize=200&filter[type][eq]=PRODUTO&sort=name', { headers })).json()) as { id: string; name: string }[];
  const media = (await (await page.request.get('/api/cart/v1/product-media?pageSize=1000', { headers })).json()) as { productId: string }[];
  const withMedia = new Set(media.map((m) => m.productId));
  const product = products.find((p) => !withMedia.has(p.id));
  expect(product, 'a seeded product without media').toBeTruthy();

  await page.goto(`/produtos/${product!.id}`);
  await expect(page.getByRole('heading', { name: product!.name })).toBeVisible();
  // The record page lists its Mídias (none yet); "Ver todos" opens the nested list.
  await page.locator(`a[href="/produtos/${product!.id}/midias"]`).filter({ hasText: 'Ver todos' }).click();
  await expect(page).toHaveURL(new RegExp(`/produtos/${product!.id}/midias$`));
  await page.getByRole('link', { name: 'Nova mídia' }).click();
  await expect(page).toHaveURL(/\/midias\/adicionar$/);

  // x-file: the upload widget with no uiSchema. Upload, then the preview shows the image.
  const title = `Capa E2E ${tag}`;
  await page.getByLabel('Título', { exact: true }).fill(title);
  await page.locator('input[type=file]').setInputFiles({ name: `capa-${tag}.png`, mimeType: 'image/png', buffer: quartersPng() });
  await expectThumbnail(page.getByTestId('file-thumbnail'), 96);
  await expect(page.getByText(`capa-${tag}.png`)).toBeVisible();
  await page.getByRole('switch', { name: 'Imagem de capa' }).click();
  await page.screenshot({ path: '/tmp/media-form.png', fullPage: true });
  await page.getByRole('button', { name: 'Salvar' }).click();

  // The record page: a 160 px thumbnail, the name as a download link and the size.
  await expect(page).toHaveURL(new RegExp(`/produtos/${product!.id}/midias/${UUID}$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expectThumbnail(page.getByTestId('file-thumbnail'), 160);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `capa-${tag}.png` }).click();
  expect((await download).suggestedFilename()).toBe(`capa-${tag}.png`);
  await page.screenshot({ path: '/tmp/media-view.png', fullPage: true });

  // Editing shows the stored image's preview in the widget.
  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL(/\/editar$/);
  await expectThumbnail(page.getByTestId('file-thumbnail'), 96);
  await expect(page.getByRole('button', { name: 'Remover arquivo' })).toBeVisible();

  // The list: a 36 px thumbnail in the row, the cover marked.
  await page.goto(`/produtos/${product!.id}/midias`);
  const row = page.getByRole('row').filter({ hasText: title });
  await expectThumbnail(row.getByTestId('file-thumbnail'), 36);
  await expect(row.getByRole('button', { name: `capa-${tag}.png` })).toBeVisible();
  await page.screenshot({ path: '/tmp/media-list.png', fullPage: true });

  // A PDF as IMAGEM: uploaded (PDFs are allowed files), refused on save in pt-BR under the field.
  await page.getByRole('link', { name: 'Nova mídia' }).click();
  await page.getByLabel('Título', { exact: true }).fill(`Foto errada ${tag}`);
  await page.locator('input[type=file]').setInputFiles({ name: `ficha-${tag}.pdf`, mimeType: 'application/pdf', buffer: tinyPdf() });
  await expect(page.getByText(`ficha-${tag}.pdf`)).toBeVisible();
  await expect(page.getByTestId('file-thumbnail')).toHaveCount(0);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Este arquivo não é uma imagem (JPG, PNG, WEBP ou GIF).').first()).toBeVisible();
  await expect(page).toHaveURL(/\/midias\/adicionar$/);
  await page.screenshot({ path: '/tmp/media-pdf-refused.png', fullPage: true });
});
