/**
 * What a Brazilian trading and services company pays and receives in a month, as data: the expense or
 * revenue category and supplier are found by name in the catalogues seeded before (10-accounting,
 * 20-companies), so the demo reads like real books (aluguel da sede, energia, folha, DAS, ISS,
 * fornecedores de mercadoria…).
 */

export type Method = 'BOLETO' | 'PIX' | 'TED' | 'TRANSFERENCIA' | 'DEBITO_AUTOMATICO' | 'CARTAO_CREDITO' | 'CARTAO_DEBITO' | 'DINHEIRO' | 'CHEQUE';

export interface Scenario {
  key: string;
  /** Matches the category name (accents removed, lowercase). */
  category: RegExp;
  /** Matches the party name; unmatched scenarios draw from the general pool. */
  party?: RegExp;
  /** Company type kinds preferred for the party (FORNECEDOR, PRESTADOR, TRANSPORTADORA, COLABORADOR, CLIENTE). */
  kinds?: readonly string[];
  /** Matches the cost center name; default the first analytic one. */
  costCenter?: RegExp;
  /** Documents per month: fixed or [min, max]. */
  perMonth: number | readonly [number, number];
  /** One document per party of the pool each month (salaries: one per employee). */
  eachParty?: boolean;
  /** Reais: fixed or [min, max] (log-normal between). */
  amount: number | readonly [number, number];
  documentType: string;
  methods: readonly (readonly [Method, number])[];
  /** Day of the month it is issued: fixed or [min, max]. */
  issueDay: number | readonly [number, number];
  /** First due date: a day of the month `dueMonths` after the issue month, or `dueDays` after the issue. */
  due: { day: number; months: number } | { days: number };
  /** Competence: the issue month, or the month before (payroll, taxes). */
  competence: 'issue' | 'previous';
  /** Parcelas: weighted counts (default 1). */
  installments?: readonly (readonly [number, number])[];
  /** Arrecadação segment of the bill's barcode (2 água, 3 energia, 4 telecom, 5 tributos, 1 prefeituras). */
  segment?: string;
  description: (month: string, doc: string, party: string) => string;
}

const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];
/** `2026-03` → `março/2026`. */
export const monthName = (ym: string) => `${MONTHS[Number(ym.slice(5, 7)) - 1]}/${ym.slice(0, 4)}`;
/** `2026-03` → `03/2026`. */
export const mmYyyy = (ym: string) => `${ym.slice(5, 7)}/${ym.slice(0, 4)}`;

