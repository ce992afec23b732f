import { PROCUREMENT_MESSAGES as M } from '../../src/i18n/procurement.ts';
import type { ResourceHooks } from '../resources/index.ts';
import { ancestors } from '../resources/tree.ts';
import { Errors } from './documents.ts';

export const MAX_CATEGORY_DEPTH = 5;

/** Departamentos form a tree: a category never sits under itself or a descendant, and at most 5 levels deep. */
export const categoryHooks: ResourceHooks = {
  async beforeWrite(ctx) {
    const parentId = ctx.record.parentId;
    if (ctx.action === 'delete' || typeof parentId !== 'string' || parentId === ctx.stored?.parentId) return;
    const chain = await ancestors(ctx.q, ctx.def, 'parentId', parentId, MAX_CATEGORY_DEPTH + 1);
    const errors = new Errors();
    if (ctx.stored && chain.includes(String(ctx.stored.id))) errors.add('parentId', M.categoryCycle);
    else if (chain.length + 1 > MAX_CATEGORY_DEPTH) errors.add('parentId', M.categoryDepth(MAX_CATEGORY_DEPTH));
    errors.throwIfAny();
  },
};

const IMAGE = /^image\/(jpeg|png|webp|gif)$/;

/** Mídias: the file exists (uploaded and complete); a cover is an image, and a product has one cover. */
export const mediaHooks: ResourceHooks = {
  async beforeWrite(ctx) {
    if (ctx.action === 'delete') return;
    const r = ctx.record;
    const errors = new Errors();
    const { rows } = await ctx.q.query<{ content_type: string }>(`SELECT content_type FROM files WHERE id = $1::uuid AND status = 'complete'`, [r.fileId]);
    if (!rows[0]) errors.add('fileId', M.fileNotFound);
    else if (r.kind === 'IMAGEM' && !IMAGE.test(rows[0].content_type)) errors.add('fileId', M.fileNotImage);
    if (r.isCover === true) {
      if (r.kind !== 'IMAGEM') errors.add('isCover', M.coverNotImage);
      const other = await ctx.q.query(
        `SELECT 1 FROM product_media WHERE product_id = $1::uuid AND is_cover AND deleted_at IS NULL AND id IS DISTINCT FROM $2::uuid LIMIT 1`,
        [r.productId, ctx.stored?.id ?? null],
      );
      if (other.rows.length) errors.add('isCover', M.oneCover);
    }
    errors.throwIfAny();
  },
};
