import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HookAPI } from 'antd/es/modal/useModal';
import type { Engine } from '../../engine/create-engine.ts';
import { HttpError } from '../../engine/http/errors.ts';
import { createErrorNotifier } from '../../engine/snackbar/from-error.ts';
import { SnackbarStore } from '../../engine/snackbar/store.ts';
import type { PromptOptions } from './prompt.tsx';

// The dialog answers as the person would: the category chosen, the rest as pre-filled.
const answers = vi.hoisted(() => ({ seen: [] as PromptOptions[], values: {} as Record<string, string | null> }));
vi.mock('./prompt.tsx', async (original) => ({
  ...(await original<typeof import('./prompt.tsx')>()),
  prompt: vi.fn<(modal: unknown, opts: PromptOptions) => Promise<Record<string, string | null>>>(async (_modal, opts) => {
    answers.seen.push(opts);
    return Object.fromEntries(opts.fields.map((f) => [f.name, f.name in answers.values ? answers.values[f.name] : (f.initial ?? null)]));
  }),
}));
const { procurementActions } = await import('./workflow-actions.ts');

const CC = '11111111-1111-4111-8111-111111111111';
const CAT = '22222222-2222-4222-8222-222222222222';
const invoice = { id: 'inv-1', version: 4, status: 'CONFERIDO', organizationId: 'org-1', purchaseOrderIds: ['po-1'] };

function engineWith(post: (url: string, body: unknown) => Promise<unknown>) {
  const snackbars = new SnackbarStore();
  const get = vi.fn<(url: string) => Promise<unknown>>(async (url) => {
    if (url.endsWith('/purchase-orders/po-1')) return { id: 'po-1', costCenterId: CC, categoryId: null };
    if (url.endsWith(`/cost-centers/${CC}`)) return { id: CC, code: '1.01', name: 'Administrativo' };
    throw new Error(`GET inesperado ${url}`);
  });
  const engine = {
    api: { service: (s: string) => `/api/${s}/v1` },
    http: { get, post: vi.fn<typeof post>(post) },
    snackbars,
    notifyError: createErrorNotifier(snackbars, { reload: () => undefined, login: () => undefined }),
  } as unknown as Engine;
  return { engine, snackbars };
}
const run = (engine: Engine) => procurementActions['procurement.invoices.approve'].run({ resource: 'invoices', records: [invoice], engine, modal: {} as HookAPI });

describe('invoice "Aprovar e lançar"', () => {
  beforeEach(() => {
    answers.seen.length = 0;
    answers.values = { categoryId: CAT };
  });

  it('asks for the payable’s category and cost center, pre-filled from the purchase order, and sends them', async () => {
    const { engine, snackbars } = engineWith(async () => ({ record: { ...invoice, status: 'LANCADO' }, approvalQueue: null }));
    await run(engine);
    const fields = answers.seen[0].fields;
    expect(fields.map((f) => [f.name, f.kind, f.required, f.initial, f.initialLabel])).toEqual([
      ['categoryId', 'search-one', true, undefined, undefined],
      ['costCenterId', 'search-one', true, CC, '1.01 — Administrativo'],
      ['comment', 'textarea', false, undefined, undefined],
    ]);
    expect(engine.http.post).toHaveBeenCalledWith('/api/pricing/v1/invoices/inv-1/approve', { categoryId: CAT, costCenterId: CC }, { headers: { 'If-Match': 'W/"4"' } });
    expect(snackbars.getSnapshot()).toMatchObject([{ type: 'success', message: 'Nota aprovada: conta a pagar gerada.' }]);
  });

  it('shows the server’s refusal in pt-BR', async () => {
    const reason = 'Informe a categoria de despesa e o centro de custos da conta a pagar: a ordem de compra não os traz.';
    const { engine, snackbars } = engineWith(async () => {
      throw new HttpError(409, 'Conflict', { statusCode: 409, code: 'MISSING_CATEGORY', message: reason });
    });
    await run(engine);
    expect(snackbars.getSnapshot()).toMatchObject([{ type: 'error', message: 'A ação não foi realizada.', details: [reason] }]);
  });

  it('reports a failure before the dialog (the purchase order unreadable) instead of doing nothing', async () => {
    const { engine, snackbars } = engineWith(async () => ({}));
    vi.mocked(engine.http.get).mockRejectedValueOnce(new HttpError(404, 'Not Found', { message: 'Ordem de compra não encontrada.' }));
    await run(engine);
    expect(answers.seen).toHaveLength(0);
    expect(snackbars.getSnapshot()).toMatchObject([{ type: 'error', details: ['Ordem de compra não encontrada.'] }]);
  });
});
