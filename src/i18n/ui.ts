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
  welcomeLead: 'Escolha um módulo para começar.',
  noModules: 'Sua conta ainda não tem acesso a nenhum módulo. Peça ao administrador para liberar um perfil.',
  footer: (year: number) => `© ${year} Back Office · compras e finanças`,
} as const;
