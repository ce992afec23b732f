import { describe, expect, it } from 'vitest';
import { loadMetadata, type MetadataFiles } from './load-metadata.ts';
import { MetadataError } from './metadata-error.ts';

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

// Fixtures are edited freely by path in each test; typing every JSON shape would hide the intent.
// oxlint-disable-next-line typescript/no-explicit-any
type Json = Record<string, any>;

/** A small valid folder pair; each test breaks one thing in a fresh copy. */
function fixture(): Json {
  return {
    'schemas/banks.schema.json': {
      $schema: DIALECT,
      $id: 'banks',
      title: 'Banco',
      type: 'object',
      'x-resource': { name: 'banks', service: 'accounts-payable', path: 'banks', titlePlural: 'Bancos', labelField: 'name', searchFields: ['name'] },
      properties: {
        ispb: { type: 'string', title: 'ISPB', pattern: '^\\d{8}$', 'x-unique': true },
        name: { type: 'string', title: 'Nome reduzido', maxLength: 80 },
        active: { type: 'boolean', title: 'Ativo' },
      },
      required: ['ispb', 'name'],
      additionalProperties: false,
    },
    'schemas/bank-accounts.schema.json': {
      $schema: DIALECT,
      $id: 'bank-accounts',
      title: 'Conta financeira',
      type: 'object',
      'x-resource': { name: 'bank-accounts', service: 'accounts-payable', path: 'bank-accounts', titlePlural: 'Contas Financeiras', labelField: 'name' },
      properties: {
        name: { type: 'string', title: 'Apelido' },
        type: { type: 'string', title: 'Tipo', oneOf: [{ const: 'CAIXA', title: 'Caixa' }, { const: 'CONTA_CORRENTE', title: 'Conta corrente' }] },
        bankId: { type: ['string', 'null'], title: 'Banco', format: 'uuid', 'x-ref': 'banks' },
        openingBalance: { type: 'integer', title: 'Saldo de abertura', format: 'money' },
      },
      required: ['name', 'type'],
      additionalProperties: false,
    },
    'screens/banks/screen.json': {
      resource: 'banks',
      route: { base: '/configuracoes/bancos', idParam: 'bankId' },
      list: { columns: [{ field: 'ispb' }, { field: 'name' }, { field: 'active' }], search: true, filters: [{ field: 'active', operator: 'eq', default: true }] },
      form: { sections: [{ title: 'Banco', fields: ['ispb', 'name', 'active'] }] },
      view: { related: [{ resource: 'bank-accounts', foreignKey: 'bankId', columns: ['name'] }], history: true },
    },
    'screens/bank-accounts/screen.json': {
      resource: 'bank-accounts',
      route: { base: '/contas-financeiras', idParam: 'bankAccountId', list: '/lista' },
      list: {
        columns: [{ field: 'name' }, { field: 'createdAt' }],
        rowActions: ['view', { key: 'statement', label: 'Extrato', scope: 'read', to: '/contas-financeiras/{bankAccountId}/extrato' }],
      },
      form: { rules: [{ when: { field: 'type', op: 'eq', value: 'CAIXA' }, effect: 'hide', fields: ['bankId'] }] },
    },
  };
}

/** The problem lines a broken fixture produces. */
function problems(files: MetadataFiles): string[] {
  try {
    loadMetadata(files);
  } catch (e) {
    if (e instanceof MetadataError) return e.message.split('\n').slice(1);
    throw e;
  }
  return [];
}

const broken = (edit: (f: Json) => void) => {
  const f = fixture();
  edit(f);
  return problems(f);
};

