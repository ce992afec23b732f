import { COMPANY_TYPES, generateCompanies, type BankRef } from './procurement/companies.ts';
import { hasTable, insertRecords } from './procurement/insert.ts';
import { Random } from './random.ts';
import type { DemoArea } from './types.ts';

const BANK_CODES = ['001', '033', '104', '237', '341', '260', '077', '756', '748', '422'];

/**
 * Empresas: the company types (Fornecedores, Clientes, Prestadores de serviço, Transportadoras,
 * Colaboradores, Órgãos públicos) and ~370 companies of the demo organization across Brazilian cities —
 * valid CNPJs (some alphanumeric) and CPFs, CEP and IBGE code of the city, contacts, bank data and PIX.
 * Deterministic (seeded); a document already registered under the same type is left alone.
 */
const area: DemoArea = {
  key: 'companies@1',
  async run({ q, orgId, adminId }) {
    if (!(await hasTable(q, 'companies')) || !(await hasTable(q, 'company-types'))) return;
    await q.query(
      `INSERT INTO company_types (name, kind, position, description, active, created_by, updated_by)
       SELECT t.name, t.kind, t.position, t.description, true, $2, $2 FROM jsonb_to_recordset($1::jsonb) AS t(name text, kind text, position int, description text)
        WHERE NOT EXISTS (SELECT 1 FROM company_types c WHERE c.name = t.name AND c.deleted_at IS NULL)`,
      [JSON.stringify(COMPANY_TYPES), adminId],
    );
    const types = await q.query<{ id: string; name: string }>('SELECT id, name FROM company_types WHERE deleted_at IS NULL');
    const typeId = new Map(COMPANY_TYPES.map((t) => [t.key as string, types.rows.find((r) => r.name === t.name)!.id]));
    const banks = await q.query<BankRef>(`SELECT id, compe FROM banks WHERE compe = ANY($1::text[]) AND deleted_at IS NULL ORDER BY compe`, [BANK_CODES]);
    const { companies } = generateCompanies(new Random(20_2026), banks.rows);
    const existing = await q.query<{ key: string }>(`SELECT document || '/' || company_type_id AS key FROM companies WHERE organization_id = $1 AND deleted_at IS NULL`, [orgId]);
    const taken = new Set(existing.rows.map((r) => r.key));
    const records = companies
      .map(({ id, companyTypeId, ...c }) => ({ id, organizationId: orgId, companyTypeId: typeId.get(companyTypeId)!, ...c }))
      .filter((c) => !taken.has(`${c.document}/${c.companyTypeId}`));
    await insertRecords(q, 'companies', records, adminId);
  },
};
export default area;
