import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, loginOk } from '../identity/helpers.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { demoOrganizationId } from '../resources/helpers.ts';
import { cnpjCheckDigits } from '../../../src/engine/formats/cnpj.ts';
import { CATEGORIES, client, COMPANIES, COMPANY_TYPES, MEDIA, PRODUCTS, VARIANTS } from './helpers.ts';

describe('companies, company types and the product catalogue', () => {
  let ctx: TestContext;
  let api: ReturnType<typeof client>;
  let org: string;
  let supplierType: string;
  let customerType: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    api = client(ctx.app, (await loginOk(ctx.app, ADMIN)).accessToken);
    org = await demoOrganizationId(ctx.db);
    supplierType = String((await api.create(COMPANY_TYPES, { name: 'Fornecedores (teste)', kind: 'FORNECEDOR' })).id);
    customerType = String((await api.create(COMPANY_TYPES, { name: 'Clientes (teste)', kind: 'CLIENTE' })).id);
  });
  afterAll(() => ctx.close());

  const company = (over: Record<string, unknown>) => ({ organizationId: org, companyTypeId: supplierType, legalName: 'Papelaria Teste Ltda', ...over });

  it('stores a numeric and an alphanumeric CNPJ unmasked and uppercased, and a CPF', async () => {
    const numeric = await api.create(COMPANIES, company({ document: '11.222.333/0001-81', taxRegime: 'LUCRO_PRESUMIDO' }));
    expect(numeric).toMatchObject({ document: '11222333000181', personType: 'PJ', active: true, contacts: [] });
    const alpha = await api.create(COMPANIES, company({ document: '12.abc.345/01de-35', legalName: 'Nova Empresa Alfanumérica S.A.' }));
    expect(alpha.document).toBe('12ABC34501DE35');
    const person = await api.create(COMPANIES, company({ personType: 'PF', document: '529.982.247-25', legalName: 'Maria da Silva', taxRegime: 'NAO_SE_APLICA' }));
    expect(person.document).toBe('52998224725');
  });

  it('rejects wrong check digits (numeric and alphanumeric CNPJ, CPF) with pt-BR messages', async () => {
    expect(await api.errors('POST', COMPANIES, company({ document: '11222333000182' }))).toEqual({ document: ['CPF ou CNPJ inválido.'] });
    expect(await api.errors('POST', COMPANIES, company({ document: '12ABC34501DE36' }))).toEqual({ document: ['CPF ou CNPJ inválido.'] });
    expect(await api.errors('POST', COMPANIES, company({ personType: 'PF', document: '52998224724' }))).toEqual({ document: ['CPF ou CNPJ inválido.'] });
    expect(await api.errors('POST', COMPANIES, company({ document: '00000000000000' }))).toEqual({ document: ['CPF ou CNPJ inválido.'] });
  });

  it('matches the document to the person type and the tax regime', async () => {
    expect(await api.errors('POST', COMPANIES, company({ personType: 'PF', document: '11222333000181' }))).toEqual({
      document: ['Pessoa física: informe o CPF (11 dígitos).'],
    });
    expect(await api.errors('POST', COMPANIES, company({ document: '52998224725' }))).toEqual({ document: ['Pessoa jurídica: informe o CNPJ (14 caracteres).'] });
    expect(await api.errors('POST', COMPANIES, company({ document: '45997418000153', taxRegime: 'NAO_SE_APLICA' }))).toEqual({
      taxRegime: ['"Não se aplica" é só para pessoa física.'],
    });
    expect(await api.errors('POST', COMPANIES, company({ personType: 'PF', document: '11144477735', taxRegime: 'MEI' }))).toEqual({
      taxRegime: ['Pessoa física: use "Não se aplica".'],
    });
  });

  it('keeps a document unique per type: the same CNPJ can be a supplier and a customer', async () => {
    const base = `9${String(Date.now()).slice(-7)}0001`;
    const doc = base + cnpjCheckDigits(base);
    await api.create(COMPANIES, company({ document: doc }));
    const again = await api.send('POST', COMPANIES, company({ document: doc }));
    expect(again).toMatchObject({ status: 409, body: { errors: { document: ['Já existe um registro com este valor.'] } } });
    await api.create(COMPANIES, company({ document: doc, companyTypeId: customerType }));
  });

  it('requires the whole bank account once part of it is given, and valid agency and PIX', async () => {
    const errors = await api.errors('POST', COMPANIES, company({ document: '34028316000103', agency: '12', pixKey: 'não é chave' }));
    expect(errors).toMatchObject({ agency: ['Informe os 4 dígitos da agência.'], pixKey: ['Chave PIX inválida.'] });
    expect(errors.bankId).toEqual(['Campo obrigatório.']);
    expect(errors.account).toEqual(['Campo obrigatório.']);
  });

  it('lists companies of one type with the filter the nested screen uses', async () => {
    const res = await api.send('GET', `${COMPANIES}?filter[companyTypeId][eq]=${customerType}`);
    expect(res.status).toBe(200);
    expect((res.body as unknown[]).length).toBe(1);
  });

  it('keeps product categories a tree: no loops, at most 5 levels', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) {
      ids.push(String((await api.create(CATEGORIES, { name: `Nível ${i}`, slug: `teste-nivel-${i}`, parentId: ids.at(-1) ?? null })).id));
    }
    const sixth = await api.errors('POST', CATEGORIES, { name: 'Nível 6', slug: 'teste-nivel-6', parentId: ids[4] });
    expect(sixth).toEqual({ parentId: ['A árvore de departamentos tem no máximo 5 níveis.'] });
    const root = (await api.send('GET', `${CATEGORIES}/${ids[0]}`)).body as { version: number };
    expect(await api.errors('PATCH', `${CATEGORIES}/${ids[0]}`, { parentId: ids[3] }, root.version)).toEqual({
      parentId: ['Um departamento não pode ficar abaixo dele mesmo nem de um subdepartamento seu.'],
    });
    expect(await api.errors('PATCH', `${CATEGORIES}/${ids[0]}`, { parentId: ids[0] }, root.version)).toEqual({
      parentId: ['Um departamento não pode ficar abaixo dele mesmo nem de um subdepartamento seu.'],
    });
    expect(await api.errors('POST', CATEGORIES, { name: 'Errado', slug: 'Material Escritório' })).toEqual({
      slug: ['Use letras minúsculas sem acento, números e hífens (ex.: material-de-escritorio).'],
    });
  });

  it('validates products (NCM for goods, LC 116 item for services, GTIN check digit) and their variants', async () => {
    const categoryId = String((await api.create(CATEGORIES, { name: 'Teste produtos', slug: 'teste-produtos' })).id);
    const base = { sku: 'TST-001', name: 'Caneta azul', categoryId, unit: 'UN' };
    expect(await api.errors('POST', PRODUCTS, { ...base, type: 'PRODUTO', gtin: '7891000315508' })).toEqual({
      ncm: ['Campo obrigatório.'],
      gtin: ['GTIN/EAN inválido (8, 12, 13 ou 14 dígitos com o dígito verificador).'],
    });
    expect(await api.errors('POST', PRODUCTS, { ...base, type: 'SERVICO', unit: 'H' })).toEqual({ serviceCode: ['Campo obrigatório.'] });
    const product = await api.create(PRODUCTS, { ...base, type: 'PRODUTO', ncm: '96081000', gtin: '7891000315507', referencePrice: 'R$ 2,50' });
    expect(product.referencePrice).toBe(250);
    const variant = await api.create(VARIANTS, { productId: product.id, sku: 'TST-001-AZ', name: 'Azul', attributes: [{ name: 'Cor', value: 'Azul' }], price: 260 });
    expect(variant).toMatchObject({ position: 100, active: true });
    const dup = await api.send('POST', VARIANTS, { productId: product.id, sku: 'TST-001-AZ2', name: 'Azul' });
    expect(dup).toMatchObject({ status: 409, body: { errors: { name: ['Já existe um registro com este valor.'] } } });
  });

  it('keeps product media to uploaded files, images for covers and one cover per product', async () => {
    const categoryId = String((await api.create(CATEGORIES, { name: 'Teste mídias', slug: 'teste-midias' })).id);
    const product = await api.create(PRODUCTS, { sku: 'TST-MID', name: 'Cadeira', type: 'PRODUTO', categoryId, unit: 'UN', ncm: '94013090' });
    const admin = (await ctx.db.query<{ id: string }>(`SELECT id FROM users WHERE access_level = 'SystemOwner' LIMIT 1`)).rows[0].id;
    const file = async (type: string, status = 'complete') =>
      (await ctx.db.query<{ id: string }>(`INSERT INTO files (name, content_type, size, status, created_by) VALUES ('f', $1, 10, $2, $3) RETURNING id`, [type, status, admin])).rows[0].id;
    const media = (over: Record<string, unknown>) => ({ productId: product.id, title: 'Foto', kind: 'IMAGEM', isCover: false, position: 10, ...over });
    expect(await api.errors('POST', MEDIA, media({ fileId: await file('image/png', 'uploading') }))).toEqual({ fileId: ['Arquivo não encontrado.'] });
    expect(await api.errors('POST', MEDIA, media({ fileId: '00000000-0000-4000-8000-000000000000' }))).toEqual({ fileId: ['Arquivo não encontrado.'] });
    expect(await api.errors('POST', MEDIA, media({ fileId: await file('application/pdf') }))).toEqual({ fileId: ['Este arquivo não é uma imagem (JPG, PNG, WEBP ou GIF).'] });
    expect(await api.errors('POST', MEDIA, media({ fileId: await file('application/pdf'), kind: 'FICHA_TECNICA', isCover: true }))).toEqual({ isCover: ['A capa precisa ser uma imagem.'] });
    await api.create(MEDIA, media({ fileId: await file('image/jpeg'), isCover: true }));
    await api.create(MEDIA, media({ fileId: await file('application/pdf'), kind: 'MANUAL', title: 'Manual' }));
    expect(await api.errors('POST', MEDIA, media({ fileId: await file('image/png'), isCover: true }))).toEqual({
      isCover: ['Este produto já tem uma imagem de capa; desmarque-a antes de escolher outra.'],
    });
  });
});
