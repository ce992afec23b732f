import { CITIES, DISTRICTS, FIRST_NAMES, ROLES, slug, STREETS, SURNAMES, type City } from './places.ts';
import { alphanumericCnpj, cnpj, cpf, uuid } from './ids.ts';
import type { Random } from '../random.ts';

/** The company types of the demo (name, kind, order): "Empresas" lists them in this order. */
export const COMPANY_TYPES = [
  { key: 'FORNECEDOR', name: 'Fornecedores', kind: 'FORNECEDOR', position: 10, description: 'Quem vende mercadorias e materiais para a empresa.' },
  { key: 'CLIENTE', name: 'Clientes', kind: 'CLIENTE', position: 20, description: 'Quem compra da empresa: cobranças e contas a receber.' },
  { key: 'PRESTADOR', name: 'Prestadores de serviço', kind: 'PRESTADOR', position: 30, description: 'Serviços contratados: contabilidade, limpeza, manutenção, tecnologia.' },
  { key: 'TRANSPORTADORA', name: 'Transportadoras', kind: 'TRANSPORTADORA', position: 40, description: 'Fretes de entrada e de saída (CT-e).' },
  { key: 'COLABORADOR', name: 'Colaboradores', kind: 'COLABORADOR', position: 50, description: 'Funcionários: reembolsos e folha.' },
  { key: 'ORGAO', name: 'Órgãos públicos', kind: 'OUTROS', position: 60, description: 'Receita Federal, prefeituras e outros credores de tributos.' },
] as const;

export type TypeKey = (typeof COMPANY_TYPES)[number]['key'];
export type Company = Record<string, unknown> & { id: string; companyTypeId: TypeKey; legalName: string; document: string; state: string | null };

/** A sector: words of the legal name, the short trade name, the product departments it sells (catalogue slugs). */
interface Sector {
  name: string;
  trade: string;
  supplies?: string[];
  weight?: number;
}

const SUPPLIER_SECTORS: Sector[] = [
  { name: 'Papelaria e Suprimentos para Escritório', trade: 'Papelaria', supplies: ['escritorio'], weight: 3 },
  { name: 'Comércio de Materiais de Escritório', trade: 'Escritório', supplies: ['escritorio'], weight: 2 },
  { name: 'Informática e Tecnologia', trade: 'Informática', supplies: ['informatica'], weight: 3 },
  { name: 'Distribuidora de Equipamentos de Informática', trade: 'Tech Distribuidora', supplies: ['informatica'], weight: 2 },
  { name: 'Embalagens', trade: 'Embalagens', supplies: ['embalagens'], weight: 2 },
  { name: 'Produtos de Higiene e Limpeza', trade: 'Limpeza', supplies: ['limpeza'], weight: 3 },
  { name: 'Distribuidora de Alimentos e Bebidas', trade: 'Alimentos', supplies: ['copa-e-cozinha'], weight: 2 },
  { name: 'Móveis para Escritório', trade: 'Móveis', supplies: ['moveis'], weight: 2 },
  { name: 'Equipamentos de Proteção Individual', trade: 'EPI', supplies: ['epi'], weight: 2 },
  { name: 'Ferragens e Ferramentas', trade: 'Ferragens', supplies: ['manutencao'], weight: 2 },
  { name: 'Materiais Elétricos e Hidráulicos', trade: 'Materiais Elétricos', supplies: ['manutencao'], weight: 2 },
  { name: 'Comércio Atacadista de Mercadorias', trade: 'Atacadista', supplies: ['escritorio', 'limpeza', 'copa-e-cozinha'], weight: 2 },
  { name: 'Gráfica e Editora', trade: 'Gráfica', supplies: ['escritorio', 'embalagens'], weight: 1 },
  { name: 'Uniformes Profissionais', trade: 'Uniformes', supplies: ['epi'], weight: 1 },
];

