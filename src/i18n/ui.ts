/** pt-BR labels of the application shell (layouts, menu, home). */
export const APP_TEXT = {
  name: 'Back Office',
  tagline: 'Compras e finanças',
  home: 'Início',
  myAccount: 'Minha conta',
  logout: 'Sair',
  loading: 'Carregando…',
  collapseMenu: 'Recolher menu',
  expandMenu: 'Expandir menu',
  mainMenu: 'Menu principal',
  userMenu: 'Menu do usuário',
  welcome: (name: string) => `Olá, ${name}`,
  welcomeLead: 'O que espera por você hoje e os atalhos dos seus módulos.',
  inbox: 'O que espera por você',
  inboxEmpty: 'Nada espera por você agora.',
  inboxNone: 'Nada pendente',
  inboxError: 'Não foi possível carregar as suas pendências.',
  inboxCount: (n: number, title: string) => `${n.toLocaleString('pt-BR')} · ${title}`,
  shortcuts: 'Atalhos',
  retry: 'Tentar de novo',
  noModules: 'Sua conta ainda não tem acesso a nenhum módulo. Peça ao administrador para liberar um perfil.',
  footer: (year: number) => `© ${year} Back Office · compras e finanças`,
} as const;

/** The SystemOwner's banner about a tenant override the server could not use (ConfigProblemBanner). */
export const CONFIG_TEXT = {
  overrideTitle: (file: string) => `A personalização do aplicativo em ${file} tem erros e não foi aplicada`,
  usingLastGood: 'O aplicativo segue com a última versão válida do arquivo até ele ser corrigido.',
  usingNone: 'O aplicativo segue com a configuração padrão até o arquivo ser corrigido.',
} as const;
