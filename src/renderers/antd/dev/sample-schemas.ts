import type { PropertySchema } from '../../../engine/schema/types.ts';

/**
 * One field of each kind our schemas can declare (docs/schemas.md §3–4), with a value: the developer pages
 * use them to show every cell and widget, and which one wins for which field.
 */
export const SAMPLE_FIELDS: { field: string; schema: PropertySchema; value: unknown; widget?: string }[] = [
  { field: 'name', schema: { type: 'string', title: 'Texto' }, value: 'Banco do Brasil S.A.' },
  { field: 'notes', schema: { type: ['string', 'null'], title: 'Texto longo', maxLength: 2000 }, value: 'Pagamento trimestral conforme contrato.' },
  { field: 'quantity', schema: { type: 'integer', title: 'Inteiro' }, value: 1250 },
  { field: 'rate', schema: { type: 'number', title: 'Número' }, value: 2.75 },
  { field: 'amount', schema: { type: 'integer', format: 'money', title: 'Dinheiro (centavos)' }, value: 123456 },
  { field: 'refund', schema: { type: 'integer', format: 'money', title: 'Dinheiro negativo' }, value: -9990 },
  { field: 'discount', schema: { type: 'number', format: 'percent', title: 'Percentual' }, value: 12.5 },
  { field: 'dueDate', schema: { type: 'string', format: 'date', title: 'Data' }, value: '2026-03-31' },
  { field: 'competence', schema: { type: 'string', format: 'competence', title: 'Competência' }, value: '2026-03' },
  { field: 'createdAt', schema: { type: 'string', format: 'date-time', title: 'Data e hora' }, value: '2026-03-01T14:30:00.000Z' },
  { field: 'cpf', schema: { type: 'string', format: 'cpf', title: 'CPF' }, value: '52998224725' },
  { field: 'cnpj', schema: { type: 'string', format: 'cnpj', title: 'CNPJ' }, value: '12ABC34501DE35' },
  { field: 'document', schema: { type: 'string', format: 'cpf-cnpj', title: 'CPF ou CNPJ' }, value: '11222333000181' },
  { field: 'cep', schema: { type: 'string', format: 'cep', title: 'CEP' }, value: '01001000' },
  { field: 'phone', schema: { type: 'string', format: 'phone', title: 'Telefone' }, value: '11987654321' },
  { field: 'email', schema: { type: 'string', format: 'email', title: 'E-mail' }, value: 'financeiro@demo.com.br' },
  { field: 'site', schema: { type: 'string', format: 'uri', title: 'URL' }, value: 'https://www.bcb.gov.br' },
  { field: 'boleto', schema: { type: 'string', format: 'boleto', title: 'Boleto' }, value: '00190500954014481606906809350314337370000000100' },
  { field: 'pixKey', schema: { type: 'string', format: 'pix-key', title: 'Chave PIX' }, value: '+5511987654321' },
  { field: 'active', schema: { type: 'boolean', title: 'Sim/Não' }, value: true },
  { field: 'overdue', schema: { type: 'boolean', title: 'Vencido', readOnly: true, 'x-overdue': { date: 'dueDate', unless: ['PAGO', 'CANCELADO'] } }, value: true },
  // A mismatch line's number: a quantity here (no kind in the sample); in R$ on price and total lines.
  { field: 'expected', schema: { type: 'number', title: 'Esperado (quantidade ou R$)', 'x-money-when': { kind: ['PRECO', 'TOTAL'] } }, value: 4 },
  { field: 'clientSecret', schema: { type: ['string', 'null'], title: 'Segredo (só escrita)', writeOnly: true }, value: null },
  { field: 'type', schema: { type: 'string', title: 'Opções', oneOf: [{ const: 'S', title: 'Sintético' }, { const: 'A', title: 'Analítico' }] }, value: 'A' },
  { field: 'bankId', schema: { type: 'string', format: 'uuid', title: 'Referência', 'x-ref': 'banks' }, value: '6f1c1f0e-3c1a-4a7e-9a53-0c3f1b6f2a10' },
  { field: 'externalId', schema: { type: 'string', format: 'uuid', title: 'Identificador' }, value: '0a0b2c3d-4e5f-4a7e-9a53-0c3f1b6f2a11' },
  // Empty, so the gallery never asks the server for a file that isn't there.
  { field: 'attachmentId', schema: { type: ['string', 'null'], format: 'uuid', title: 'Arquivo anexo', 'x-file': true }, value: null, widget: 'file' },
  { field: 'tags', schema: { type: 'array', title: 'Lista de textos', items: { type: 'string' } }, value: ['urgente', 'lote 12', 'revisar', 'fiscal'] },
  {
    field: 'channels',
    schema: { type: 'array', title: 'Várias opções', items: { type: 'string', oneOf: [{ const: 'EMAIL', title: 'E-mail' }, { const: 'SMS', title: 'SMS' }, { const: 'APP', title: 'Aplicativo' }] }, uniqueItems: true },
    value: ['EMAIL', 'APP'],
  },
  {
    field: 'bankIds',
    schema: { type: 'array', title: 'Várias referências', items: { type: 'string', format: 'uuid', 'x-ref': 'banks' }, uniqueItems: true },
    value: ['6f1c1f0e-3c1a-4a7e-9a53-0c3f1b6f2a10'],
  },
  {
    field: 'resources',
    schema: {
      type: 'array',
      title: 'Escopos por recurso',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string', title: 'Recurso' },
          scopes: { type: 'array', title: 'Escopos', items: { type: 'string', oneOf: [{ const: 'create', title: 'Criar' }, { const: 'read', title: 'Ver' }] } },
        },
        additionalProperties: false,
      },
    },
    value: [{ name: 'orders', scopes: ['create', 'read'] }],
  },
  {
    field: 'items',
    schema: { type: 'array', title: 'Itens', items: { type: 'object', properties: { description: { type: 'string', title: 'Descrição' } }, additionalProperties: false } },
    value: [{ description: 'Papel A4' }, { description: 'Toner' }],
  },
];

/** Labels the fixture's references resolve to (no server on developer pages). */
export const SAMPLE_REF_LABELS: Record<string, Record<string, string>> = {
  bankId: { '6f1c1f0e-3c1a-4a7e-9a53-0c3f1b6f2a10': 'Itaú Unibanco', '7a2d2f1f-4d2b-4b8f-8b64-1d4f2c7f3b21': 'Banco do Brasil' },
};