const PROVIDER_SECTORS: Sector[] = [
  { name: 'Contabilidade e Assessoria', trade: 'Contabilidade', supplies: ['servicos'], weight: 2 },
  { name: 'Serviços de Limpeza e Conservação', trade: 'Limpeza e Conservação', supplies: ['servicos'], weight: 2 },
  { name: 'Manutenção Predial', trade: 'Manutenção', supplies: ['servicos'], weight: 2 },
  { name: 'Sistemas e Software', trade: 'Software', supplies: ['servicos'], weight: 2 },
  { name: 'Agência de Marketing e Publicidade', trade: 'Marketing', supplies: ['servicos'], weight: 1 },
  { name: 'Segurança Patrimonial', trade: 'Segurança', supplies: ['servicos'], weight: 1 },
  { name: 'Consultoria Empresarial', trade: 'Consultoria', supplies: ['servicos'], weight: 1 },
  { name: 'Engenharia e Refrigeração', trade: 'Refrigeração', supplies: ['servicos'], weight: 1 },
  { name: 'Controle de Pragas', trade: 'Dedetização', supplies: ['servicos'], weight: 1 },
  { name: 'Treinamento e Desenvolvimento', trade: 'Treinamentos', supplies: ['servicos'], weight: 1 },
];

const CARRIER_SECTORS: Sector[] = [
  { name: 'Transportes', trade: 'Transportes' },
  { name: 'Logística', trade: 'Log' },
  { name: 'Cargas Expressas', trade: 'Express' },
];

const CUSTOMER_SECTORS: Sector[] = [
  { name: 'Supermercados', trade: 'Supermercado' }, { name: 'Drogaria e Farmácia', trade: 'Farma' }, { name: 'Construtora e Incorporadora', trade: 'Construtora' },
  { name: 'Hospital e Maternidade', trade: 'Hospital' }, { name: 'Colégio e Educação', trade: 'Colégio' }, { name: 'Restaurante e Lanchonete', trade: 'Restaurante' },
  { name: 'Hotelaria e Turismo', trade: 'Hotel' }, { name: 'Indústria Metalúrgica', trade: 'Metalúrgica' }, { name: 'Indústria de Plásticos', trade: 'Plásticos' },
  { name: 'Confecções', trade: 'Confecções' }, { name: 'Auto Peças', trade: 'Auto Peças' }, { name: 'Clínica Médica', trade: 'Clínica' },
  { name: 'Academia e Esportes', trade: 'Academia' }, { name: 'Panificadora', trade: 'Padaria' }, { name: 'Materiais de Construção', trade: 'Materiais de Construção' },
  { name: 'Distribuidora de Bebidas', trade: 'Bebidas' }, { name: 'Cooperativa Agroindustrial', trade: 'Coop' }, { name: 'Laboratório de Análises', trade: 'Laboratório' },
  { name: 'Comércio Varejista', trade: 'Magazine' }, { name: 'Condomínio Empresarial', trade: 'Condomínio' },
];

/**
 * Companies the finance demo looks up by name (rent, utilities, taxes): fictional utilities, and the real
 * public bodies with their public CNPJs.
 */
export const NAMED: { type: TypeKey; legalName: string; tradeName: string | null; document?: string; city: string; regime: string; sector: string[] }[] = [
  { type: 'FORNECEDOR', legalName: 'Horizonte Empreendimentos Imobiliários Ltda', tradeName: 'Horizonte Imóveis', city: 'São Paulo', regime: 'LUCRO_PRESUMIDO', sector: [] },
  { type: 'FORNECEDOR', legalName: 'Energia Paulista Distribuidora S.A.', tradeName: 'Energia Paulista', city: 'São Paulo', regime: 'LUCRO_REAL', sector: [] },
  { type: 'FORNECEDOR', legalName: 'Companhia de Saneamento Vale do Tietê', tradeName: 'Saneamento Vale do Tietê', city: 'São Paulo', regime: 'LUCRO_REAL', sector: [] },
  { type: 'FORNECEDOR', legalName: 'Conecta Telecom S.A.', tradeName: 'Conecta Telecom', city: 'São Paulo', regime: 'LUCRO_REAL', sector: [] },
  { type: 'FORNECEDOR', legalName: 'Auto Posto Bandeirantes Ltda', tradeName: 'Posto Bandeirantes', city: 'São Paulo', regime: 'SIMPLES_NACIONAL', sector: [] },
  { type: 'ORGAO', legalName: 'Secretaria da Receita Federal do Brasil', tradeName: 'Receita Federal', document: '00394460005887', city: 'Brasília', regime: 'IMUNE_ISENTO', sector: [] },
  { type: 'ORGAO', legalName: 'Prefeitura do Município de São Paulo', tradeName: 'Prefeitura de São Paulo', document: '46395000000139', city: 'São Paulo', regime: 'IMUNE_ISENTO', sector: [] },
  { type: 'ORGAO', legalName: 'Caixa Econômica Federal', tradeName: 'Caixa — FGTS', document: '00360305000104', city: 'Brasília', regime: 'IMUNE_ISENTO', sector: [] },
];

