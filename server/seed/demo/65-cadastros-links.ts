import type { DemoArea } from './types.ts';

/** Company types that domain.md §2.1 lists and 20-companies did not seed. */
export const EXTRA_COMPANY_TYPES = [
  { name: 'Empresas do grupo', kind: 'PROPRIA', position: 5, description: 'As organizações do grupo cadastradas como empresa: donas dos livros.' },
  { name: 'Outros', kind: 'OUTROS', position: 90, description: 'Quem não se encaixa nos outros tipos (sócios, entidades, avulsos).' },
];

/** Ledger account (standard chart, domain.md §1.4) of each kind of bank account. */
const LEDGER_BY_TYPE: Record<string, string> = {
  CAIXA: '1.1.01.001',
  CONTA_CORRENTE: '1.1.01.002',
  CONTA_POUPANCA: '1.1.01.002',
  CONTA_PAGAMENTO: '1.1.01.002',
  APLICACAO: '1.1.01.003',
};

/** Responsible demo user per cost center code of the demo organization. */
const RESPONSIBLES: [string, string][] = [
  ['01', 'admin@demo.com.br'],
  ['01.01', 'admin@demo.com.br'],
  ['01.02', 'financeiro@demo.com.br'],
  ['03', 'compras@demo.com.br'],
  ['03.01', 'compras@demo.com.br'],
];

/** Expense category of a purchase by the root product department (slug) of the item's product. */
const CATEGORY_BY_ROOT: Record<string, string> = {
  escritorio: '2.06',
  informatica: '7.01',
  moveis: '7.01',
  limpeza: '2.09',
  manutencao: '2.12',
  embalagens: '1.01',
  servicos: '1.02',
};

/**
 * The fields added to the cadastros after the first demo load (docs/resources-cadastros.md), filled on
 * the demo data: the two company types still missing (PROPRIA, OUTROS); each bank account's ledger account
 * in Disponibilidades and its negative-balance setting (the Itaú account has a R$ 50.000,00 overdraft);
 * the responsible person of a few cost centers; the expense category of each order item with a catalogue
 * product, and of each purchase order (the most frequent among its items). Each statement fills only what
 * is empty, so hand-made changes survive.
 */
const area: DemoArea = {
  key: 'cadastros-links@1',
  async run({ q, orgId, adminId }) {
    await q.query(
      `INSERT INTO company_types (name, kind, position, description, active, created_by, updated_by)
       SELECT t.name, t.kind, t.position, t.description, true, $2, $2 FROM jsonb_to_recordset($1::jsonb) AS t(name text, kind text, position int, description text)
        WHERE NOT EXISTS (SELECT 1 FROM company_types c WHERE c.name = t.name AND c.deleted_at IS NULL)`,
      [JSON.stringify(EXTRA_COMPANY_TYPES), adminId],
    );
    await q.query(
      `UPDATE bank_accounts a SET ledger_account_id = la.id
         FROM jsonb_each_text($1::jsonb) AS m(type, code)
         JOIN ledger_accounts la ON la.code = m.code AND la.deleted_at IS NULL
          AND la.chart_account_id = (SELECT id FROM chart_accounts WHERE deleted_at IS NULL ORDER BY created_at LIMIT 1)
        WHERE a.type = m.type AND a.ledger_account_id IS NULL AND a.deleted_at IS NULL`,
      [JSON.stringify(LEDGER_BY_TYPE)],
    );
    await q.query(
      `UPDATE bank_accounts SET allow_negative_balance = (name = 'Itaú Matriz'), overdraft_limit = CASE WHEN name = 'Itaú Matriz' THEN 5000000 END
        WHERE organization_id = $1 AND allow_negative_balance IS NULL`,
      [orgId],
    );
    await q.query(`UPDATE bank_accounts SET allow_negative_balance = false WHERE allow_negative_balance IS NULL`);
    await q.query(
      `UPDATE cost_centers cc SET responsible_id = u.id
         FROM jsonb_to_recordset($2::jsonb) AS r(code text, email text) JOIN users u ON lower(u.email) = r.email
        WHERE cc.organization_id = $1 AND cc.code = r.code AND cc.responsible_id IS NULL AND cc.deleted_at IS NULL`,
      [orgId, JSON.stringify(RESPONSIBLES.map(([code, email]) => ({ code, email })))],
    );
    // Expense category per product: the one of its root department.
    const productCategory = `
      SELECT p.id AS product_id, ec.id AS category_id
        FROM products p JOIN product_categories c ON c.id = p.category_id
        LEFT JOIN product_categories root ON root.id = c.parent_id
        JOIN jsonb_each_text($1::jsonb) AS m(slug, code) ON m.slug = coalesce(root.slug, c.slug)
        JOIN expense_categories ec ON ec.code = m.code AND ec.type = 'A' AND ec.deleted_at IS NULL`;
    await q.query(
      `WITH pc AS (${productCategory})
       UPDATE orders o SET items = (
         SELECT jsonb_agg(CASE WHEN pc.category_id IS NOT NULL AND e.i->>'categoryId' IS NULL THEN e.i || jsonb_build_object('categoryId', pc.category_id) ELSE e.i END ORDER BY e.n)
           FROM jsonb_array_elements(o.items) WITH ORDINALITY AS e(i, n) LEFT JOIN pc ON pc.product_id::text = e.i->>'productId')
        WHERE jsonb_typeof(o.items) = 'array' AND jsonb_array_length(o.items) > 0
          AND EXISTS (SELECT 1 FROM jsonb_array_elements(o.items) x JOIN pc ON pc.product_id::text = x->>'productId' WHERE x->>'categoryId' IS NULL)`,
      [JSON.stringify(CATEGORY_BY_ROOT)],
    );
    await q.query(
      `WITH pc AS (${productCategory})
       UPDATE purchase_orders po SET category_id = (
         SELECT pc.category_id FROM jsonb_array_elements(po.items) x JOIN pc ON pc.product_id::text = x->>'productId'
          GROUP BY pc.category_id ORDER BY count(*) DESC, pc.category_id LIMIT 1)
        WHERE po.category_id IS NULL AND jsonb_typeof(po.items) = 'array'`,
      [JSON.stringify(CATEGORY_BY_ROOT)],
    );
  },
};
export default area;
