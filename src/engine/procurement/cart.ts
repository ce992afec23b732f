/** A line of the requester's cart as the API sends it (server/procurement/catalog/cart.ts; the catalogue pages read it). */
export interface CartLine {
  id: string;
  productId: string;
  variantId: string | null;
  sku: string;
  name: string;
  variantName: string | null;
  unit: string;
  /** The variant's price, else the product's reference price (centavos). */
  unitPrice: number;
  quantity: number;
  total: number;
  costCenterId: string | null;
  neededBy: string | null;
  notes: string | null;
  expenseCategoryId: string | null;
}
