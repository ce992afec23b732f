/**
 * Expense and revenue categories of the demo company, each analytic one mapped to a ledger account (by
 * code) and a DFC class and line (domain.md §1.3, §1.5). Names are what people pick on a payable; the
 * demo payables (finance/scenarios.ts) find them by name.
 */

/** [code, name, ledger account code, DFC class, DFC line]; synthetic (a heading) when no account. */
export type CategoryRow = [string, string, string?, string?, string?];

const S = (code: string, name: string): CategoryRow => [code, name];
const op = (code: string, name: string, account: string, line: string): CategoryRow => [code, name, account, 'OPERACIONAL', line];

export const EXPENSE_CATEGORIES: CategoryRow[] = [
  S('1', 'Custos'),
  op('1.01', 'Compra de mercadorias para revenda', '4.1.01.001', 'PAGAMENTOS_FORNECEDORES'),
  op('1.02', 'Serviços de terceiros aplicados', '4.1.01.002', 'PAGAMENTOS_FORNECEDORES'),
  S('2', 'Despesas administrativas'),
  op('2.01', 'Aluguel', '4.2.02.001', 'PAGAMENTOS_FORNECEDORES'),
  op('2.02', 'Energia elétrica', '4.2.02.002', 'PAGAMENTOS_FORNECEDORES'),
  op('2.03', 'Água e esgoto', '4.2.02.004', 'PAGAMENTOS_FORNECEDORES'),
  op('2.04', 'Telefonia e internet', '4.2.02.005', 'PAGAMENTOS_FORNECEDORES'),
  op('2.05', 'Condomínio', '4.2.02.006', 'PAGAMENTOS_FORNECEDORES'),
  op('2.06', 'Material de escritório', '4.2.02.003', 'PAGAMENTOS_FORNECEDORES'),
  op('2.07', 'Softwares e assinaturas', '4.2.02.007', 'PAGAMENTOS_FORNECEDORES'),
  op('2.08', 'Serviços contábeis e jurídicos', '4.2.02.008', 'PAGAMENTOS_FORNECEDORES'),
  op('2.09', 'Limpeza e conservação', '4.2.02.009', 'PAGAMENTOS_FORNECEDORES'),
  op('2.10', 'Seguros', '4.2.02.010', 'PAGAMENTOS_FORNECEDORES'),
  op('2.11', 'Viagens e deslocamentos', '4.2.02.011', 'PAGAMENTOS_FORNECEDORES'),
  op('2.12', 'Manutenção e reparos', '4.2.02.012', 'PAGAMENTOS_FORNECEDORES'),
  S('3', 'Despesas com pessoal'),
  op('3.01', 'Salários e ordenados', '4.2.03.001', 'PAGAMENTOS_EMPREGADOS'),
  op('3.02', 'Encargos sociais (INSS e FGTS)', '4.2.03.002', 'PAGAMENTOS_EMPREGADOS'),
  op('3.03', 'Benefícios (transporte, refeição, saúde)', '4.2.03.003', 'PAGAMENTOS_EMPREGADOS'),
  S('4', 'Despesas comerciais'),
  op('4.01', 'Comissões sobre vendas', '4.2.01.001', 'PAGAMENTOS_EMPREGADOS'),
  op('4.02', 'Marketing e publicidade', '4.2.01.002', 'PAGAMENTOS_FORNECEDORES'),
  op('4.03', 'Fretes e transportes', '4.2.01.003', 'PAGAMENTOS_FORNECEDORES'),
  S('5', 'Tributos'),
  op('5.01', 'Simples Nacional (DAS)', '3.2.01.002', 'TRIBUTOS_PAGOS'),
  op('5.02', 'ISS sobre serviços', '3.2.01.002', 'TRIBUTOS_PAGOS'),
  op('5.03', 'IPTU e taxas municipais', '4.2.05.001', 'TRIBUTOS_PAGOS'),
  op('5.04', 'IRPJ e CSLL', '4.4.01.001', 'IRPJ_CSLL_PAGOS'),
  S('6', 'Despesas financeiras'),
  op('6.01', 'Juros e multas por atraso', '4.3.01.001', 'JUROS_PAGOS'),
  op('6.02', 'Tarifas bancárias', '4.3.01.002', 'OUTROS_PAGAMENTOS_OPERACIONAIS'),
  op('6.03', 'IOF', '4.3.01.003', 'TRIBUTOS_PAGOS'),
  S('7', 'Investimentos e financiamentos'),
  ['7.01', 'Aquisição de equipamentos e móveis', '1.2.03.003', 'INVESTIMENTO', 'AQUISICAO_IMOBILIZADO'],
  ['7.02', 'Aquisição de ativo intangível', '1.2.04.001', 'INVESTIMENTO', 'AQUISICAO_IMOBILIZADO'],
  ['7.03', 'Amortização de empréstimos', '2.1.04.001', 'FINANCIAMENTO', 'AMORTIZACAO_EMPRESTIMOS'],
  ['7.04', 'Distribuição de lucros', '2.3.06.001', 'FINANCIAMENTO', 'DIVIDENDOS_PAGOS'],
  S('8', 'Movimentações entre contas'),
  ['8.01', 'Transferência entre contas próprias (saída)', '1.1.01.002', 'NAO_CAIXA'],
];

export const REVENUE_CATEGORIES: CategoryRow[] = [
  S('1', 'Receitas operacionais'),
  op('1.01', 'Venda de mercadorias', '3.1.01.001', 'RECEBIMENTOS_CLIENTES'),
  op('1.02', 'Prestação de serviços', '3.1.01.002', 'RECEBIMENTOS_CLIENTES'),
  op('1.03', 'Receitas diversas', '3.3.01.001', 'OUTROS_RECEBIMENTOS_OPERACIONAIS'),
  S('2', 'Receitas financeiras'),
  op('2.01', 'Rendimentos de aplicações financeiras', '3.4.01.001', 'JUROS_RECEBIDOS'),
  op('2.02', 'Juros e multas recebidos de clientes', '3.4.01.002', 'JUROS_RECEBIDOS'),
  S('3', 'Investimentos e financiamentos'),
  ['3.01', 'Alienação de imobilizado', '3.3.01.002', 'INVESTIMENTO', 'VENDA_IMOBILIZADO'],
  ['3.02', 'Resgate de investimentos de longo prazo', '1.2.02.001', 'INVESTIMENTO', 'RESGATES_INVESTIMENTOS'],
  ['3.03', 'Empréstimos obtidos', '2.1.04.001', 'FINANCIAMENTO', 'CAPTACAO_EMPRESTIMOS'],
  ['3.04', 'Aporte de capital dos sócios', '2.3.01.001', 'FINANCIAMENTO', 'AUMENTO_CAPITAL'],
  S('4', 'Movimentações entre contas'),
  ['4.01', 'Transferência entre contas próprias (entrada)', '1.1.01.002', 'NAO_CAIXA'],
];
