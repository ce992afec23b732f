/**
 * pt-BR validation messages shared by the client forms and the server (same text on both sides).
 * The engine's schema layer maps ajv errors onto these; formats carry their own message.
 * @example VALIDATION_MESSAGES.maxLength(120) // 'Deve ter no máximo 120 caracteres.'
 */
export const FORMAT_MESSAGES = {
  cpf: 'CPF inválido.',
  cnpj: 'CNPJ inválido.',
  'cpf-cnpj': 'CPF ou CNPJ inválido.',
  cep: 'CEP inválido.',
  money: 'Valor monetário inválido.',
  date: 'Data inválida.',
  'date-time': 'Data e hora inválidas.',
  competence: 'Competência inválida (use MM/AAAA).',
  percent: 'Percentual inválido (até 2 casas decimais).',
  email: 'E-mail inválido.',
  phone: 'Telefone inválido (informe DDD e número).',
  boleto: 'Linha digitável inválida.',
  'pix-key': 'Chave PIX inválida.',
  'pix-code': 'Código PIX copia e cola inválido.',
  gtin: 'GTIN/EAN inválido (8, 12, 13 ou 14 dígitos com o dígito verificador).',
  'nfe-key': 'Chave de acesso inválida (44 dígitos com o dígito verificador).',
  uri: 'Endereço (URL) inválido.',
  uuid: 'Identificador inválido.',
} as const;

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

export const VALIDATION_MESSAGES = {
  required: 'Campo obrigatório.',
  notAllowed: 'Campo não permitido.',
  invalid: 'Valor inválido.',
  choice: 'Escolha uma das opções.',
  duplicateItems: 'Há itens repetidos.',
  type: {
    string: 'Deve ser um texto.',
    number: 'Deve ser um número.',
    integer: 'Deve ser um número inteiro.',
    boolean: 'Deve ser verdadeiro ou falso.',
    array: 'Deve ser uma lista.',
    object: 'Deve ser um objeto.',
    null: 'Deve ficar vazio.',
  },
  maxLength: (n: number) => `Deve ter no máximo ${n} ${plural(n, 'caractere', 'caracteres')}.`,
  minLength: (n: number) => `Deve ter no mínimo ${n} ${plural(n, 'caractere', 'caracteres')}.`,
  minimum: (v: string) => `Valor mínimo: ${v}.`,
  maximum: (v: string) => `Valor máximo: ${v}.`,
  exclusiveMinimum: (v: string) => `Deve ser maior que ${v}.`,
  exclusiveMaximum: (v: string) => `Deve ser menor que ${v}.`,
  multipleOf: (v: string) => `Deve ser múltiplo de ${v}.`,
  minItems: (n: number) => `Informe pelo menos ${n} ${plural(n, 'item', 'itens')}.`,
  maxItems: (n: number) => `Informe no máximo ${n} ${plural(n, 'item', 'itens')}.`,
  pattern: 'Formato inválido.',
  /** Comparisons with another field of the same record (`$data`, docs/schemas.md §3.5): the other field's label. */
  than: {
    minimum: (f: string) => `Deve ser maior ou igual ao campo "${f}".`,
    exclusiveMinimum: (f: string) => `Deve ser maior que o campo "${f}".`,
    maximum: (f: string) => `Deve ser menor ou igual ao campo "${f}".`,
    exclusiveMaximum: (f: string) => `Deve ser menor que o campo "${f}".`,
    formatMinimum: (f: string) => `Deve ser igual ou posterior ao campo "${f}".`,
    formatExclusiveMinimum: (f: string) => `Deve ser posterior ao campo "${f}".`,
    formatMaximum: (f: string) => `Deve ser igual ou anterior ao campo "${f}".`,
    formatExclusiveMaximum: (f: string) => `Deve ser anterior ao campo "${f}".`,
    const: (f: string) => `Deve ser igual ao campo "${f}".`,
  },
  /** Dates compared with a fixed limit (`"formatMinimum": "2026-01-01"`), the limit as people read it. */
  formatMinimum: (v: string) => `Deve ser igual ou posterior a ${v}.`,
  formatExclusiveMinimum: (v: string) => `Deve ser posterior a ${v}.`,
  formatMaximum: (v: string) => `Deve ser igual ou anterior a ${v}.`,
  formatExclusiveMaximum: (v: string) => `Deve ser anterior a ${v}.`,
  unknownFormat: (name: string) => `Formato desconhecido: "${name}".`,
} as const;

/** Server-side rule messages that are not JSON Schema keywords. */
export const RULE_MESSAGES = {
  locked: 'Este campo não pode mais ser alterado.',
  immutable: 'Este campo não pode ser alterado depois de criado.',
  unique: 'Já existe um registro com este valor.',
  refNotFound: 'Registro referenciado não encontrado.',
  /** A reference outside its field's `x-ref-filter` (a customer in a supplier field); `x-messages` may say why. */
  refFiltered: 'Este registro não pode ser escolhido neste campo.',
  fileNotFound: 'Arquivo não encontrado.',
  fileNotImage: 'Envie uma imagem (PNG, JPG ou WEBP).',
} as const;
