/** The demo logins, printed at start and listed in the README. */
export const DEMO_USERS = [
  { email: 'admin@demo.com.br', password: 'Admin@2026!', name: 'Administrador Demo', note: 'SystemOwner, acesso total' },
  { email: 'compras@demo.com.br', password: 'Compras@2026!', name: 'Carla Compras', note: 'pedidos, cotações e ordens de compra' },
  { email: 'financeiro@demo.com.br', password: 'Financeiro@2026!', name: 'Fábio Financeiro', note: 'verificação em duas etapas obrigatória (TOTP ou e-mail)' },
] as const;
