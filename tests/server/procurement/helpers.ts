import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from '../resources/helpers.ts';

export const COMPANY_TYPES = '/api/companies/v1/company-types';
export const COMPANIES = '/api/companies/v1/companies';
export const CATEGORIES = '/api/cart/v1/categories';
export const PRODUCTS = '/api/cart/v1/products';
export const VARIANTS = '/api/cart/v1/product-variants';
export const MEDIA = '/api/cart/v1/product-media';
export const ORDERS = '/api/supply-management/v1/orders';
export const QUOTES = '/api/pricing/v1/quotes';
export const PURCHASE_ORDERS = '/api/pricing/v1/purchase-orders';
export const RECEIPTS = '/api/pricing/v1/receipts';
export const INVOICES = '/api/pricing/v1/invoices';
export const COST_CENTERS = '/api/accounts-payable/v1/cost-centers';

/** A JSON API client bound to one token: `post` expects the status and returns the body. */
export function client(app: FastifyInstance, token: string) {
  const send = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, version?: number) => {
    const headers = version === undefined ? undefined : { 'if-match': `W/"${version}"` };
    const res = await call(app, token, { method, url, payload: payload as never, headers });
    return { status: res.statusCode, body: res.body ? res.json() : undefined };
  };
  return {
    send,
    async create(url: string, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
      const res = await send('POST', url, payload);
      expect({ status: res.status, body: res.status === 201 ? 'ok' : res.body }).toEqual({ status: 201, body: 'ok' });
      return res.body as Record<string, unknown>;
    },
    async errors(method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>, version?: number): Promise<Record<string, string[]>> {
      const res = await send(method, url, payload, version);
      expect({ status: res.status, body: res.status === 400 ? 'errors' : res.body }).toEqual({ status: 400, body: 'errors' });
      return (res.body as { errors: Record<string, string[]> }).errors;
    },
  };
}