export const PAYABLE_SCENARIOS: readonly Scenario[] = [
  {
    key: 'aluguel', category: /alugue/, party: /imobili/, costCenter: /administr/, perMonth: 1, amount: 18500,
    documentType: 'BOLETO', methods: [['BOLETO', 1]], issueDay: 1, due: { day: 10, months: 0 }, competence: 'issue',
    description: (m) => `Aluguel da sede — ${monthName(m)}`,
  },
  {
    key: 'energia', category: /energia/, party: /energia/, costCenter: /administr|opera/, perMonth: 1, amount: [3200, 5900],
    documentType: 'FATURA', methods: [['BOLETO', 1]], issueDay: [3, 6], due: { day: 18, months: 0 }, competence: 'issue', segment: '3',
    description: (m) => `Energia elétrica — ${monthName(m)}`,
  },
  {
    key: 'agua', category: /agua|saneamento/, party: /saneamento/, costCenter: /administr/, perMonth: 1, amount: [380, 950],
    documentType: 'FATURA', methods: [['BOLETO', 1]], issueDay: [5, 8], due: { day: 22, months: 0 }, competence: 'issue', segment: '2',
    description: (m) => `Água e esgoto — ${monthName(m)}`,
  },
  {
    key: 'telecom', category: /telefon|internet|telecom|comunica/, party: /telecom/, costCenter: /tecnolog|administr/, perMonth: 1,
    amount: [890, 1650], documentType: 'FATURA', methods: [['DEBITO_AUTOMATICO', 1]], issueDay: [8, 10], due: { day: 25, months: 0 }, competence: 'issue', segment: '4',
    description: (m) => `Telefonia e internet — ${monthName(m)}`,
  },
  {
    key: 'folha', category: /salario|folha|ordenado/, kinds: ['COLABORADOR'], eachParty: true, costCenter: /administr/, perMonth: 1,
    amount: [3200, 9800], documentType: 'FOLHA', methods: [['TED', 3], ['PIX', 1]], issueDay: 28, due: { day: 5, months: 1 }, competence: 'issue',
    description: (m, _doc, party) => `Salário ${monthName(m)} — ${party}`,
  },
  {
    key: 'das', category: /simples|das\b|impostos? sobre|tributos? sobre|imposto/, party: /receita federal/,
    costCenter: /financ|administr/, perMonth: 1, amount: [11000, 17500], documentType: 'GUIA', methods: [['BOLETO', 1]], issueDay: 5, due: { day: 20, months: 0 },
    competence: 'previous', segment: '5', description: (m) => `DAS — Simples Nacional, competência ${mmYyyy(m)}`,
  },
  {
    key: 'iss', category: /\biss\b|servicos? \(iss\)|imposto sobre servico/, party: /prefeitura/, costCenter: /financ|administr/, perMonth: 1,
    amount: [1800, 3600], documentType: 'GUIA', methods: [['BOLETO', 1]], issueDay: 3, due: { day: 10, months: 0 }, competence: 'previous', segment: '1',
    description: (m) => `ISS próprio — competência ${mmYyyy(m)}`,
  },
  {
    key: 'encargos', category: /fgts|inss|encargo|previdenc/, party: /caixa economica/, costCenter: /administr/, perMonth: 1, amount: [14500, 17800],
    documentType: 'GUIA', methods: [['BOLETO', 1]], issueDay: 2, due: { day: 20, months: 0 }, competence: 'previous', segment: '5',
    description: (m) => `Encargos sobre a folha (INSS/FGTS) — competência ${mmYyyy(m)}`,
  },
  {
    key: 'contabilidade', category: /contab|honorario|assessoria/, party: /contab|contadores|assessoria/, kinds: ['PRESTADOR'], costCenter: /financ|administr/, perMonth: 1,
    amount: 2850, documentType: 'NFSE', methods: [['BOLETO', 1]], issueDay: [1, 3], due: { day: 10, months: 0 }, competence: 'issue',
    description: (m) => `Honorários contábeis — ${monthName(m)}`,
  },
  {
    key: 'limpeza', category: /limpeza|conservacao|zeladoria/, party: /limpeza|conservacao|servicos gerais|facilities/, kinds: ['PRESTADOR'], costCenter: /administr/, perMonth: 1,
    amount: [3600, 4200], documentType: 'NFSE', methods: [['BOLETO', 1]], issueDay: [1, 5], due: { day: 15, months: 0 }, competence: 'issue',
    description: (m) => `Limpeza e conservação — ${monthName(m)}`,
  },
  {
    key: 'software', category: /software|sistema|licen|tecnologia|informatica|nuvem/, party: /software|sistemas|tecnologia|cloud|informatica|digital/, kinds: ['PRESTADOR', 'FORNECEDOR'],
    costCenter: /tecnolog/, perMonth: [2, 4], amount: [90, 2600], documentType: 'NFSE', methods: [['CARTAO_CREDITO', 3], ['BOLETO', 1]], issueDay: [1, 12],
    due: { days: 10 }, competence: 'issue', description: (m, doc) => `Assinatura de software — ${monthName(m)} (NFS-e ${doc})`,
  },
  {
    key: 'manutencao', category: /manutencao|reparo/, party: /manutencao|reparo|eletrica|refrigeracao|engenharia/, kinds: ['PRESTADOR'], costCenter: /opera|administr/,
    perMonth: [1, 4], amount: [250, 6500], documentType: 'NFSE', methods: [['PIX', 3], ['BOLETO', 2]], issueDay: [1, 28], due: { days: 7 }, competence: 'issue',
    description: (_m, doc) => `Serviço de manutenção — NFS-e ${doc}`,
  },
  {
    key: 'escritorio', category: /escritorio|material de consumo|expediente|suprimento/, party: /papelaria|escritorio|suprimentos|material/, costCenter: /administr/,
    perMonth: [2, 5], amount: [80, 1800], documentType: 'NFE', methods: [['PIX', 2], ['CARTAO_CREDITO', 1], ['BOLETO', 1]], issueDay: [1, 28], due: { days: 14 },
    competence: 'issue', description: (_m, doc) => `Material de escritório — NF-e ${doc}`,
  },
  {
    key: 'fretes', category: /frete|transporte|logistica/, party: /transport|logistica|frete|cargas|express/, kinds: ['TRANSPORTADORA'], costCenter: /opera|log|comercial/,
    perMonth: [8, 15], amount: [180, 4500], documentType: 'FATURA', methods: [['BOLETO', 1]], issueDay: [1, 28], due: { days: 21 }, competence: 'issue',
    description: (_m, doc) => `Fretes sobre vendas — CT-e ${doc}`,
  },
  {
    key: 'marketing', category: /marketing|publicidade|propaganda|divulgacao/, party: /marketing|publicidade|propaganda|comunicacao|agencia/, kinds: ['PRESTADOR'],
    costCenter: /marketing/, perMonth: [1, 3], amount: [800, 12000], documentType: 'NFSE', methods: [['BOLETO', 2], ['PIX', 1]], issueDay: [1, 28],
    due: { days: 15 }, competence: 'issue', installments: [[1, 4], [2, 1]], description: (_m, doc) => `Campanha de marketing — NFS-e ${doc}`,
  },
  {
    key: 'viagens', category: /combustive|viage|deslocamento|veiculo|transporte de pessoal/, party: /posto/, costCenter: /comercial|vendas|opera/,
    perMonth: [3, 8], amount: [120, 2500], documentType: 'NFE', methods: [['CARTAO_CREDITO', 2], ['CARTAO_DEBITO', 1], ['PIX', 1]], issueDay: [1, 28], due: { days: 5 },
    competence: 'issue', description: (_m, doc) => `Combustível e viagens — NF-e ${doc}`,
  },
  {
    key: 'mercadorias', category: /mercadoria|cmv|revenda|estoque|compra/, kinds: ['FORNECEDOR'], costCenter: /opera|comercial|compras|log/, perMonth: [185, 215],
    amount: [600, 48000], documentType: 'NFE', methods: [['BOLETO', 8], ['PIX', 1], ['TED', 1]], issueDay: [1, 28], due: { days: 28 }, competence: 'issue',
    installments: [[1, 45], [2, 20], [3, 25], [4, 7], [6, 3]], description: (_m, doc) => `Compra de mercadorias para revenda — NF-e ${doc}`,
  },
];

export const RECEIVABLE_SCENARIOS: readonly Scenario[] = [
  {
    key: 'vendas', category: /venda|mercadoria|revenda|receita bruta/, kinds: ['CLIENTE'], costCenter: /comercial|vendas/, perMonth: [120, 140], amount: [1500, 52000],
    documentType: 'NFE', methods: [['BOLETO', 6], ['PIX', 3], ['CARTAO_CREDITO', 1]], issueDay: [1, 28], due: { days: 30 }, competence: 'issue',
    installments: [[1, 50], [2, 20], [3, 25], [4, 5]], description: (_m, doc) => `Venda de mercadorias — NF-e ${doc}`,
  },
  {
    key: 'servicos', category: /servico|prestacao/, kinds: ['CLIENTE'], costCenter: /comercial|vendas|opera/, perMonth: [30, 40], amount: [2500, 32000],
    documentType: 'NFSE', methods: [['PIX', 2], ['BOLETO', 2], ['TED', 1]], issueDay: [1, 28], due: { days: 15 }, competence: 'issue',
    description: (_m, doc) => `Prestação de serviços — NFS-e ${doc}`,
  },
];
