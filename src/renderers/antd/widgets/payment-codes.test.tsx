import { fireEvent, screen as dom, waitFor } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { describe, expect, it, vi } from 'vitest';
import { crc16 } from '../../../engine/formats/pix-code.ts';
import { FINANCE_MESSAGES } from '../../../i18n/finance.ts';
import { metadata } from '../../../react/metadata.ts';
import { engineHarness, type FakeHandler } from '../../../../tests/fixtures/engine-harness.tsx';
import { ResourceForm, type ResourceFormProps } from '../form/ResourceForm.tsx';
import { BoletoWidget } from './BoletoWidget.tsx';
import { PixCodeWidget } from './PixCodeWidget.tsx';
import { resolveWidget, widgetRegistry } from './registry.ts';

const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** A BR Code with a correct CRC16: static (key) or dynamic (PSP URL), amount in centavos when given. */
function pixCode(o: { key?: string; url?: string; cents?: number; name: string; city: string }): string {
  const account = tlv('00', 'br.gov.bcb.pix') + (o.key ? tlv('01', o.key) : '') + (o.url ? tlv('25', o.url) : '');
  const body = tlv('00', '01') + (o.url ? tlv('01', '12') : '') + tlv('26', account) + tlv('52', '0000') + tlv('53', '986')
    + (o.cents === undefined ? '' : tlv('54', (o.cents / 100).toFixed(2))) + tlv('58', 'BR') + tlv('59', o.name) + tlv('60', o.city)
    + tlv('62', tlv('05', '***')) + '6304';
  return body + crc16(body);
}

const ORG = '11111111-1111-4111-8111-111111111111';
const SUPPLIER = { id: '44444444-4444-4444-8444-444444444444', organizationId: ORG, legalName: 'Conecta Telecom S.A.', tradeName: 'Conecta Telecom', pixKey: '11222333000181' };
const EVP = '123e4567-e89b-42d3-a456-426614174000';

/** A fake companies API: `filter[pixKey][eq]` and `q` over the given records; labels by id. */
function companiesApi(records: (typeof SUPPLIER)[]): FakeHandler {
  return (raw) => {
    const url = new URL(raw, 'http://localhost');
    if (url.pathname.endsWith('/companies/labels')) {
      const ids = url.searchParams.getAll('id');
      return { body: records.filter((r) => ids.includes(r.id)).map((r) => ({ id: r.id, label: r.legalName })) };
    }
    if (!url.pathname.endsWith('/companies')) return undefined;
    const key = url.searchParams.get('filter[pixKey][eq]');
    const org = url.searchParams.get('filter[organizationId][eq]');
    const q = url.searchParams.get('q')?.toLowerCase();
    const rows = records.filter((r) => (key ? r.pixKey === key : true) && (org ? r.organizationId === org : true) && (q ? `${r.legalName} ${r.tradeName}`.toLowerCase().includes(q) : true));
    return { body: rows, headers: { 'x-total-count': String(rows.length) } };
  };
}

const field = (label: string) => dom.getByLabelText(label, { exact: true }) as HTMLInputElement;

function renderPayable(handler: FakeHandler, initial: Record<string, unknown> = {}) {
  const h = engineHarness(handler);
  h.render(
    <ResourceForm screen={metadata.screens.payables} schema={metadata.resources.payables} mode="add" initial={{ paymentMethod: 'PIX', ...initial }}
      onSave={vi.fn<ResourceFormProps['onSave']>()} onCancel={() => undefined} />,
  );
  return h;
}

