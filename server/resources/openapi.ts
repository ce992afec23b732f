import { withSystemFields } from '../../src/engine/schema/index.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './list-query.ts';
import { referrersOf } from './ref-filter.ts';
import type { Registry } from './registry.ts';
import type { ResourceDef } from './types.ts';

type Json = Record<string, unknown>;

const pascal = (name: string) => name.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json) => ({ 'application/json': { schema } });
const error = (description: string) => ({ description, content: json(ref('Error')) });

/** A schema file as an OpenAPI 3.1 (JSON Schema 2020-12) component: `x-` keywords stay as extensions. */
function component(def: ResourceDef, withSystem: boolean): Json {
  const { $schema: _s, $id: _id, ...rest } = withSystem ? withSystemFields(def.schema) : def.schema;
  return rest;
}

const PARAMS: Json = {
  id: { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
  page: { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
  pageSize: { name: 'pageSize', in: 'query', schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE } },
  sort: { name: 'sort', in: 'query', description: 'Campos separados por vírgula; `-` para decrescente (ex.: `-dueDate,name`).', schema: { type: 'string' } },
  q: { name: 'q', in: 'query', description: 'Busca por texto nos campos de busca do recurso.', schema: { type: 'string' } },
  filter: {
    name: 'filter',
    in: 'query',
    style: 'deepObject',
    explode: true,
    description: '`filter[campo][op]=valor`, op em eq, ne, in, gte, lte, contains, between; `in` e `between` repetem o parâmetro.',
    schema: { type: 'object', additionalProperties: { type: 'object', additionalProperties: true } },
  },
  ifMatch: { name: 'If-Match', in: 'header', required: true, description: 'ETag do registro lido (`W/"3"`).', schema: { type: 'string' } },
  ids: { name: 'id', in: 'query', style: 'form', explode: true, schema: { type: 'array', items: { type: 'string', format: 'uuid' } } },
};
const p = (name: string) => ({ $ref: `#/components/parameters/${name}` });

interface Op {
  params?: Json[];
  body?: string;
  ok: [string, Json];
  errors?: string[];
}

const ERRORS: Record<string, string> = {
  '400': 'Dados ou parâmetros inválidos',
  '401': 'Não autenticado',
  '403': 'Sem permissão',
  '404': 'Não encontrado (ou fora do seu escopo)',
  '409': 'Versão desatualizada, valor já cadastrado ou registro em uso',
  '428': 'If-Match ausente',
};

function op(tags: string[], summary: string, o: Op): Json {
  const responses: Json = { [o.ok[0]]: o.ok[1] };
  for (const code of ['401', '403', ...(o.errors ?? [])]) responses[code] = error(ERRORS[code]);
  return {
    tags,
    summary,
    ...(o.params ? { parameters: o.params } : {}),
    ...(o.body ? { requestBody: { required: true, content: json(ref(o.body)) } } : {}),
    responses,
  };
}

/**
 * `refOf` of a list (a picker's request, server/resources/routes.ts): the referring field whose `x-ref-filter`
 * narrows the rows; its values are the fields of the metadata that refer to this resource. None: no parameter.
 */
function refOfParam(registry: Registry, def: ResourceDef): Json[] {
  const referrers = referrersOf(registry, def.name);
  if (!referrers.length) return [];
  return [{
    name: 'refOf',
    in: 'query',
    description: 'Campo de referência que pede a lista (`recurso.campo`, ex.: o seletor de um formulário): só as linhas que esse campo aceita (seu `x-ref-filter`, docs/schemas.md §3.3). Outro valor: 400.',
    schema: { type: 'string', enum: referrers },
  }];
}

function paths(registry: Registry, def: ResourceDef): Json {
  const N = pascal(def.name);
  const t = [def.titlePlural];
  const record = { description: 'Registro', headers: { ETag: { schema: { type: 'string' } } }, content: json(ref(N)) };
  const page = {
    description: 'Página',
    headers: { 'X-Total-Count': { schema: { type: 'integer' } }, Link: { schema: { type: 'string' } } },
    content: json({ type: 'array', items: ref(N) }),
  };
  const criteria = [p('sort'), p('q'), p('filter')];
  const write = ['400', '404', '409', '428'];
  const file = { description: 'Arquivo', content: { 'text/csv': {}, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {} } };
  const exportParams = [
    { name: 'format', in: 'query', schema: { enum: ['csv', 'xlsx'], default: 'csv' } },
    { name: 'fields', in: 'query', description: 'Colunas, separadas por vírgula.', schema: { type: 'string' } },
  ];
  return {
    [def.basePath]: {
      get: op(t, `Lista ${def.titlePlural}`, { params: [p('page'), p('pageSize'), ...criteria, ...refOfParam(registry, def)], ok: ['200', page], errors: ['400'] }),
      post: op(t, `Cria: ${def.title}`, { body: `${N}Input`, ok: ['201', record], errors: ['400', '409'] }),
    },
    [`${def.basePath}/{id}`]: {
      parameters: [p('id')],
      get: op(t, `Lê: ${def.title}`, { ok: ['200', record], errors: ['404'] }),
      put: op(t, `Substitui: ${def.title}`, { params: [p('ifMatch')], body: `${N}Input`, ok: ['200', record], errors: write }),
      patch: op(t, `Altera: ${def.title}`, { params: [p('ifMatch')], body: `${N}Input`, ok: ['200', record], errors: write }),
      delete: op(t, `Exclui: ${def.title}`, { ok: ['204', { description: 'Excluído' }], errors: ['404', '409'] }),
    },
    [`${def.basePath}/{id}/history`]: {
      parameters: [p('id')],
      get: op(t, 'Histórico de alterações', { ok: ['200', { description: 'Auditoria', content: json({ type: 'array', items: ref('AuditEntry') }) }], errors: ['404'] }),
    },
    [`${def.basePath}/labels`]: {
      get: op(t, 'Rótulos de vários registros', { params: [p('ids')], ok: ['200', { description: 'Rótulos', content: json({ type: 'array', items: ref('Label') }) }], errors: ['400'] }),
    },
    [`${def.basePath}/permissions`]: {
      get: op(t, 'Permissões no recurso e em vários registros', { params: [p('ids')], ok: ['200', { description: 'Permissões', content: json({ type: 'object' }) }], errors: ['400'] }),
    },
    [`${def.basePath}/export`]: {
      get: op(t, `Exporta ${def.titlePlural} (todas as linhas filtradas)`, { params: [...exportParams, ...criteria], ok: ['200', file], errors: ['400'] }),
    },
  };
}

/** OpenAPI 3.1 of every generic resource endpoint, from the schema files (built once at start). */
export function buildOpenApi(registry: Registry, version = '1.0.0'): Json {
  const defs = [...registry.values()];
  const schemas: Json = {
    Error: {
      type: 'object',
      required: ['statusCode', 'code', 'message'],
      properties: { statusCode: { type: 'integer' }, code: { type: 'string' }, message: { type: 'string' }, errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
    },
    Label: { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, label: { type: ['string', 'null'] } } },
    AuditEntry: {
      type: 'object',
      properties: { id: { type: 'integer' }, action: { enum: ['create', 'update', 'delete'] }, at: { type: 'string', format: 'date-time' }, actor: { type: ['object', 'null'] }, diff: { type: 'object' } },
    },
  };
  for (const d of defs) {
    schemas[pascal(d.name)] = component(d, true);
    schemas[`${pascal(d.name)}Input`] = component(d, false);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Back Office — API de recursos', version, description: 'Endpoints genéricos gerados a partir de schemas/*.schema.json.' },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    security: [{ bearer: [] }],
    tags: defs.map((d) => ({ name: d.titlePlural, description: `${d.basePath} (recurso ${d.name})` })),
    paths: Object.assign({}, ...defs.map((d) => paths(registry, d))),
    components: { schemas, parameters: PARAMS, securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  };
}