describe('loadMetadata', () => {
  it('returns resources, compiled validators and screens of a valid folder', () => {
    const m = loadMetadata(fixture());
    expect(Object.keys(m.resources)).toEqual(['banks', 'bank-accounts']);
    expect(Object.keys(m.screens)).toEqual(['banks', 'bank-accounts']);
    expect(m.compiled.banks.validate({ ispb: '1', name: 'x' })).toEqual({ ispb: ['Formato inválido.'] });
  });

  it('accepts Vite glob keys (any prefix before schemas/ or screens/)', () => {
    const f = Object.fromEntries(Object.entries(fixture()).map(([k, v]) => [`../../${k}`, v]));
    expect(Object.keys(loadMetadata(f).screens)).toEqual(['banks', 'bank-accounts']);
  });

  it('x-fill: siblings of the reference and fields of the referenced resource, named when wrong', () => {
    const fill = (map: Record<string, string>) => broken((f) => {
      f['schemas/bank-accounts.schema.json'].properties.bankId['x-fill'] = map;
    });
    expect(fill({ name: 'name' })).toEqual([]);
    expect(fill({ nome: 'name', openingBalance: 'ispbx' })).toEqual([
      'schemas/bank-accounts.schema.json: /properties/bankId/x-fill/nome: campo vizinho "nome" não existe neste objeto',
      'schemas/bank-accounts.schema.json: /properties/bankId/x-fill/openingBalance: campo "ispbx" não existe em schemas/banks.schema.json',
    ]);
  });

  it('names the file and JSON path of a column that is not a field', () => {
    expect(broken((f) => (f['screens/banks/screen.json'].list.columns[2].field = 'nome'))).toEqual([
      'screens/banks/screen.json: /list/columns/2/field: campo "nome" não existe em schemas/banks.schema.json — você quis dizer "name"?',
    ]);
  });

  it('reports meta-schema violations of a schema file in pt-BR', () => {
    expect(
      broken((f) => {
        const s = f['schemas/banks.schema.json'];
        s.properties.ispb.format = 'cnjp';
        s.properties.name = { type: 'string', titel: 'Nome' };
        s.properties.id = { type: 'string', title: 'Id' };
        s.properties.total = { type: 'string', title: 'Total', format: 'money' };
        s.additionalProperties = true;
      }),
    ).toEqual([
      'schemas/banks.schema.json: /properties/id: campo de sistema: o motor já o fornece (id, createdAt, createdBy, updatedAt, updatedBy, version)',
      expect.stringMatching(/^schemas\/banks.schema.json: \/properties\/ispb\/format: formato fora do nosso vocabulário \(docs\/schemas.md\): cpf, cnpj/),
      'schemas/banks.schema.json: /properties/name/titel: chave não permitida aqui — você quis dizer "title"?',
      'schemas/banks.schema.json: /properties/name: toda propriedade tem "type" e "title" (rótulo pt-BR)',
      'schemas/banks.schema.json: /properties/total/type: o formato pede "type": "integer" (ou ["integer", "null"]) — dinheiro é inteiro em centavos',
      'schemas/banks.schema.json: /additionalProperties: todo recurso usa "additionalProperties": false (campos desconhecidos são rejeitados)',
    ]);
  });

  it('checks names and references inside a schema file', () => {
    expect(
      broken((f) => {
        const s = f['schemas/bank-accounts.schema.json'];
        s.$id = 'contas';
        s['x-resource'].labelField = 'nome';
        s.properties.bankId['x-ref'] = 'bancos';
        s.properties.name['x-unique'] = ['organizationId'];
        s.properties.name['x-readonly-after'] = 'APROVADO';
        s.required.push('bankid');
        s['x-resource'].defaultSort = 'name,-criado';
      }),
    ).toEqual([
      'schemas/bank-accounts.schema.json: /$id: deve ser "bank-accounts" (o nome do arquivo)',
      'schemas/bank-accounts.schema.json: /x-resource/labelField: campo "nome" não existe em properties — você quis dizer "name"?',
      'schemas/bank-accounts.schema.json: /x-resource/defaultSort: campo "criado" não existe em properties',
      'schemas/bank-accounts.schema.json: /properties/name/x-unique/0: campo "organizationId" não existe em properties',
      'schemas/bank-accounts.schema.json: /properties/name/x-readonly-after: o recurso não tem campo de status com enum/oneOf ("status")',
      'schemas/bank-accounts.schema.json: /properties/bankId/x-ref: recurso "bancos" não existe (schemas/bancos.schema.json) — você quis dizer "banks"?',
      'schemas/bank-accounts.schema.json: /required/2: campo obrigatório "bankid" não está em properties',
    ]);
  });

  it('accepts x-file only on a uuid string without x-ref, as true or "image"', () => {
    const ok = fixture();
    ok['schemas/bank-accounts.schema.json'].properties.contractFileId = { type: ['string', 'null'], title: 'Contrato', format: 'uuid', 'x-file': true };
    ok['schemas/banks.schema.json'].properties.logoFileId = { type: 'string', title: 'Logotipo', format: 'uuid', 'x-file': 'image' };
    expect(problems(ok)).toEqual([]);
    expect(
      broken((f) => {
        const s = f['schemas/bank-accounts.schema.json'];
        s.properties.name['x-file'] = true;
        s.properties.bankId['x-file'] = true;
        s.properties.type['x-file'] = 'pdf';
      }),
    ).toEqual([
      'schemas/bank-accounts.schema.json: /properties/type/x-file: use true (qualquer arquivo aceito) ou "image" (só imagens)',
    ]);
    expect(
      broken((f) => {
        const s = f['schemas/bank-accounts.schema.json'];
        s.properties.name['x-file'] = true;
        s.properties.bankId['x-file'] = true;
      }),
    ).toEqual([
      'schemas/bank-accounts.schema.json: /properties/name/x-file: um campo x-file guarda o id de um arquivo: "type": "string" com "format": "uuid", sem x-ref',
      'schemas/bank-accounts.schema.json: /properties/bankId/x-file: um campo x-file guarda o id de um arquivo: "type": "string" com "format": "uuid", sem x-ref',
    ]);
  });

  it('checks screen filters, conditions, actions, sections and related lists', () => {
    expect(
      broken((f) => {
        const banks = f['screens/banks/screen.json'];
        banks.list.filters.push({ field: 'name', operator: 'between' }, { field: 'active', operator: 'eq', default: 'sim' });
        banks.form.sections = [{ title: 'Banco', fields: ['name', 'id'] }, { title: 'Outro', fields: ['name'] }];
        banks.view.related[0].foreignKey = 'name';
        const accounts = f['screens/bank-accounts/screen.json'];
        accounts.form.rules[0].when = { any: [{ field: 'type', op: 'eq', value: 'CAXIA' }, { field: 'type', op: 'in', value: 'CAIXA' }] };
        accounts.list.rowActions[1].to = '/contas-financeiras/{bankId}/extrato';
      }),
    ).toEqual([
      'screens/banks/screen.json: /list/filters/1/operator: "between" pede número, dinheiro ou data; "name" não é',
      'screens/banks/screen.json: /list/filters/2/default: "sim" não é um valor válido para "active" (Deve ser verdadeiro ou falso.)',
      'screens/banks/screen.json: /form/sections/0/fields/1: campo de sistema "id" não é editável',
      'screens/banks/screen.json: /form/sections/1/fields/0: campo "name" já está em /form/sections/0',
      'screens/banks/screen.json: /form/sections: campo obrigatório "ispb" não está em nenhuma seção',
      'screens/banks/screen.json: /view/related/0/foreignKey: "name" não referencia banks (x-ref: nenhum)',
      'screens/bank-accounts/screen.json: /list/rowActions/1/to: parâmetro {bankId} desconhecido; a rota desta tela usa {bankAccountId}',
      'screens/bank-accounts/screen.json: /form/rules/0/when/any/0/value: "CAXIA" não é um valor válido para "type" (Escolha uma das opções.)',
      'screens/bank-accounts/screen.json: /form/rules/0/when/any/1/value: "in" pede uma lista de valores',
    ]);
  });

  it('checks the record page actions like row actions', () => {
    expect(
      broken((f) => {
        f['screens/bank-accounts/screen.json'].view = { actions: [
          { key: 'statement', label: 'Extrato', scope: 'read', to: '/contas-financeiras/{bankId}/extrato' },
          { key: 'finance.close', label: 'Encerrar', scope: 'update', when: { field: 'type', op: 'eq', value: 'CAXIA' } },
        ] };
      }),
    ).toEqual([
      'screens/bank-accounts/screen.json: /view/actions/0/to: parâmetro {bankId} desconhecido; a rota desta tela usa {bankAccountId}',
      'screens/bank-accounts/screen.json: /view/actions/1/when/value: "CAXIA" não é um valor válido para "type" (Escolha uma das opções.)',
    ]);
  });

  it('reports screen meta-schema errors, unknown resources, duplicate routes and stray files', () => {
    expect(
      broken((f) => {
        f['screens/banks/screen.json'].route.base = '/configuracoes/bancos/';
        f['screens/banks/screen.json'].list.rowActions = ['open'];
        f['screens/bank-accounts/screen.json'].route.base = '/configuracoes/bancos/';
        f['screens/extra/screen.json'] = { resource: 'suppliers', route: { base: '/fornecedores', idParam: 'supplierId' } };
        f['screens/banks/list.json'] = {};
      }),
    ).toEqual([
      'screens/banks/screen.json: /route/base: caminho com / e segmentos kebab-case (ou {parâmetroId} numa tela aninhada), começando por um segmento fixo, sem barra no fim (ex.: /configuracoes/bancos)',
      'screens/banks/screen.json: /list/rowActions/0: ação embutida (view, edit, delete) ou objeto { key, label, scope, … }',
      'screens/bank-accounts/screen.json: /route/base: caminho com / e segmentos kebab-case (ou {parâmetroId} numa tela aninhada), começando por um segmento fixo, sem barra no fim (ex.: /configuracoes/bancos)',
      'screens/banks/list.json: /: arquivo não reconhecido: use schemas/<recurso>.schema.json, screens/<tela>/screen.json ou hubs/<painel>.json',
      'screens/extra/screen.json: /resource: recurso "suppliers" não existe (schemas/suppliers.schema.json)',
    ]);
    expect(
      broken((f) => (f['screens/bank-accounts/screen.json'].route.base = '/configuracoes/bancos')),
    ).toEqual(['screens/bank-accounts/screen.json: /route/base: rota "/configuracoes/bancos" já usada por screens/banks/screen.json']);
  });

  describe('nested screens (route.parent)', () => {
    /** bank-accounts as the children of one bank: /configuracoes/bancos/{bankId}/contas. */
    const nested = (edit: (accounts: Json, f: Json) => void = () => {}) => {
      const f = fixture();
      const accounts = f['screens/bank-accounts/screen.json'];
      accounts.route = { base: '/configuracoes/bancos/{bankId}/contas', idParam: 'bankAccountId', parent: { param: 'bankId', field: 'bankId', screen: 'banks' } };
      accounts.list.rowActions[1].to = '/configuracoes/bancos/{bankId}/contas/{bankAccountId}/extrato';
      edit(accounts, f);
      return f;
    };

    it('accepts a child screen whose base names the parent id', () => {
      expect(problems(nested())).toEqual([]);
      expect(loadMetadata(nested()).screens['bank-accounts'].route.parent).toEqual({ param: 'bankId', field: 'bankId', screen: 'banks' });
    });

    it('accepts a list rowLink to another screen with {id}, route params and fields', () => {
      expect(problems(nested((a) => (a.list.rowLink = '/configuracoes/bancos/{bankId}/contas/{id}/{type}')))).toEqual([]);
      expect(problems(nested((a) => (a.list.rowLink = '/contas/{conta}')))).toEqual([
        'screens/bank-accounts/screen.json: /list/rowLink: parâmetro {conta} desconhecido: use {id}, {bankId}, {bankAccountId} ou um campo de schemas/bank-accounts.schema.json',
      ]);
    });

    it('names each wrong piece of route.parent', () => {
      expect(problems(nested((a) => (a.route.parent = { param: 'bancoId', field: 'name', screen: 'bancos' })))).toEqual([
        'screens/bank-accounts/screen.json: /route/parent/param: {bancoId} não aparece em route.base "/configuracoes/bancos/{bankId}/contas"',
        'screens/bank-accounts/screen.json: /route/parent/field: "name" não é uma referência (x-ref) em schemas/bank-accounts.schema.json',
        'screens/bank-accounts/screen.json: /route/parent/screen: tela "bancos" não existe (screens/bancos/screen.json)',
        'screens/bank-accounts/screen.json: /route/base: parâmetro {bankId} não vem de route.parent: só {bancoId} são conhecidos',
      ]);
      expect(problems(nested((a) => (a.route.parent = { param: 'bankId', field: 'banco' })))).toEqual([
        'screens/bank-accounts/screen.json: /route/parent/field: campo "banco" não existe em schemas/bank-accounts.schema.json',
      ]);
      expect(problems(nested((a) => (a.route.parent.screen = 'bank-accounts')))).toEqual([
        'screens/bank-accounts/screen.json: /route/parent/screen: uma tela não pode ser mãe de si mesma',
      ]);
    });

    it('requires route.parent for a parameter in the base, and an id name of its own', () => {
      expect(problems(nested((a) => delete a.route.parent))).toEqual([
        'screens/bank-accounts/screen.json: /route/base: parâmetro {bankId} na base pede route.parent: { "param": "bankId", "field": "<campo x-ref>", "screen": "<tela-mãe>" }',
      ]);
      expect(problems(nested((a) => (a.route.idParam = 'bankId')))).toEqual([
        'screens/bank-accounts/screen.json: /route/idParam: "bankId" já é um parâmetro de route.base; use outro nome para o id desta tela',
        'screens/bank-accounts/screen.json: /list/rowActions/1/to: parâmetro {bankAccountId} desconhecido; a rota desta tela usa {bankId}, {bankId}',
      ]);
      expect(problems(nested((a) => (a.route.base = '/{bankId}/contas')))).toEqual([
        'screens/bank-accounts/screen.json: /route/base: caminho com / e segmentos kebab-case (ou {parâmetroId} numa tela aninhada), começando por um segmento fixo, sem barra no fim (ex.: /configuracoes/bancos)',
      ]);
    });

    it('checks that the parent screen shows the referenced resource, and grandparent params', () => {
      const f = nested((a, files) => {
        files['screens/other-banks/screen.json'] = { resource: 'bank-accounts', route: { base: '/outras', idParam: 'otherId' } };
        a.route.parent.screen = 'other-banks';
        a.route.base = '/x/{grandId}/{bankId}/contas';
      });
      expect(problems(f)).toEqual([
        'screens/bank-accounts/screen.json: /route/parent/screen: a tela "other-banks" mostra bank-accounts, mas "bankId" referencia banks',
        'screens/bank-accounts/screen.json: /route/base: parâmetro {grandId} não vem de route.parent: só {bankId} são conhecidos',
      ]);
    });

    it('reports pages of two screens that match the same URLs', () => {
      // A nested base redirected to its list (`/empresas/{companyTypeId}` → `/lista`) takes that path on purpose:
      // the redirect wins over the parent's view route (route-table.ts), so it is not reported.
      const f = nested((a) => (a.route = { base: '/configuracoes/bancos/{bankId}', idParam: 'bankAccountId', list: '/lista', parent: { param: 'bankId', field: 'bankId', screen: 'banks' } }));
      f['screens/bank-accounts/screen.json'].list.rowActions.pop();
      expect(problems(f)).toEqual([]);
      // Without the redirect, the nested list itself would sit on the parent's view path: reported.
      const g = nested((a) => (a.route = { base: '/configuracoes/bancos/{bankId}', idParam: 'bankAccountId', parent: { param: 'bankId', field: 'bankId' } }));
      g['screens/bank-accounts/screen.json'].list.rowActions.pop();
      expect(problems(g)).toEqual([
        'screens/banks/screen.json: /route: a página /configuracoes/bancos/:bankId coincide com /configuracoes/bancos/:bankId de screens/bank-accounts/screen.json',
      ]);
    });
  });

  describe('hub pages (hubs/<painel>.json)', () => {
    const hub = (cards: Json[], path = '/configuracoes') => ({ path, title: 'Configurações', description: 'Cadastros do sistema.', sections: [{ title: 'Cadastros', cards }] });
    const bancos = { title: 'Bancos', description: 'Instituições financeiras.', path: '/configuracoes/bancos', icon: 'BankOutlined' };
    const withHubs = (hubs: Record<string, Json>) => ({ ...fixture(), ...Object.fromEntries(Object.entries(hubs).map(([k, v]) => [`hubs/${k}.json`, v])) });

    it('loads hubs whose cards open screen lists, other hubs and marked plugin pages', () => {
      const m = loadMetadata(withHubs({
        configuracoes: hub([bancos, { title: 'Contas', description: 'Contas financeiras.', path: '/contas-financeiras', resource: ['bank-accounts', 'banks'] },
          { title: 'Mais', description: 'Outro painel.', path: '/configuracoes/mais' }, { title: 'Conta', description: 'Seus dados.', path: '/minha-conta', pluginPage: true }]),
        mais: hub([bancos], '/configuracoes/mais'),
      }));
      expect(Object.keys(m.hubs)).toEqual(['configuracoes', 'mais']);
      expect(m.hubs.configuracoes.sections[0].cards).toHaveLength(4);
    });

    it('reports meta-schema errors of a hub file in pt-BR', () => {
      expect(problems(withHubs({ configuracoes: { path: '/configuracoes/', title: ' Configurações', sections: [{ title: 'A', cards: [{ title: 'B', path: '/x', icon: 'bank', resource: 'Banks' }] }] } }))).toEqual([
        'hubs/configuracoes.json: /path: caminho com / e segmentos kebab-case, sem barra no fim (ex.: /configuracoes/bancos)',
        'hubs/configuracoes.json: /title: rótulo sem espaços nas pontas',
        'hubs/configuracoes.json: /sections/0/cards/0: falta "description"',
        'hubs/configuracoes.json: /sections/0/cards/0/icon: nome de ícone do @ant-design/icons (ex.: BankOutlined)',
        'hubs/configuracoes.json: /sections/0/cards/0/resource: recurso de permissão em kebab-case, ou uma lista deles',
      ]);
    });

    it('names cards that open nothing known, repeated cards, and paths taken by screens or other hubs', () => {
      expect(problems(withHubs({
        configuracoes: hub([
          { ...bancos, path: '/configuracoes/bancoss' },
          { ...bancos, path: '/configuracoes/bancos/adicionar' },
          bancos,
          { ...bancos, pluginPage: true },
          { ...bancos, path: '/configuracoes' },
        ]),
        outro: hub([bancos], '/configuracoes'),
        bancos: hub([bancos], '/configuracoes/bancos/123'),
      }))).toEqual([
        'hubs/outro.json: /path: caminho "/configuracoes" já usado por hubs/configuracoes.json',
        'hubs/bancos.json: /path: caminho "/configuracoes/bancos/123" já é uma página de screens/banks/screen.json',
        'hubs/configuracoes.json: /sections/0/cards/0/path: "/configuracoes/bancoss" não é a lista de nenhuma tela (screens/*/screen.json) nem um painel (hubs/*.json); numa página de plugin, marque "pluginPage": true',
        'hubs/configuracoes.json: /sections/0/cards/1/path: "/configuracoes/bancos/adicionar" não é a lista de uma tela (é uma página de screens/banks/screen.json); aponte para a lista',
        'hubs/configuracoes.json: /sections/0/cards/3/path: "/configuracoes/bancos" já tem cartão em /sections/0/cards/2',
        'hubs/configuracoes.json: /sections/0/cards/3/pluginPage: sobra: "/configuracoes/bancos" é de screens/banks/screen.json',
        'hubs/configuracoes.json: /sections/0/cards/4/path: o cartão aponta para o próprio painel',
      ]);
    });
  });
});
