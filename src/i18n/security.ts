/**
 * pt-BR messages of the security controls (docs/security.md): input hygiene at the edge, password policy,
 * upload checks and throttling. Shared by the server (answers) and the client (forms that show them).
 */
export const INPUT_MESSAGES = {
  /** A NUL byte, a lone surrogate or bytes that are not UTF-8 in a string the request carries. */
  badText: 'Contém caracteres inválidos (caractere nulo ou texto fora do padrão UTF-8).',
  badBodyEncoding: 'O corpo da requisição não está em UTF-8 válido.',
  badHeader: 'Cabeçalho com caracteres inválidos.',
  badRequest: 'A requisição contém caracteres inválidos.',
} as const;

export const PASSWORD_MESSAGES = {
  tooShort: (min: number) => `A senha deve ter pelo menos ${min} caracteres (espaços repetidos ou nas pontas não contam).`,
  tooLong: (max: number) => `A senha deve ter no máximo ${max} caracteres.`,
  common: 'Esta senha é muito comum ou já apareceu em vazamentos. Escolha outra.',
  pattern: 'Esta senha é fácil de adivinhar (repetições ou sequências). Escolha outra.',
  personal: 'A senha não pode conter o seu nome ou o seu e-mail. Escolha outra.',
  product: 'A senha não pode ser o nome do sistema nem uma senha de demonstração publicada. Escolha outra.',
} as const;

export const FILE_MESSAGES = {
  mismatch: (kind: string) => `O conteúdo do arquivo não corresponde ao tipo declarado (${kind}). Envie o arquivo original.`,
  notText: 'O arquivo de texto contém dados binários ou uma codificação não reconhecida (use UTF-8 ou Latin-1/Windows-1252).',
  quota: (used: string, limit: string) =>
    `Você atingiu sua cota de armazenamento de arquivos (${used} de ${limit}). Exclua arquivos que não usa ou fale com o administrador.`,
  pending: (used: string, limit: string) =>
    `Você tem envios de arquivo em andamento demais (${used} de ${limit}). Conclua ou cancele os envios abertos antes de começar outro.`,
  tooManyUploads: 'Você iniciou envios de arquivos demais em pouco tempo. Aguarde um pouco e tente novamente.',
  attached: 'Este arquivo está anexado a um registro: retire-o do registro antes de excluí-lo.',
} as const;

export const THROTTLE_MESSAGES = {
  /** The login is slowed down: never a lockout, always a wait. */
  wait: (seconds: number) =>
    `Muitas tentativas de login. Aguarde ${seconds < 60 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`} e tente novamente.`,
} as const;

export const GRANT_MESSAGES = {
  beyondOwn: (items: string) => `Você não pode conceder acessos que não tem: ${items}.`,
  scopeBeyondOwn: 'Você não pode conceder acesso a organizações ou centros de custo fora do seu acesso.',
  widenScope: 'Retirar o último item deste tipo liberaria todos os registros: só quem tem acesso a todos pode fazer isso.',
} as const;
