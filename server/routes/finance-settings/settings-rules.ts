import type { Queryable } from '../../db/index.ts';
import { badRequest, type FieldErrors } from '../../lib/errors.ts';
import type { ResourceHooks, WriteContext } from '../../resources/index.ts';
import { ancestors } from '../../resources/tree.ts';

type Table = 'cost_centers' | 'departments' | 'bank_accounts' | 'companies';

/** Organization of a referenced record (undefined when it does not exist: the reference check reports that). */
export async function organizationOf(q: Queryable, table: Table, id: unknown): Promise<string | undefined> {
  if (typeof id !== 'string') return undefined;
  const { rows } = await q.query<{ organization_id: string }>(`SELECT organization_id FROM ${table} WHERE id = $1::uuid`, [id]);
  return rows[0]?.organization_id;
}

/** Each referenced record (field → table) must belong to the record's organization. */
async function sameOrganization(q: Queryable, record: Record<string, unknown>, refs: Record<string, Table>, errors: FieldErrors): Promise<void> {
  for (const [field, table] of Object.entries(refs)) {
    const org = await organizationOf(q, table, record[field]);
    if (org && org !== record.organizationId) errors[field] = ['Este registro é de outra organização.'];
  }
}

/** Cost centers that receive postings are analytic. */
async function analyticCostCenter(q: Queryable, id: unknown, errors: FieldErrors, field = 'costCenterId'): Promise<void> {
  if (typeof id !== 'string') return;
  const { rows } = await q.query<{ type: string; code: string }>('SELECT type, code FROM cost_centers WHERE id = $1::uuid', [id]);
  if (rows[0]?.type === 'S') errors[field] = [`O centro de custos ${rows[0].code} é sintético: escolha um analítico.`];
}

const done = (errors: FieldErrors) => {
  if (Object.keys(errors).length) throw badRequest(errors);
};

/**
 * Cost centers form a tree per organization (domain.md §2.1): a newly chosen parent is another center of the
 * same organization, synthetic (only synthetic centers group others), and not the center itself or one of
 * its subordinates (the chain of ancestors, deleted ones included, must not reach the center). A center
 * with live subordinates stays synthetic.
 */
async function costCenterRules({ q, def, record, stored, action }: WriteContext): Promise<void> {
  if (action === 'delete') return;
  const errors: FieldErrors = {};
  const parentId = record.parentId;
  const id = stored ? String(stored.id) : undefined;
  if (typeof parentId === 'string' && parentId !== stored?.parentId) {
    const { rows } = await q.query<{ organization_id: string; type: string; code: string }>(
      'SELECT organization_id, type, code FROM cost_centers WHERE id = $1::uuid AND deleted_at IS NULL',
      [parentId],
    );
    const parent = rows[0];
    if (id && parentId === id) errors.parentId = ['Um centro de custos não pode ser superior a si mesmo.'];
    else if (id && (await ancestors(q, def, 'parentId', parentId)).includes(id)) {
      const which = parent ? `O centro de custos ${parent.code}` : 'O centro de custos escolhido';
      errors.parentId = [`${which} é subordinado a este: a hierarquia ficaria circular.`];
    } else if (parent && parent.organization_id !== record.organizationId) errors.parentId = ['O centro de custos superior é de outra organização.'];
    else if (parent && parent.type !== 'S') errors.parentId = [`O centro de custos ${parent.code} é analítico: só centros sintéticos agrupam outros.`];
  }
  if (stored?.type === 'S' && record.type === 'A') {
    const { rows } = await q.query('SELECT 1 FROM cost_centers WHERE parent_id = $1::uuid AND deleted_at IS NULL LIMIT 1', [stored.id]);
    if (rows.length) errors.type = ['Este centro de custos tem subordinados: ele continua sintético.'];
  }
  done(errors);
}

/** A department's default cost center is of its organization and analytic. */
async function departmentRules({ q, record, action }: WriteContext): Promise<void> {
  if (action === 'delete') return;
  const errors: FieldErrors = {};
  await sameOrganization(q, record, { defaultCostCenterId: 'cost_centers' }, errors);
  if (!errors.defaultCostCenterId) await analyticCostCenter(q, record.defaultCostCenterId, errors, 'defaultCostCenterId');
  done(errors);
}

/**
 * Company bills: supplier, cost center, department and paying account are of the bill's organization; category and
 * cost center are analytic (they receive the payables). "The validity ends after it starts" is in the schema
 * (`formatMinimum` with `$data`, docs/schemas.md §3.5), so the form says it too.
 */
async function companyBillRules({ q, record, action }: WriteContext): Promise<void> {
  if (action === 'delete') return;
  const errors: FieldErrors = {};
  await sameOrganization(q, record, { supplierId: 'companies', costCenterId: 'cost_centers', departmentId: 'departments', bankAccountId: 'bank_accounts' }, errors);
  if (!errors.costCenterId) await analyticCostCenter(q, record.costCenterId, errors);
  if (typeof record.expenseCategoryId === 'string') {
    const { rows } = await q.query<{ type: string; code: string }>('SELECT type, code FROM expense_categories WHERE id = $1::uuid', [record.expenseCategoryId]);
    if (rows[0]?.type === 'S') errors.expenseCategoryId = [`A categoria ${rows[0].code} é sintética: escolha uma analítica.`];
  }
  done(errors);
}

/**
 * Approval stages: someone approves (users or user groups), and a substitute covers a dated period, is
 * not already an approver of the stage, and is named only with the period.
 */
async function approvalStageRules({ record, action }: WriteContext): Promise<void> {
  if (action === 'delete') return;
  const errors: FieldErrors = {};
  const users = Array.isArray(record.approverUserIds) ? (record.approverUserIds as string[]) : [];
  const groups = Array.isArray(record.approverGroupIds) ? (record.approverGroupIds as string[]) : [];
  if (!users.length && !groups.length) errors.approverUserIds = ['Informe ao menos um aprovador: usuários ou perfis.'];
  const { substituteUserId: sub, substituteFrom: from, substituteUntil: until } = record;
  if (typeof from === 'string' && typeof until === 'string' && from > until) errors.substituteUntil = ['O fim da substituição deve ser igual ou posterior ao início.'];
  if (typeof sub === 'string' && users.includes(sub)) errors.substituteUserId = ['Esta pessoa já é aprovadora da etapa.'];
  done(errors);
}

export const costCenterHooks: ResourceHooks = { beforeWrite: costCenterRules };
export const departmentHooks: ResourceHooks = { beforeWrite: departmentRules };
export const companyBillHooks: ResourceHooks = { beforeWrite: companyBillRules };
export const approvalStageHooks: ResourceHooks = { beforeWrite: approvalStageRules };