describe('PIX copia e cola widget (payables screen)', () => {
  it('is the widget of format pix-code and of ui:widget "pix-code"', () => {
    expect(resolveWidget(widgetRegistry, { schema: { type: ['string', 'null'], format: 'pix-code' }, path: 'x' }).name).toBe('pix-code');
    expect(resolveWidget(widgetRegistry, { schema: { type: 'string' }, path: 'x', requested: 'pix-code' }).name).toBe('pix-code');
  });

  it('a static code with an amount: shows what it read, fills amount, key and the supplier found by the key', async () => {
    const h = renderPayable(companiesApi([SUPPLIER]));
    const code = pixCode({ key: SUPPLIER.pixKey, cents: 123456, name: 'CONECTA TELECOM', city: 'SAO PAULO' });
    // Pasted from a PDF: wrapped, with spaces around.
    fireEvent.change(field('PIX copia e cola'), { target: { value: `  ${code.slice(0, 50)}\n${code.slice(50)}\n` } });
    expect(field('PIX copia e cola').value).toBe(code);
    const status = dom.getByRole('status');
    expect(status.textContent).toContain('Recebedor: CONECTA TELECOM (SAO PAULO)');
    expect(status.textContent).toContain('Chave: 11222333000181');
    expect(status.textContent).toContain('Valor: R$\u00a01.234,56');
    fireEvent.click(dom.getByRole('button', { name: 'Preencher valor e favorecido' }));
    await waitFor(() => expect(field('Valor original').value).toBe('R$\u00a01.234,56'));
    expect(field('Chave PIX do fornecedor').value).toBe('11.222.333/0001-81');
    await waitFor(() => expect(dom.getByText('Favorecido preenchido: Conecta Telecom S.A.')).toBeTruthy());
    await waitFor(() => expect(dom.getAllByText('Conecta Telecom S.A.').length).toBeGreaterThan(0));
    // Found by the key: no name search needed.
    expect(h.calls.filter((c) => c.includes('/companies?'))).toEqual(['GET /api/companies/v1/companies?page=1&pageSize=10&filter[pixKey][eq]=11222333000181']);
  });

  it('a dynamic code without amount: "definido na hora do pagamento", supplier found by the merchant name', async () => {
    const h = renderPayable(companiesApi([SUPPLIER]));
    fireEvent.change(field('PIX copia e cola'), { target: { value: pixCode({ url: 'pix.example.com/qr/v2/cobv/9d36b84f', name: 'CONECTA TELECOM', city: 'SAO PAULO' }) } });
    const status = dom.getByRole('status');
    expect(status.textContent).toContain('Valor: definido na hora do pagamento');
    expect(status.textContent).toContain('Cobrança dinâmica');
    fireEvent.click(dom.getByRole('button', { name: 'Preencher valor e favorecido' }));
    await waitFor(() => expect(dom.getByText('Favorecido preenchido: Conecta Telecom S.A.')).toBeTruthy());
    expect(field('Valor original').value).toBe('');
    expect(h.calls.some((c) => /companies\?.*q=CONECTA(\+|%20)TELECOM/.test(c))).toBe(true);
  });

  it('no registered payee: says which name to look for and leaves the supplier empty', async () => {
    renderPayable(companiesApi([SUPPLIER]));
    fireEvent.change(field('PIX copia e cola'), { target: { value: pixCode({ key: EVP, cents: 5000, name: 'PADARIA DO ZE', city: 'RECIFE' }) } });
    fireEvent.click(dom.getByRole('button', { name: 'Preencher valor e favorecido' }));
    await waitFor(() => expect(dom.getByText(/Nenhum cadastro com esta chave PIX ou com o nome “PADARIA DO ZE”/)).toBeTruthy());
    expect(field('Valor original').value).toBe('R$\u00a050,00');
    expect(field('Chave PIX do fornecedor').value).toBe(EVP);
    expect(dom.queryByText('Conecta Telecom S.A.')).toBeNull();
  });

  it('several companies with the name: asks the person to choose', async () => {
    const other = { ...SUPPLIER, id: '55555555-5555-4555-8555-555555555555', legalName: 'Conecta Telecom Nordeste Ltda', tradeName: 'Conecta Telecom NE', pixKey: '' };
    renderPayable(companiesApi([SUPPLIER, other]));
    fireEvent.change(field('PIX copia e cola'), { target: { value: pixCode({ key: EVP, name: 'CONECTA', city: 'RECIFE' }) } });
    expect(dom.getByRole('status').textContent).toContain('Valor: livre');
    fireEvent.click(dom.getByRole('button', { name: 'Preencher valor e favorecido' }));
    await waitFor(() => expect(dom.getByText(/2 cadastros combinam com “CONECTA”/)).toBeTruthy());
  });

  it('the same company in two organizations: the one of the lançamento\'s organization (payeeFilter)', async () => {
    const twin = { ...SUPPLIER, id: '66666666-6666-4666-8666-666666666666', organizationId: '22222222-2222-4222-8222-222222222222' };
    const h = renderPayable(companiesApi([twin, SUPPLIER]), { organizationId: ORG });
    fireEvent.change(field('PIX copia e cola'), { target: { value: pixCode({ key: EVP, name: 'CONECTA TELECOM', city: 'SAO PAULO' }) } });
    fireEvent.click(dom.getByRole('button', { name: 'Preencher valor e favorecido' }));
    await waitFor(() => expect(dom.getByText('Favorecido preenchido: Conecta Telecom S.A.')).toBeTruthy());
    expect(h.calls.filter((c) => c.includes('/companies?')).every((c) => c.includes(`filter[organizationId][eq]=${ORG}`))).toBe(true);
    expect(h.calls).toContain(`GET /api/companies/v1/companies/labels?id=${SUPPLIER.id}`);
  });

  it('a code with a wrong CRC: clear message, nothing to fill', () => {
    renderPayable(companiesApi([]));
    const code = pixCode({ key: EVP, cents: 1000, name: 'LOJA', city: 'RECIFE' });
    fireEvent.change(field('PIX copia e cola'), { target: { value: code.replace('10.00', '90.00') } });
    expect(dom.getByRole('alert').textContent).toBe('Código PIX inválido: o dígito verificador (CRC) não confere. Copie o código de novo, inteiro.');
    expect(field('PIX copia e cola').getAttribute('aria-invalid')).toBe('true');
    expect(dom.queryByRole('button', { name: /Preencher/ })).toBeNull();
    fireEvent.change(field('PIX copia e cola'), { target: { value: '00190500954014481606906809350314337370000000100' } });
    expect(dom.getByRole('alert').textContent).toMatch(/linha digitável de boleto/);
  });
});

