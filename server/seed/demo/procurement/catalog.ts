import { gtinCheckDigit } from '../../../../src/engine/formats/gtin.ts';
import { CATEGORY_TREE, PRODUCTS_BY_CATEGORY, type CategoryNode } from './catalog-data.ts';
import { uuid } from './ids.ts';
import type { Random } from '../random.ts';

type Rec = Record<string, unknown> & { id: string };

export interface Catalog {
  categories: Rec[];
  products: (Rec & { categorySlug: string; rootSlug: string })[];
  variants: Rec[];
}

/** An EAN-13 with the Brazilian GS1 prefix 789 and its check digit. */
const ean13 = (rng: Random) => {
  const body = `789${rng.digits(9)}`;
  return body + String(gtinCheckDigit(body));
};

const SKU_PREFIX: Record<string, string> = {
  escritorio: 'ESC', informatica: 'INF', limpeza: 'LIM', 'copa-e-cozinha': 'COP', epi: 'EPI', embalagens: 'EMB', moveis: 'MOV', manutencao: 'MAN', servicos: 'SRV',
};

/** The product line after a brand ("Dell Latitude" → Dell). */
const PRODUCT_LINE = /\s(Latitude|ThinkPad|ProBook|OptiPlex|ThinkCentre|Cristal|Post-it|Scotch)$/;

/** Rounded to a "shelf" price: R$ 24,90 rather than R$ 24,37. */
const shelf = (rng: Random, [min, max]: [number, number]) => {
  const reais = min + rng.next() * (max - min);
  const cents = Math.round(reais * 100);
  return cents >= 1000 ? Math.floor(cents / 100) * 100 + rng.pick([0, 50, 90]) : Math.max(1, Math.round(cents / 10) * 10);
};

/** The department tree, ~200 products (one per template and brand) and their variants (colours, sizes…). */
export function generateCatalog(rng: Random): Catalog {
  const categories: Rec[] = [];
  const products: Catalog['products'] = [];
  const variants: Rec[] = [];
  const usedGtins = new Set<string>();
  const gtin = () => {
    let g = ean13(rng);
    while (usedGtins.has(g)) g = ean13(rng);
    usedGtins.add(g);
    return g;
  };
  const walk = (nodes: CategoryNode[], parentId: string | null, root: string | null) => {
    nodes.forEach((node, i) => {
      const id = uuid(rng);
      categories.push({ id, name: node.name, slug: node.slug, parentId, description: node.description ?? null, position: (i + 1) * 10, active: true });
      const rootSlug = root ?? node.slug;
      for (const t of PRODUCTS_BY_CATEGORY[node.slug] ?? []) {
        for (const brand of t.brands ?? [null]) {
          const service = !!t.service;
          const count = products.filter((p) => p.rootSlug === rootSlug).length;
          const productId = uuid(rng);
          const price = shelf(rng, t.price);
          products.push({
            id: productId,
            categorySlug: node.slug,
            rootSlug,
            sku: `${SKU_PREFIX[rootSlug]}-${String(count + 1).padStart(4, '0')}`,
            name: brand ? `${t.name} — ${brand}` : t.name,
            type: service ? 'SERVICO' : 'PRODUTO',
            categoryId: id,
            unit: t.unit,
            ncm: t.ncm ?? null,
            serviceCode: t.service ?? null,
            gtin: service || t.variants ? null : gtin(),
            brand: brand ? brand.replace(PRODUCT_LINE, '') : null,
            description: null,
            referencePrice: price,
            leadTimeDays: t.leadTime ?? (service ? null : rng.int(2, 7)),
            active: rng.chance(0.97),
          });
          (t.variants?.values ?? []).forEach((value, v) => {
            variants.push({
              id: uuid(rng),
              productId,
              sku: `${SKU_PREFIX[rootSlug]}-${String(count + 1).padStart(4, '0')}-${String(v + 1).padStart(2, '0')}`,
              name: value,
              attributes: [{ name: t.variants!.attribute, value }],
              gtin: gtin(),
              price: v === 0 ? null : Math.round(price * (1 + rng.int(0, 8) / 100)),
              position: (v + 1) * 10,
              active: true,
            });
          });
        }
      }
      if (node.children) walk(node.children, id, rootSlug);
    });
  };
  walk(CATEGORY_TREE, null, null);
  return { categories, products, variants };
}
