import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { centavos, parseNfe } from './nfe.ts';

const fixture = (name: string) => readFileSync(`tests/fixtures/nfe/${name}`, 'utf8');

describe('parseNfe (layout 4.00)', () => {
  it('reads an nfeProc with signature, protocol, xPed per item and two duplicatas', () => {
    const r = parseNfe(fixture('nfe-proc-xped.xml'));
    if (!r.ok) throw new Error(r.error);
    expect(r.nfe).toMatchObject({
      accessKey: '35260345321876000178550010000045211234567896', series: '1', number: '4521', issueDate: '2026-03-14',
      issuer: { document: '45321876000178', name: 'PAPELARIA PAULISTA COMERCIO LTDA' }, recipient: { document: '11222333000181' },
      orderNumber: 'OC-900001', authorized: true,
      totals: { products: 40060, freight: 1500, ipi: 2003, icms: 7211, discount: 0, invoice: 43563 },
      installments: [{ number: '001', dueDate: '2026-04-13', amount: 21781 }, { number: '002', dueDate: '2026-05-13', amount: 21782 }],
    });
    expect(r.nfe.items[1]).toEqual({
      line: 2, code: 'CAN-AZ', gtin: null, description: 'CANETA ESFEROGRAFICA AZUL CX 50', ncm: '96081000', cfop: '5102', unit: 'CX',
      quantity: 4, unitPrice: 3890, total: 15560, orderNumber: 'OC-900001', orderLine: 2, taxes: { icms: 2801, icmsSt: 0, ipi: 778 },
    });
  });
  it('reads a bare NFe without xPed nor duplicatas', () => {
    const r = parseNfe(fixture('nfe-bare-no-xped.xml'));
    expect(r.ok && { order: r.nfe.orderNumber, dups: r.nfe.installments, authorized: r.nfe.authorized, items: r.nfe.items.length }).toEqual({ order: null, dups: [], authorized: false, items: 1 });
  });
  it('reads prefixed namespaces, an alphanumeric issuer CNPJ and the header-level order number', () => {
    const r = parseNfe(fixture('nfe-prefixed-alnum.xml'));
    if (!r.ok) throw new Error(r.error);
    expect({ issuer: r.nfe.issuer.document, order: r.nfe.orderNumber, dups: r.nfe.installments.map((d) => d.amount), discount: r.nfe.totals.discount }).toEqual({
      issuer: '12ABC34501DE35', order: 'OC-900002', dups: [10500, 10500, 10500], discount: 600,
    });
  });
  it('refuses malformed, foreign, tampered and entity-laden XML with a pt-BR reason', () => {
    expect(parseNfe(fixture('malformed.xml'))).toEqual({ ok: false, error: expect.stringMatching(/^O arquivo não é um XML válido: .*linha 2/) });
    expect(parseNfe(fixture('cte-foreign.xml'))).toEqual({ ok: false, error: 'Este XML não é uma NF-e modelo 55 (layout 4.00): envie o XML da nota (nfeProc ou NFe).' });
    expect(parseNfe(fixture('nfe-bad-check-digit.xml'))).toEqual({ ok: false, error: 'A chave de acesso da nota é inválida (dígito verificador).' });
    expect(parseNfe('<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>')).toMatchObject({ ok: false });
    expect(parseNfe(fixture('nfe-bare-no-xped.xml').replace('<nNF>4522</nNF>', '<nNF>4523</nNF>'))).toEqual({ ok: false, error: 'A chave de acesso do XML não confere com o emitente, número ou série da nota.' });
    expect(parseNfe(fixture('nfe-bare-no-xped.xml').replaceAll('versao="4.00"', 'versao="3.10"'))).toEqual({ ok: false, error: 'Versão de layout 3.10 não aceita: só NF-e 4.00.' });
    expect(parseNfe('texto qualquer')).toMatchObject({ ok: false });
  });
  it('turns decimal text into centavos exactly', () => {
    expect([centavos('245.00'), centavos('0.1'), centavos('2.4550000000'), centavos('2.4549999999'), centavos('x')]).toEqual([24500, 10, 246, 245, 0]);
  });
});