function renderWidget(Component: typeof BoletoWidget, schema: object, handler?: FakeHandler) {
  const h = engineHarness(handler);
  const onChange = vi.fn<(v: unknown) => void>();
  const props = { id: 'f', name: 'f', label: 'Campo', schema, uiSchema: {}, options: {}, onChange, onBlur: () => undefined, onFocus: () => undefined, registry: {}, placeholder: '' } as unknown as WidgetProps;
  h.render(<Component {...props} />);
  return { h, onChange, input: dom.getByRole('textbox') as HTMLInputElement };
}

describe('PIX widget alone', () => {
  it('stores the cleaned code, or null when emptied', () => {
    const { input, onChange } = renderWidget(PixCodeWidget, { type: ['string', 'null'], format: 'pix-code' });
    const code = pixCode({ key: EVP, name: 'LOJA', city: 'RECIFE' });
    fireEvent.change(input, { target: { value: ` ${code}\r\n` } });
    expect(onChange).toHaveBeenLastCalledWith(code);
    fireEvent.change(input, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(dom.queryByRole('alert')).toBeNull();
  });
});

describe('boleto widget: issuer and check digits', () => {
  it('bank line: shows the issuing bank from the banks list', async () => {
    const { input, h } = renderWidget(BoletoWidget, { type: 'string', format: 'boleto' }, (url) =>
      url.includes('/banks?') && url.includes('001') ? { body: [{ id: 'b1', compe: '001', name: 'BCO DO BRASIL S.A.' }], headers: { 'x-total-count': '1' } } : undefined);
    fireEvent.change(input, { target: { value: '00190500954014481606906809350314337370000000100' } });
    expect(dom.getByRole('status').textContent).toMatch(/^Valor R\$\s1,00 · vencimento \d{2}\/\d{2}\/\d{4}$/);
    await waitFor(() => expect(dom.getByText('Banco emissor: 001 – BCO DO BRASIL S.A.')).toBeTruthy());
    expect(h.calls.filter((c) => c.includes('/banks?'))).toHaveLength(1);
  });

  it('arrecadação line: shows the segment of the 2nd digit', () => {
    const { input } = renderWidget(BoletoWidget, { type: 'string', format: 'boleto' });
    fireEvent.change(input, { target: { value: '846100000005246100291102005460339004695895061080' } });
    expect(dom.getByText('Arrecadação · segmento: Telecomunicações')).toBeTruthy();
  });

  it('a complete line with a wrong check digit says which field or block (47 and 48 digits)', () => {
    const { input } = renderWidget(BoletoWidget, { type: 'string', format: 'boleto' });
    fireEvent.change(input, { target: { value: '00190500944014481606906809350314337370000000100' } });
    expect(dom.getByRole('alert').textContent).toBe(FINANCE_MESSAGES.boleto.field(1));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: '846100000005246100291103005460339004695895061080' } });
    expect(dom.getByRole('alert').textContent).toBe(FINANCE_MESSAGES.boleto.block(2, 10));
    // Still typing: no complaint before the line is complete.
    fireEvent.change(input, { target: { value: '0019050094401448' } });
    expect(dom.queryByRole('alert')).toBeNull();
  });
});
