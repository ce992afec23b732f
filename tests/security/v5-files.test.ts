import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { solidPng } from '../../server/seed/demo/procurement/png.ts';
import { createTestApp, type TestContext } from '../server/helper.ts';
import { COMPRAS, SAMPLES, signIn, upload, uploadId, type Caller } from './helpers.ts';

const FILES = '/api/commons/v1/files';
const MISMATCH = (kind: string) => `O conteúdo do arquivo não corresponde ao tipo declarado (${kind}). Envie o arquivo original.`;
const NOT_TEXT = 'O arquivo de texto contém dados binários ou uma codificação não reconhecida (use UTF-8 ou Latin-1/Windows-1252).';

/** ASVS 5.0 V5 File Handling: what is uploaded is what it says, within limits, and served safely. */
describe('V5 File Handling', () => {
  let ctx: TestContext;
  let admin: Caller;
  let compras: Caller;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
    compras = await signIn(ctx.app, COMPRAS);
  });
  afterAll(() => ctx.close());
  // Each case starts with a fresh allowance of upload starts (the rate has a test of its own).
  beforeEach(() => ctx.db.query(`DELETE FROM rate_limit_events WHERE kind = 'upload-start'`));

  const fileCount = async () => Number((await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM files')).rows[0].n);

  it('V5.2.2 HTML bytes sent as a PNG, a PDF or a spreadsheet are refused (415) and dropped', async () => {
    for (const [name, type, kind] of [['foto.png', 'image/png', 'PNG'], ['nota.pdf', 'application/pdf', 'PDF'], ['planilha.xlsx', '', 'XLSX'], ['foto.jpg', 'image/jpeg', 'JPG']] as const) {
      const before = await fileCount();
      const res = await upload(admin, name, SAMPLES.html(), type);
      expect({ name, status: res.statusCode, body: res.json() }).toEqual({ name, status: 415, body: { statusCode: 415, code: 'CONTENT_MISMATCH', message: MISMATCH(kind) } });
      expect(await fileCount()).toBe(before);
    }
  });

  it('V5.2.2 real PNG, JPEG, PDF and XLSX files are accepted by their magic bytes', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Plan1').addRow(['Fornecedor', 'Valor']);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    for (const [name, bytes] of [['capa.png', solidPng(4, 4, [1, 2, 3])], ['foto.jpeg', SAMPLES.jpeg()], ['boleto.pdf', SAMPLES.pdf()], ['contas.xlsx', xlsx]] as const) {
      const res = await upload(admin, name, bytes);
      expect({ name, status: res.statusCode }).toEqual({ name, status: 200 });
      expect(res.json().status).toBe('complete');
    }
  });

  it('V5.2.2 bank files in UTF-8 or Windows-1252 (OFX, CNAB, CSV) are accepted; binary content as text is not', async () => {
    const ofx = Buffer.from('OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nENCODING:USASCII\r\nCHARSET:1252\r\n\r\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST><STMTTRN><TRNAMT>-12.34<MEMO>Tarifa</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\r\n', 'latin1');
    const cnab = Buffer.concat([Buffer.from('02RETORNO01COBRANCA       ', 'latin1'), Buffer.from([0xc7, 0xc3, 0x4f]), Buffer.from(' SERVIÇOS\r\n', 'latin1'), Buffer.from([0x1a])]);
    const csv1252 = Buffer.from('Data;Descrição;Valor\r\n01/03/2026;Pagamento à vista;-1.234,56\r\n', 'latin1');
    const csvUtf8 = Buffer.from('\ufeffData;Descrição;Valor\n01/03/2026;Transferência;10,00\n');
    const ofx2 = Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<?OFX OFXHEADER="200" VERSION="211"?>\n<OFX></OFX>\n');
    for (const [name, bytes] of [['extrato.ofx', ofx], ['retorno.ret', cnab], ['extrato.csv', csv1252], ['extrato-utf8.csv', csvUtf8], ['extrato2.ofx', ofx2]] as const) {
      const res = await upload(compras, name, bytes);
      expect({ name, status: res.statusCode }).toEqual({ name, status: 200 });
    }
    const utf16 = Buffer.from('\ufeffData;Valor\r\n', 'utf16le');
    expect((await upload(compras, 'utf16.csv', utf16)).json()).toMatchObject({ statusCode: 415, code: 'CONTENT_MISMATCH' });
    expect((await upload(compras, 'imagem.csv', solidPng(2, 2, [0, 0, 0]))).json()).toMatchObject({ statusCode: 415, message: MISMATCH('CSV') });
    expect((await upload(compras, 'lixo.txt', Buffer.from([0x41, 0x00, 0x01, 0x02, 0x42]))).json()).toMatchObject({ statusCode: 415, message: NOT_TEXT });
  });

  it('V5.2.2 the file extension decides the type (Windows calls a CSV an Excel file); a declared type outside the list is refused', async () => {
    const res = await upload(compras, 'lancamentos.csv', Buffer.from('a;b\n1;2\n'), 'application/vnd.ms-excel');
    expect(res.statusCode).toBe(200);
    expect(res.json().contentType).toBe('text/csv');
    const exe = await compras.call('POST', FILES, { name: 'nota.pdf', size: 10, contentType: 'application/x-msdownload' });
    expect(exe.statusCode).toBe(415);
  });

  it('V5.2.1 files over the size limit are refused before any byte is sent', async () => {
    const res = await compras.call('POST', FILES, { name: 'enorme.pdf', size: 20 * 1024 * 1024 + 1, contentType: 'application/pdf' });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('O arquivo é grande demais. O limite é 20 MB.');
  });

  it('V5.2.4 one user cannot reserve 50 × 20 MiB: uploads in progress are capped, with a pt-BR 413', async () => {
    const user = await signIn(ctx.app, COMPRAS);
    const codes: number[] = [];
    for (let i = 0; i < 50; i++) codes.push((await user.call('POST', FILES, { name: `grande-${i}.pdf`, size: 20 * 1024 * 1024, contentType: 'application/pdf' })).statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    const refused = await user.call('POST', FILES, { name: 'mais.pdf', size: 20 * 1024 * 1024, contentType: 'application/pdf' });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({
      code: 'TOO_MANY_PENDING',
      message: 'Você tem envios de arquivo em andamento demais (100 MB de 100 MB). Conclua ou cancele os envios abertos antes de começar outro.',
    });
    await ctx.db.query(`DELETE FROM files WHERE status = 'uploading' AND name LIKE 'grande-%'`);
  });

  it('V5.2.4 a per-user storage quota: past it, a pt-BR 413 names the usage and the limit', async () => {
    const { rows } = await ctx.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [COMPRAS.email]);
    // As if the user had stored almost 1 GiB already.
    const big = await ctx.db.query<{ id: string }>(`INSERT INTO files (name, content_type, size, status, created_by) VALUES ('antigo.pdf', 'application/pdf', $1, 'complete', $2) RETURNING id`, [
      1024 * 1024 * 1024 - 100,
      rows[0].id,
    ]);
    try {
      const res = await compras.call('POST', FILES, { name: 'novo.pdf', size: 200, contentType: 'application/pdf' });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', message: expect.stringMatching(/^Você atingiu sua cota de armazenamento de arquivos \(1 GB de 1 GB\)\./) });
      // Another user is not affected.
      expect((await admin.call('POST', FILES, { name: 'novo.pdf', size: 200, contentType: 'application/pdf' })).statusCode).toBe(201);
    } finally {
      await ctx.db.query('DELETE FROM files WHERE id = $1', [big.rows[0].id]);
    }
  });

  it('V5.2.1 uploads are started at a bounded rate per user (429 in pt-BR)', async () => {
    await ctx.db.query(`DELETE FROM rate_limit_events WHERE kind = 'upload-start'`);
    const user = await signIn(ctx.app);
    for (let i = 0; i < 60; i++) expect((await user.call('POST', FILES, { name: `v${i}.txt`, size: 0 })).statusCode).toBe(201);
    const res = await user.call('POST', FILES, { name: 'mais-um.txt', size: 0 });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Você iniciou envios de arquivos demais em pouco tempo. Aguarde um pouco e tente novamente.');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    await ctx.db.query(`DELETE FROM rate_limit_events WHERE kind = 'upload-start'`);
  });

  it('V5.3.2 file names with path separators or control characters are refused', async () => {
    for (const name of ['../../etc/passwd.txt', 'a\\b.pdf', 'linha\nquebrada.pdf']) {
      const res = await compras.call('POST', FILES, { name, size: 1, contentType: 'application/pdf' });
      expect(res.statusCode).toBe(400);
    }
  });

  it('V5.4.2 V3.2.1 downloads are attachments with an RFC 6266 name, nosniff and a sandboxing CSP', async () => {
    const id = await uploadId(admin, 'Nota "fiscal" março.pdf', SAMPLES.pdf());
    const res = await admin.call('GET', `${FILES}/${id}/content`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Nota _fiscal_ mar_o.pdf"; filename*=UTF-8''Nota%20%22fiscal%22%20mar%C3%A7o.pdf`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});
