import type { DemoArea } from './types.ts';

/**
 * Catalogues of the procurement settings (docs/resources-procurement.md): order types, a purchasing group,
 * project types and two projects, and the demo organization's procurement settings at the defaults. Plain
 * configuration data, inserted once and left to the administrators afterwards.
 */
const area: DemoArea = {
  key: 'procurement-catalogs@1',
  async run({ q, orgId, adminId, today }) {
    const has = async (table: string) => (await q.query(`SELECT to_regclass($1) AS t`, [table])).rows[0]?.t !== null;
    if (!(await has('order_types')) || !(await has('projects'))) return;
    await q.query(
      `INSERT INTO order_types (name, kind, requires_quote, position, description, active, created_by, updated_by)
       SELECT v.name, v.kind, v.quote, v.pos, v.description, true, $1, $1
         FROM (VALUES ('Material de consumo', 'CONSUMO', true, 10, 'Papelaria, limpeza, copa: consumidos na rotina.'),
                      ('Serviço', 'SERVICO', true, 20, 'Manutenção, consultoria, transporte.'),
                      ('Ativo imobilizado', 'ATIVO', true, 30, 'Equipamentos e móveis que entram no patrimônio.'),
                      ('Reposição de estoque', 'ESTOQUE', false, 40, 'Itens de estoque mínimo, com fornecedor contratado.')) AS v(name, kind, quote, pos, description)
        WHERE NOT EXISTS (SELECT 1 FROM order_types)`,
      [adminId],
    );
    const buyers = await q.query<{ id: string }>(`SELECT id FROM users WHERE email = 'compras@demo.com.br'`);
    const departments = await q.query<{ id: string }>(`SELECT id FROM product_categories WHERE parent_id IS NULL AND deleted_at IS NULL ORDER BY position, name LIMIT 3`);
    await q.query(
      `INSERT INTO order_groups (organization_id, name, buyer_ids, product_category_ids, email, active, created_by, updated_by)
       SELECT $1, 'Compras gerais', $2::jsonb, $3::jsonb, 'compras@demo.com.br', true, $4, $4 WHERE NOT EXISTS (SELECT 1 FROM order_groups)`,
      [orgId, JSON.stringify(buyers.rows.map((r) => r.id)), JSON.stringify(departments.rows.map((r) => r.id)), adminId],
    );
    await q.query(
      `INSERT INTO project_types (name, description, capitalizable, active, created_by, updated_by)
       SELECT v.name, v.description, v.cap, true, $1, $1
         FROM (VALUES ('Obra e reforma', 'Reformas das instalações.', true), ('Implantação de sistema', 'Projetos de software e infraestrutura.', true), ('Evento', 'Feiras, convenções e treinamentos.', false)) AS v(name, description, cap)
        WHERE NOT EXISTS (SELECT 1 FROM project_types)`,
      [adminId],
    );
    const cc = await q.query<{ id: string }>(`SELECT id FROM cost_centers WHERE organization_id = $1 AND type = 'A' AND deleted_at IS NULL ORDER BY code LIMIT 1`, [orgId]);
    await q.query(
      `INSERT INTO projects (organization_id, code, name, project_type_id, cost_center_id, start_date, end_date, budget, status, created_by, updated_by)
       SELECT $1, v.code, v.name, (SELECT id FROM project_types WHERE name = v.type), $2, $3::date - v.started, $3::date + v.ends, v.budget, v.status, $4, $4
         FROM (VALUES ('REFORMA-SEDE', 'Reforma do 3º andar da sede', 'Obra e reforma', 60, 120, 18000000::bigint, 'EM_ANDAMENTO'),
                      ('ERP-2027', 'Implantação do novo ERP', 'Implantação de sistema', 0, 300, 45000000::bigint, 'PLANEJADO')) AS v(code, name, type, started, ends, budget, status)
        WHERE NOT EXISTS (SELECT 1 FROM projects)`,
      [orgId, cc.rows[0]?.id ?? null, today, adminId],
    );
    await q.query(
      `INSERT INTO procurement_settings (organization_id, over_receipt_percent, quantity_tolerance_percent, price_tolerance_percent, total_tolerance_amount,
                                         discount_rate_percent, portal_link_days, created_by, updated_by)
       SELECT $1, 5, 0, 1, 1000, 1, 30, $2, $2 WHERE NOT EXISTS (SELECT 1 FROM procurement_settings WHERE organization_id = $1)`,
      [orgId, adminId],
    );
  },
};
export default area;