export interface BankRef {
  id: string;
  compe: string;
}

export interface GeneratedCompanies {
  companies: Company[];
  /** Product department slugs each supplier sells (for the purchasing documents). */
  supplies: Map<string, string[]>;
}

const cityOf = (rng: Random, name?: string): City =>
  (name && CITIES.find((c) => c.name === name)) || rng.weighted(CITIES.map((c) => [c, c.weight] as const));

const pad = (n: number, len: number) => String(n).padStart(len, '0');
const person = (rng: Random) => `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)}`;
const mobile = (rng: Random, ddd: string) => `${ddd}9${rng.int(6, 9)}${rng.digits(7)}`;
const landline = (rng: Random, ddd: string) => `${ddd}${rng.int(2, 5)}${rng.digits(7)}`;

function address(rng: Random, city: City) {
  return {
    zipCode: pad(rng.int(city.cepFrom, city.cepTo), 8),
    street: rng.pick(STREETS),
    number: String(rng.int(10, 4999)),
    complement: rng.chance(0.35) ? rng.pick(['Sala 12', 'Conjunto 41', 'Galpão 3', 'Loja 2', 'Bloco B', '2º andar', 'Fundos']) : null,
    district: rng.pick(DISTRICTS),
    city: city.name,
    state: city.uf,
    cityCode: city.ibge,
  };
}

function bankData(rng: Random, banks: readonly BankRef[], document: string) {
  if (!banks.length || rng.chance(0.2)) return { bankId: null, bankAccountType: null, agency: null, agencyDigit: null, account: null, accountDigit: null, pixKey: null };
  const bank = rng.pick(banks);
  return {
    bankId: bank.id,
    bankAccountType: rng.chance(0.9) ? 'CORRENTE' : 'PAGAMENTO',
    agency: pad(rng.int(1, 9999), 4),
    agencyDigit: bank.compe === '001' || bank.compe === '237' ? String(rng.int(0, 9)) : null,
    account: String(rng.int(10000, 99999999)),
    accountDigit: rng.chance(0.05) ? 'X' : String(rng.int(0, 9)),
    pixKey: rng.chance(0.6) ? document : null,
  };
}

/** One company: legal and trade names, documents, tax data, address, contacts, bank data. */
function company(rng: Random, banks: readonly BankRef[], spec: { type: TypeKey; legalName: string; tradeName: string | null; document: string; pf: boolean; regime: string; city: City }): Company {
  const { type, legalName, tradeName, document, pf, regime, city } = spec;
  const domain = slug(tradeName ?? legalName).slice(0, 24);
  const services = type === 'PRESTADOR' || type === 'ORGAO';
  const contacts = pf ? [] : Array.from({ length: rng.int(1, 2) }, () => {
    const name = person(rng);
    return { name, role: rng.pick(ROLES), email: `${slug(name.split(' ')[0])}.${slug(name.split(' ')[1])}@${domain}.com.br`, phone: mobile(rng, city.ddd) };
  });
  return {
    id: uuid(rng),
    companyTypeId: type,
    personType: pf ? 'PF' : 'PJ',
    document,
    legalName,
    tradeName: pf ? null : tradeName,
    stateRegistration: pf || services ? (pf ? null : 'ISENTO') : rng.digits(rng.int(9, 12)),
    municipalRegistration: !pf && (services || rng.chance(0.3)) ? rng.digits(rng.int(7, 11)) : null,
    taxRegime: regime,
    email: pf ? `${slug(legalName.split(' ')[0])}.${slug(legalName.split(' ').at(-1)!)}@gmail.com` : `${type === 'CLIENTE' ? 'compras' : 'contato'}@${domain}.com.br`,
    phone: pf ? mobile(rng, city.ddd) : landline(rng, city.ddd),
    website: pf || type === 'ORGAO' ? null : `https://www.${domain}.com.br`,
    ...address(rng, city),
    contacts,
    ...(type === 'CLIENTE' || type === 'ORGAO' ? bankData(rng, [], document) : bankData(rng, banks, document)),
    paymentTerms: type === 'ORGAO' ? null : rng.pick(['À vista', '28 DDL', '30 DDL', '30/60 DDL', '30/60/90 DDL', '15 DDL']),
    notes: null,
    active: rng.chance(0.96),
  };
}

