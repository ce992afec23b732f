/**
 * The product's pt-BR messages quoted by the spec (§4, §5, §8), word for word. Screens and the engine use
 * these constants, never inline copies.
 */
export const AUTH_MESSAGES = {
  loginFailed: 'O login falhou.',
  invalidCredentials: 'Login ou senha inválidos. Verifique as credenciais e tente novamente.',
  verificationFailed: 'A verificação falhou.',
  invalidCode: 'O código é inválido ou expirou. Tente novamente...',
  invalidLogin: 'O login é inválido.',
  loggingOut: 'Desconectando, aguarde...',
  loggedOut: 'Você foi desconectado da sua conta.',
  privateRouteWithoutToken: 'Token de acesso inválido para uma rota privada',
  methodNotAllowed: 'Este método de verificação não é permitido para a sua conta.',
  verificationTokenMissing: 'A verificação não retornou um token válido.',
} as const;

export const UNKNOWN_ERROR = 'Ocorreu um erro desconhecido.';

export const UPDATE_MESSAGES = {
  heading: 'ATUALIZAÇÃO CONCLUÍDA',
  message: 'Agora você está usando a versão mais recente.',
  version: (v: string) => `Versão ${v}.`,
} as const;

/** Snackbar overlines: with a status code, ERRO/SUCESSO/AVISO + code; without one, the default per type. */
export const SNACKBAR_TEXT = {
  statusOverline: { error: 'ERRO', success: 'SUCESSO', neutral: 'AVISO' },
  defaultOverline: { error: 'ERRO', success: 'SUCESSO', warning: 'ATENÇÃO', info: 'INFORMAÇÃO', neutral: 'AVISO' },
  reload: 'Atualizar',
  login: 'Fazer login',
  understood: 'Entendi',
  close: 'Fechar',
} as const;

/** The 403 page of the route guard (a page the user's profiles do not allow). */
export const FORBIDDEN_TEXT = {
  title: 'Acesso negado',
  description: (verb: string, what: string | undefined) => `Seu perfil não tem permissão para ${verb} ${what ? `“${what}”` : 'esta página'}.`,
  hint: 'Se você precisa deste acesso, peça a quem administra o sistema para incluí-lo em um dos seus perfis.',
  verbs: { read: 'consultar', create: 'incluir registros em', update: 'alterar registros de' } as Record<string, string>,
  otherVerb: 'abrir',
  home: 'Ir para o início',
} as const;

export const NOT_FOUND_TEXT = {
  title: 'Page Not Found',
  serverError: 'Internal Server Error',
  routeMessage: (path: string) => `Page not found: ${path}`,
  description: (path: string) => `Não encontramos nada no endereço ${path}. Confira o link ou volte para o início.`,
  home: 'Voltar para o início',
} as const;
