/** The demo logins, printed at start and listed in the README. */
export const DEMO_USERS = [
  { email: 'admin@demo.com.br', password: 'Admin@2026!', name: 'Administrador Demo', note: 'SystemOwner, acesso total' },
  { email: 'compras@demo.com.br', password: 'Compras@2026!', name: 'Carla Compras', note: 'pedidos, cotações e ordens de compra' },
  { email: 'financeiro@demo.com.br', password: 'Financeiro@2026!', name: 'Fábio Financeiro', note: 'verificação em duas etapas obrigatória (TOTP ou e-mail)' },
  { email: 'gestor@demo.com.br', password: 'Gestor@2026!', name: 'Gabriel Gestor', note: 'aprova pedidos, ordens de compra e notas com divergência (filas de aprovação de compras)' },
  // Roles a real company has (issue 17): who pays is neither who registers nor who approves (segregation of duties).
  { email: 'tesouraria@demo.com.br', password: 'Tesouraria@2026!', name: 'Tânia Tesouraria', note: 'autoriza e paga na Fila de Pagamentos' },
  { email: 'diretoria@demo.com.br', password: 'Diretoria@2026!', name: 'Davi Diretoria', note: 'aprova contas a pagar (etapa Diretoria acima de R$ 5.000,00)' },
] as const;