const regimeFor = (rng: Random, big: boolean) =>
  big ? rng.weighted([['LUCRO_REAL', 2], ['LUCRO_PRESUMIDO', 3]] as const) : rng.weighted([['SIMPLES_NACIONAL', 7], ['LUCRO_PRESUMIDO', 2], ['MEI', 1]] as const);

/**
 * ~150 suppliers (goods, services, carriers, utilities), ~150 customers (a sixth of them people with a CPF),
 * a few employees and public bodies. Valid CNPJ/CPF check digits; some CNPJs alphanumeric (new companies).
 */
export function generateCompanies(rng: Random, banks: readonly BankRef[]): GeneratedCompanies {
  const companies: Company[] = [];
  const supplies = new Map<string, string[]>();
  const used = new Set<string>();
  const unique = (make: () => string) => {
    let d = make();
    while (used.has(d)) d = make();
    used.add(d);
    return d;
  };
  const legal = (sector: Sector, surname: string, big: boolean) => `${surname} ${sector.name} ${big ? 'S.A.' : 'Ltda'}`;
  const add = (type: TypeKey, sector: Sector, count: number, alphaEvery: number) => {
    for (let i = 0; i < count; i++) {
      const surname = rng.chance(0.3) ? `${rng.pick(SURNAMES)} & ${rng.pick(SURNAMES)}` : rng.pick(SURNAMES);
      const big = rng.chance(0.12);
      const document = unique(() => (i % alphaEvery === alphaEvery - 1 ? alphanumericCnpj(rng) : cnpj(rng)));
      const regime = regimeFor(rng, big);
      const c = company(rng, banks, { type, legalName: legal(sector, surname, big), tradeName: `${sector.trade} ${surname.split(' ')[0]}`, document, pf: false, regime, city: cityOf(rng) });
      companies.push(c);
      if (sector.supplies) supplies.set(c.id, sector.supplies);
    }
  };
  for (const s of SUPPLIER_SECTORS) add('FORNECEDOR', s, 3 + (s.weight ?? 1) * 2, 9);
  for (const s of PROVIDER_SECTORS) add('PRESTADOR', s, 1 + (s.weight ?? 1) * 2, 11);
  for (const s of CARRIER_SECTORS) add('TRANSPORTADORA', s, 5, 7);
  for (const n of NAMED) {
    const document = unique(() => n.document ?? cnpj(rng));
    companies.push(company(rng, banks, { type: n.type, legalName: n.legalName, tradeName: n.tradeName, document, pf: false, regime: n.regime, city: cityOf(rng, n.city) }));
  }
  for (let i = 0; i < 125; i++) {
    const s = CUSTOMER_SECTORS[i % CUSTOMER_SECTORS.length];
    add('CLIENTE', s, 1, i % 12 === 11 ? 1 : 1000);
  }
  for (let i = 0; i < 25; i++) {
    const name = `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)} ${rng.pick(SURNAMES)}`;
    companies.push(company(rng, banks, { type: 'CLIENTE', legalName: name, tradeName: null, document: unique(() => cpf(rng)), pf: true, regime: 'NAO_SE_APLICA', city: cityOf(rng) }));
  }
  for (let i = 0; i < 15; i++) {
    const name = `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)} ${rng.pick(SURNAMES)}`;
    const c = company(rng, banks, { type: 'COLABORADOR', legalName: name, tradeName: null, document: unique(() => cpf(rng)), pf: true, regime: 'NAO_SE_APLICA', city: cityOf(rng, 'São Paulo') });
    companies.push({ ...c, ...bankData(rng, banks, c.document), pixKey: c.document });
  }
  return { companies, supplies };
}
