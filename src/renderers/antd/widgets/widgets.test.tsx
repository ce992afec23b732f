import { fireEvent, screen as dom, waitFor } from '@testing-library/react';
import type { FieldProps, WidgetProps } from '@rjsf/utils';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { PropertySchema } from '../../../engine/schema/types.ts';
import { SELECT_TEXT } from '../../../i18n/forms.ts';
import { engineHarness, type FakeHandler } from '../../../../tests/fixtures/engine-harness.tsx';
import { metadata } from '../../../react/metadata.ts';
import { CnpjWidget } from './CnpjWidget.tsx';
import { CpfWidget } from './CpfWidget.tsx';
import { FileWidget, PREVIEW_SIZE } from './FileWidget.tsx';
import { moneyTotal } from './ArrayTableField.tsx';
import { BoletoWidget } from './BoletoWidget.tsx';
import { MoneyWidget } from './MoneyWidget.tsx';
import { allowsNegative, moneyEdit, moneyPaste } from './money-input.ts';
import { MultiSelectWidget } from './MultiSelectWidget.tsx';
import { PercentWidget } from './PercentWidget.tsx';
import { PhoneWidget } from './PhoneWidget.tsx';
import { resolveWidget, UNKNOWN, widgetRegistry } from './registry.ts';
import { sanitizeHtml } from './sanitize-html.ts';

function renderWidget(Component: ComponentType<WidgetProps>, schema: PropertySchema, value?: unknown) {
  const onChange = vi.fn<(v: unknown) => void>();
  const onBlur = vi.fn<(id: string, v: unknown) => void>();
  const h = engineHarness();
  const props = { id: 'f', name: 'f', label: 'Campo', value, schema, uiSchema: {}, options: {}, onChange, onBlur, onFocus: () => undefined, registry: {}, placeholder: '' } as unknown as WidgetProps;
  h.render(<Component {...props} />);
  return { input: dom.getByRole('textbox') as HTMLInputElement, onChange, onBlur };
}

