/**
 * Status catalogue of the product (spec §8), shared by client and server.
 * @example statusDescriptor(404) // { code: 404, message: 'Conteúdo indisponível.', type: 'error' }
 */
export type StatusType = 'error' | 'success' | 'neutral';
export type StatusCode = number | 'UNK';

export interface StatusDescriptor {
  code: StatusCode;
  message: string;
  type: StatusType;
}

export const STATUS_MESSAGES = {
  UNK: 'A requisição foi interrompida.',
  200: 'Requisição processada com sucesso.',
  201: 'Registro criado com sucesso.',
  202: 'Requisição recebida; ela está sendo processada.',
  204: 'Alterações processadas com sucesso.',
  304: 'Nada foi alterado.',
  400: 'Ocorreu um erro ao processar a requisição.',
  401: 'Você precisa se autenticar.',
  403: 'Você não tem permissão para realizar esta ação.',
  404: 'Conteúdo indisponível.',
  405: 'Método não permitido.',
  408: 'A requisição demorou demais para ser respondida.',
  409: 'Esta informação já está cadastrada.',
  413: 'O arquivo é grande demais.',
  415: 'Arquivo não suportado.',
  429: 'Muitas requisições. Aguarde um pouco e tente novamente.',
  500: 'Algo deu errado do nosso lado.',
  503: 'Serviço indisponível.',
  520: 'Erro desconhecido.',
} as const satisfies Record<StatusCode, string>;

export const UNEXPECTED_ERROR = 'Erro inesperado.';

const SUCCESS = new Set<StatusCode>([200, 201, 202, 204]);
const NEUTRAL = new Set<StatusCode>([304]);

/** The descriptor for a status code; unknown codes get 'Erro inesperado.'. */
export function statusDescriptor(code: StatusCode): StatusDescriptor {
  const message = (STATUS_MESSAGES as Record<StatusCode, string>)[code] ?? UNEXPECTED_ERROR;
  const type: StatusType = SUCCESS.has(code) ? 'success' : NEUTRAL.has(code) ? 'neutral' : 'error';
  return { code, message, type };
}
