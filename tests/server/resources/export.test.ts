import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { TestContext } from '../helper.ts';
import { call, COST_CENTERS, createFixtureApp, createOrganization, createUser, CRUD, demoOrganizationId, PAYABLES } from './helpers.ts';

describe('export CSV / XLSX', () => {
  let ctx: TestContext;
  let admin: string;
  let orgA: string;
  const get = (token: string, qs: string) => call(ctx.app, token, { method: 'GET', url: `${PAYABLES}/export?${qs}` });

  beforeAll(async () => {
    ctx = await createFixtureApp();
    orgA = await demoOrganizationId(ctx.db);
    const orgB = await createOrganization(ctx.db, 'Outra Ltda');
    admin = (await createUser(ctx, { accessLevel: 'SystemOwner' })).token;
    const cc = (await call(ctx.app, admin, { method: 'POST', url: COST_CENTERS, payload: { code: 'ADM', name: 'Administrativo', organizationId: orgA } })).json();
    const rows = [
      { description: 'Aluguel; sede "central"', documentNumber: 'A-1', amount: 123456, dueDate: '2026-03-10', status: 'APROVADO', discountRate: 2.5, costCenterId: cc.id, supplierDocument: '11222333000181', competence: '2026-03', tags: ['fixo', 'sede'] },
      { description: '=HYPERLINK("x")', documentNumber: 'A-2', amount: -5, dueDate: '2026-03-01', paid: true },
    ];
    for (const r of rows) {
      const payload = { organizationId: orgA, ...r, amount: Math.max(1, r.amount) };
      const res = await call(ctx.app, admin, { method: 'POST', url: PAYABLES, payload });
      if (res.statusCode !== 201) throw new Error(res.body);
    }
    await call(ctx.app, admin, { method: 'POST', url: PAYABLES, payload: { organizationId: orgB, description: 'De B', documentNumber: 'B-1', amount: 1, dueDate: '2026-01-01' } });
  });
  afterAll(() => ctx.close());

  it('streams CSV for Excel-BR: BOM, ";" separator, pt-BR titles, decimal comma, labels, DD/MM/AAAA', async () => {
    const res = await get(admin, 'format=csv&sort=-dueDate&filter[organizationId][eq]=' + orgA);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="contas-de-teste-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = res.body;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'Descrição;Número do documento;CNPJ do fornecedor;Valor;Vencimento;Competência;Situação;Desconto;Paga;Paga em;Organização;Centro de custo;Etiquetas;Observações;Criado em;Atualizado em',
    );
    expect(lines).toHaveLength(4);
    const first = lines[1].split(';');
    expect(lines[1].startsWith('"Aluguel; sede ""central"""')).toBe(true);
    const cells = lines[1].slice('"Aluguel; sede ""central"""'.length + 1).split(';');
    expect(cells.slice(0, 12)).toEqual([
      'A-1',
      '11.222.333/0001-81',
      '1234,56',
      '10/03/2026',
      '03/2026',
      'Aprovado',
      '2,5',
      'Não',
      '',
      'Demo Comércio e Serviços Ltda',
      'Administrativo',
      'fixo, sede',
    ]);
    expect(first.at(-1)).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    // A formula is neutralised; money keeps centavos exact.
    expect(lines[2].split(';').slice(0, 4)).toEqual(['"\'=HYPERLINK(""x"")"', 'A-2', '', '0,01']);
  });

  it('applies the same filters, sort and q as the list, and the fields parameter', async () => {
    const res = await get(admin, 'format=csv&q=aluguel&fields=documentNumber,amount');
    expect(res.body.slice(1).split('\r\n')).toEqual(['Número do documento;Valor', 'A-1;1234,56', '']);
    const bad = await get(admin, 'format=pdf&fields=nope&filter[x][eq]=1');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['fields', 'filter[x]', 'format']);
  });

  it('streams XLSX with numbers, dates and labels as typed cells', async () => {
    const res = await get(admin, 'format=xlsx&sort=dueDate&filter[organizationId][eq]=' + orgA);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('Contas de Teste');
    expect(sheet.rowCount).toBe(3);
    const header = sheet.getRow(1).values as unknown[];
    expect(header.slice(1, 5)).toEqual(['Descrição', 'Número do documento', 'CNPJ do fornecedor', 'Valor']);
    const row = sheet.getRow(3);
    expect(row.getCell(2).value).toBe('A-1');
    expect(row.getCell(4).value).toBe(1234.56);
    expect(row.getCell(4).numFmt).toBe('#,##0.00');
    expect(row.getCell(5).value).toEqual(new Date('2026-03-10T00:00:00Z'));
    expect(row.getCell(7).value).toBe('Aprovado');
    expect(row.getCell(12).value).toBe('Administrativo');
  });

  it('streams every matching row in order, past the 1,000-row fetch chunk', async () => {
    await ctx.db.query(
      `INSERT INTO test_payables (description, document_number, amount, due_date, organization_id)
       SELECT 'Lote', 'L-' || lpad(i::text, 5, '0'), i, date '2026-01-01' + i % 300, $1 FROM generate_series(1, 2500) i`,
      [orgA],
    );
    const res = await get(admin, 'format=csv&fields=documentNumber,amount&sort=-documentNumber&filter[description][eq]=Lote');
    const lines = res.body.slice(1).split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(2500);
    expect(lines[0]).toBe('L-02500;25,00');
    expect(lines[1234]).toBe(`L-${String(2500 - 1234).padStart(5, '0')};${(2500 - 1234) / 100}`.replace('.', ','));
    expect(lines.at(-1)).toBe('L-00001;0,01');
  });

  it('needs the export scope and exports only the caller scope', async () => {
    const reader = await createUser(ctx, { resources: [{ name: 'test-payables', scopes: CRUD }] });
    expect((await get(reader.token, 'format=csv')).statusCode).toBe(403);
    const exporter = await createUser(ctx, { resources: [{ name: 'test-payables', scopes: ['export'] }, { name: 'test-cost-centers', scopes: ['read'] }], organizations: [orgA] });
    const only = ['A-1', 'A-2', 'B-1'].map((d) => `filter[documentNumber][in]=${d}`).join('&');
    const res = await get(exporter.token, `format=csv&fields=documentNumber&sort=documentNumber&${only}`);
    expect(res.body.slice(1).split('\r\n')).toEqual(['Número do documento', 'A-1', 'A-2', '']);
  });
});