describe('money', () => {
  it('types cash-register style into integer centavos, never floats', () => {
    let s = moneyEdit('1', { allowNegative: false });
    expect(s).toEqual({ text: 'R$\u00a00,01', value: 1 });
    s = moneyEdit(`${s.text}2`, { allowNegative: false, previous: s });
    s = moneyEdit(`${s.text}3`, { allowNegative: false, previous: s });
    expect(s).toEqual({ text: 'R$\u00a01,23', value: 123 });
    expect(moneyEdit('R$ 1.234.567,890', { allowNegative: false }).value).toBe(1234567890);
    expect(moneyEdit('R$ 0,0', { allowNegative: false })).toEqual({ text: 'R$\u00a00,00', value: 0 });
    expect(moneyEdit('', { allowNegative: false })).toEqual({ text: '', value: null });
    // 16 digits would pass Number.MAX_SAFE_INTEGER centavos' comfort zone: the edit is refused.
    const prev = { text: 'x', value: 1 };
    expect(moneyEdit('1234567890123456', { allowNegative: false, previous: prev })).toBe(prev);
  });

  it('allows negatives only where the schema does', () => {
    expect(moneyEdit('-R$ 10,00', { allowNegative: true })).toEqual({ text: '-R$\u00a010,00', value: -1000 });
    expect(moneyEdit('-R$ 10,00', { allowNegative: false }).value).toBe(1000);
    expect(moneyEdit('-', { allowNegative: true })).toEqual({ text: '-', value: null });
    expect([allowsNegative({}), allowsNegative({ minimum: 0 }), allowsNegative({ minimum: -100 }), allowsNegative({ exclusiveMinimum: 0 })]).toEqual([true, false, true, false]);
  });

  it('reads pasted amounts in the usual forms', () => {
    expect(moneyPaste('R$ 1.234,56', { allowNegative: false })?.value).toBe(123456);
    expect(moneyPaste('12.50', { allowNegative: false })?.value).toBe(1250);
    expect(moneyPaste('(10,00)', { allowNegative: true })?.value).toBe(-1000);
    expect(moneyPaste('(10,00)', { allowNegative: false })).toBeUndefined();
    expect(moneyPaste('abc', { allowNegative: true })).toBeUndefined();
  });

  it('the widget shows BRL and emits centavos', () => {
    const { input, onChange } = renderWidget(MoneyWidget, { type: 'integer', format: 'money', minimum: 0 }, 123456);
    expect(input.value).toBe('R$\u00a01.234,56');
    fireEvent.change(input, { target: { value: 'R$\u00a01.234,567' } });
    expect(onChange).toHaveBeenLastCalledWith(1234567);
    expect(input.value).toBe('R$\u00a012.345,67');
    fireEvent.change(input, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('sums line-item totals in integer centavos', () => {
    expect(moneyTotal([{ a: 10 }, { a: 20 }, { a: 'x' }, {}], 'a')).toBe(30);
  });
});

describe('percent', () => {
  it('keeps two decimals exactly', () => {
    const { input, onChange } = renderWidget(PercentWidget, { type: 'number', format: 'percent' });
    fireEvent.change(input, { target: { value: '1234' } });
    expect(onChange).toHaveBeenLastCalledWith(12.34);
    expect(input.value).toBe('12,34%');
  });
});

describe('masked documents', () => {
  it('CPF: masks while typing, stores digits', () => {
    const { input, onChange } = renderWidget(CpfWidget, { type: 'string', format: 'cpf' });
    fireEvent.change(input, { target: { value: '52998224725' } });
    expect(input.value).toBe('529.982.247-25');
    expect(onChange).toHaveBeenLastCalledWith('52998224725');
  });

  it('CNPJ: alphanumeric mask AA.AAA.AAA/AAAA-00, uppercased', () => {
    const { input, onChange } = renderWidget(CnpjWidget, { type: ['string', 'null'], format: 'cnpj' });
    fireEvent.change(input, { target: { value: '12abc34501de35' } });
    expect(input.value).toBe('12.ABC.345/01DE-35');
    expect(onChange).toHaveBeenLastCalledWith('12ABC34501DE35');
    fireEvent.change(input, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('phone: landline and mobile masks', () => {
    const { input, onChange } = renderWidget(PhoneWidget, { type: 'string', format: 'phone' });
    fireEvent.change(input, { target: { value: '1133334444' } });
    expect(input.value).toBe('(11) 3333-4444');
    fireEvent.change(input, { target: { value: '11987654321' } });
    expect(input.value).toBe('(11) 98765-4321');
    expect(onChange).toHaveBeenLastCalledWith('11987654321');
  });

  it('boleto: masks the linha digitável and shows its amount and due date', () => {
    renderWidget(BoletoWidget, { type: 'string', format: 'boleto' });
    fireEvent.change(dom.getByRole('textbox'), { target: { value: '00190500954014481606906809350314337370000000100' } });
    expect((dom.getByRole('textbox') as HTMLInputElement).value).toBe('00190.50095 40144.816069 06809.350314 3 37370000000100');
    expect(dom.getByRole('status').textContent).toMatch(/^Valor R\$\s1,00 · vencimento \d{2}\/\d{2}\/\d{4}$/);
  });
});

describe('multi-select pt-BR locale (spec §9)', () => {
  it('labels the selection count and says "Não há resultados." when empty', async () => {
    expect([SELECT_TEXT.selectionLabel(0), SELECT_TEXT.selectionLabel(1), SELECT_TEXT.selectionLabel(2)]).toEqual(['0 selecionados', '1 selecionado', '2 selecionados']);
    const h = engineHarness();
    const schema = { type: 'array', items: { type: 'string', oneOf: [{ const: 'A', title: 'Aberto' }, { const: 'P', title: 'Pago' }] } } as PropertySchema;
    const props = { schema, formData: ['A', 'P'], fieldPathId: { $id: 'm', path: ['m'] }, onChange: vi.fn<(v: unknown) => void>(), onBlur: vi.fn<() => void>(), name: 'm', registry: {}, uiSchema: {} } as unknown as FieldProps;
    h.render(<MultiSelectWidget {...props} />);
    expect(dom.getByText('2 selecionados')).toBeTruthy();
    fireEvent.mouseDown(dom.getByRole('combobox'));
    fireEvent.change(dom.getByRole('combobox'), { target: { value: 'zzz' } });
    await waitFor(() => expect(dom.getByText(SELECT_TEXT.noResults)).toBeTruthy());
  });
});

describe('registry', () => {
  const pick = (schema: PropertySchema, requested?: string) => resolveWidget(widgetRegistry, { schema, path: 'x', requested }).name;

  it('picks by format, reference, options and type, and falls back to Unknown naming the path', () => {
    expect(pick({ type: 'integer', format: 'money' })).toBe('money');
    expect(pick({ type: ['string', 'null'], format: 'uuid', 'x-ref': 'banks' })).toBe('reference-select');
    expect(pick({ type: 'string', oneOf: [{ const: 'A', title: 'A' }] })).toBe('select');
    expect(pick({ type: 'string', oneOf: [{ const: 'A', title: 'A' }] }, 'radio')).toBe('radio');
    expect(pick({ type: 'array', items: { type: 'string', 'x-ref': 'cost-centers' } })).toBe('reference-multi-select');
    expect(pick({ type: 'array', items: { type: 'object', properties: { amount: { type: 'integer', format: 'money' } } } })).toBe('array-table');
    expect(pick({ type: 'string' }, 'richtext')).toBe('richtext');
    expect(pick({ type: 'string', format: 'date' })).toBe('date');
    expect(pick({ type: 'string', format: 'competence' })).toBe('competence');
    expect(pick({ type: 'boolean' })).toBe('boolean');
    expect(pick({ type: 'object', properties: {} })).toBe(UNKNOWN);
  });

  it('gives x-file fields the upload widget without a uiSchema, and other uuids none of it', () => {
    expect(pick(metadata.resources['product-media'].properties.fileId)).toBe('file');
    expect(pick({ type: ['string', 'null'], format: 'uuid', 'x-file': 'image' })).toBe('file');
    expect(pick({ type: ['string', 'null'], format: 'uuid' }, 'file')).toBe('file');
    expect(pick({ type: ['string', 'null'], format: 'uuid' })).not.toBe('file');
  });

  it('lets a plugin override a format by rank', () => {
    const undo = widgetRegistry.register({ name: 'my-money', tester: (c) => (c.schema.format === 'money' ? 50 : -1), component: { kind: 'widget', Component: MoneyWidget } });
    expect(pick({ type: 'integer', format: 'money' })).toBe('my-money');
    undo();
    expect(pick({ type: 'integer', format: 'money' })).toBe('money');
  });
});

describe('file', () => {
  const PNG = '00000000-0000-4000-8000-000000000001';
  const filesApi: FakeHandler = (url) => {
    if (url.includes('/files?')) return { body: [{ id: PNG, name: 'capa.png', contentType: 'image/png', size: 2048, status: 'complete' }] };
    if (url.endsWith('/content')) return { body: 'png', headers: { 'content-type': 'image/png' } };
    return undefined;
  };
  const renderFile = (schema: PropertySchema, value?: string) => {
    const onChange = vi.fn<(v: unknown) => void>();
    const h = engineHarness(filesApi);
    const props = { id: 'fileId', name: 'fileId', label: 'Arquivo', value, schema, uiSchema: {}, options: {}, onChange, onBlur: vi.fn<(id: string, v: unknown) => void>(), onFocus: () => undefined, registry: {}, placeholder: '' } as unknown as WidgetProps;
    const view = h.render(<FileWidget {...props} />);
    return { ...h, ...view, onChange };
  };

  it('shows a stored image with its thumbnail, name and size (edit), looked up in the batch endpoint', async () => {
    const { calls } = renderFile({ type: 'string', format: 'uuid', 'x-file': true }, PNG);
    const thumb = (await dom.findByTestId('file-thumbnail')) as HTMLImageElement;
    expect(thumb.getAttribute('src')).toMatch(/^blob:/);
    expect(thumb.width).toBe(PREVIEW_SIZE);
    expect(dom.getByText('capa.png')).toBeTruthy();
    expect(dom.getByText('2 KB')).toBeTruthy();
    expect(calls).toEqual([`GET /api/commons/v1/files?id=${PNG}`, `GET /api/commons/v1/files/${PNG}/content`]);
  });

  it('uploads an image and previews it at once, without looking it up again', async () => {
    const NEW = '00000000-0000-4000-8000-000000000002';
    const reply = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    // Uploads go through fetch directly (raw chunk bodies), not the engine's JSON client.
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(async (url, init) => {
      if (init?.method === 'POST' && String(url).endsWith('/files')) return reply({ id: NEW, chunkSize: 65536, chunks: 1 }, 201);
      if (init?.method === 'PUT') return new Response(null, { status: 204 });
      return reply({ id: NEW, name: 'nova.png', contentType: 'image/png', size: 4, status: 'complete', createdAt: '2026-03-01T00:00:00.000Z' });
    }));
    try {
      const schema: PropertySchema = { type: 'string', format: 'uuid', 'x-file': true };
      const { container, onChange, calls, rerender } = renderFile(schema);
      const input = container.querySelector('input[type=file]') as HTMLInputElement;
      fireEvent.change(input, { target: { files: [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'nova.png', { type: 'image/png' })] } });
      await waitFor(() => expect(onChange).toHaveBeenCalledWith(NEW));
      const props = { id: 'fileId', name: 'fileId', label: 'Arquivo', value: NEW, schema, uiSchema: {}, options: {}, onChange, onBlur: vi.fn<(id: string, v: unknown) => void>(), onFocus: () => undefined, registry: {}, placeholder: '' } as unknown as WidgetProps;
      rerender(<FileWidget {...props} />);
      expect(await dom.findByTestId('file-thumbnail')).toBeTruthy();
      expect(dom.getByText('nova.png')).toBeTruthy();
      expect(calls.filter((c) => c.includes('/files?'))).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('accepts only images for x-file "image", and says so in pt-BR', async () => {
    const { container } = renderFile({ type: ['string', 'null'], format: 'uuid', 'x-file': 'image' });
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('.png,.jpg,.jpeg,.webp');
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'nota.pdf', { type: 'application/pdf' })] } });
    expect((await dom.findByRole('alert')).textContent).toBe('Envie uma imagem (PNG, JPG ou WEBP).');
  });
});

describe('rich text', () => {
  it('keeps only bold, italic, paragraphs and lists, without attributes', () => {
    expect(sanitizeHtml('<p onclick="x()">Oi <b style="color:red">você</b><script>alert(1)</script></p>')).toBe('<p>Oi <b>você</b></p>');
    expect(sanitizeHtml('<div>linha</div><ul><li><a href="javascript:x">item</a></li></ul><img src=x onerror=alert(1)>')).toBe('<p>linha</p><ul><li>item</li></ul>');
    expect(sanitizeHtml('<br>')).toBe('');
  });
});
