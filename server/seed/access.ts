import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../db/index.ts';

/** The application every seeded resource and policy belongs to. */
export const BACK_OFFICE = { name: 'back-office', title: 'Back Office' };

const CRUD = ['create', 'read', 'update', 'delete'];
/** Workflow scopes where the module has such a step (architecture §6). */
export const EXTRA_SCOPES: Record<string, string[]> = {
  orders: ['approve', 'export'],
  quotes: ['approve', 'export'],
  'purchase-orders': ['approve', 'export'],
  invoices: ['approve', 'export'],
  payables: ['approve', 'authorize', 'export'],
  receivables: ['export'],
  'payable-installment-authorizes': ['authorize', 'export'],
  'approval-requests': ['approve'],
  'payable-installments': ['export'],
  'receivable-installments': ['export'],
  'bank-transactions': ['export'],
  reconcilables: ['export'],
  'account-balances': ['export'],
  'bank-accounts': ['export'],
  'chart-accounts': ['export'],
  'ledger-accounts': ['export'],
  products: ['export'],
  'accounting-reports': ['export'],
  'analytical-reports': ['export'],
  'cash-flows': ['export'],
};
/** Sub-entries of "Aplicação" in the spec's navigation that are not modules of their own, and the access screens' parts. */
const APPLICATION_RESOURCES = [
  { name: 'application-resources', title: 'Recursos' },
  { name: 'application-acls', title: 'Grupos de Agências' },
  { name: 'application-acl-items', title: 'Itens de grupos de agências' },
  { name: 'application-policies', title: 'Políticas' },
  { name: 'user-group-members', title: 'Membros de perfis de usuário' },
  { name: 'user-group-policies', title: 'Políticas de perfis de usuário' },
];

/** The reports of the general ledger (issue 12, docs/reports.md): permissions of their own, not schema resources. */
export const REPORT_RESOURCES = [
  { name: 'accounting-reports', title: 'Demonstrativos contábeis (DRE, DFC, balanço)' },
  { name: 'cash-flows', title: 'Fluxo de caixa' },
  { name: 'analytical-reports', title: 'Relatório analítico' },
  { name: 'ledger-closings', title: 'Fechamentos contábeis' },
];
const REPORTS_READ = ['accounting-reports', 'cash-flows', 'analytical-reports'].map((name) => ({ name, scopes: ['read', 'export'] }));

/** A demo "Grupo de Agências": the demo organization (no policy uses it, so it restricts no one). */
const SEED_ACL = { name: 'matriz', title: 'Matriz', scopes: ['read'] };

const CREATE_READ_UPDATE = ['create', 'read', 'update'];
/** The parcelas of contas a pagar and a receber, for those who keep the lançamentos (issue 17: no 403 on them). */
const FINANCE_INSTALLMENTS = [
  { name: 'payable-installments', scopes: ['read', 'update', 'export'] },
  { name: 'receivable-installments', scopes: ['read', 'update', 'export'] },
];
/** What a finance screen's forms and record pages show by reference (read only). */
const FINANCE_REFERENCES = ['companies', 'company-types', 'departments', 'organizations', 'users', 'cost-centers', 'expense-categories', 'revenue-categories', 'banks', 'approvals']
  .map((name) => ({ name, scopes: ['read'] }));

export const SEED_POLICIES = [
  {
    name: 'Compras',
    description: 'Pedidos, cotações, ordens de compra, entregas e faturamentos: incluir, consultar e alterar; o catálogo e o carrinho.',
    resources: [
      ...['orders', 'quotes', 'purchase-orders', 'receipts', 'invoices'].map((name) => ({ name, scopes: CREATE_READ_UPDATE })),
      // The payable of a purchase is in the buyer's name: they confirm it in the Fila do Solicitante.
      { name: 'payable-requestors', scopes: ['read', 'update'] },
      // Read-only references of the purchasing screens, the catalogue and the quotes' proposals.
      ...['quote-requests', 'products', 'product-categories', 'product-variants', 'product-media', 'companies', 'company-types', 'cost-centers', 'departments', 'expense-categories', 'organizations', 'procurement-settings'].map(
        (name) => ({ name, scopes: ['read'] }),
      ),
    ],
  },
  {
    name: 'Aprovação de compras',
    description: 'Aprovar ou reprovar pedidos, ordens de compra e notas com divergência, nas filas de aprovação e diretamente.',
    resources: [
      ...['orders', 'purchase-orders', 'invoices'].map((name) => ({ name, scopes: ['read', 'approve'] })),
      { name: 'approval-requests', scopes: ['create', 'read', 'approve'] },
      ...['quotes', 'quote-requests', 'receipts', 'products', 'companies', 'cost-centers', 'departments', 'expense-categories', 'organizations', 'approvals'].map((name) => ({ name, scopes: ['read'] })),
    ],
  },
  {
    name: 'Financeiro',
    description: 'Contas a pagar e a receber, filas de pagamento e aprovação, contas financeiras e cadastros financeiros.',
    resources: [
      { name: 'payables', scopes: [...CRUD, 'approve', 'export'] },
      { name: 'receivables', scopes: [...CRUD, 'export'] },
      { name: 'payable-requestors', scopes: CREATE_READ_UPDATE },
      // The parcelas of the lançamentos it keeps (record page section, /parcelamentos): due dates, accounts.
      ...FINANCE_INSTALLMENTS,
      // Authorizing payments is kept apart from creating payables (segregation of duties stays possible).
      { name: 'payable-installment-authorizes', scopes: ['create', 'read', 'authorize', 'export'] },
      { name: 'bank-accounts', scopes: [...CRUD, 'export'] },
      { name: 'banks', scopes: CREATE_READ_UPDATE },
      { name: 'cost-centers', scopes: CREATE_READ_UPDATE },
      { name: 'expense-categories', scopes: CRUD },
      { name: 'revenue-categories', scopes: CRUD },
      { name: 'approval-requests', scopes: ['create', 'read', 'approve'] },
      { name: 'company-bills', scopes: [...CRUD, 'export'] },
      { name: 'account-balances', scopes: [...CRUD, 'export'] },
      ...REPORTS_READ,
      { name: 'ledger-closings', scopes: ['create', 'read', 'delete'] },
      // Bank reconciliation: import statements, match and reconcile (docs/reconciliation.md).
      { name: 'reconcilables', scopes: ['create', 'read', 'update', 'export'] },
      { name: 'statement-imports', scopes: ['read'] },
      { name: 'reconciliation-rules', scopes: CRUD },
      // Manual movements (fees, yields, the rest of a split): reclassified from the statement (D88).
      { name: 'bank-transactions', scopes: ['read', 'update', 'export'] },
      // Read-only references of the finance forms and reports.
      ...['companies', 'company-types', 'departments', 'organizations', 'users', 'ledger-accounts', 'chart-accounts', 'accounting-groups'].map((name) => ({
        name,
        scopes: ['read'],
      })),
    ],
  },
  {
    name: 'Tesouraria',
    description: 'Autoriza e paga as parcelas aprovadas (Fila de Pagamentos), recebe e estorna; consulta contas a pagar e a receber, contas financeiras e extratos. Não registra nem aprova despesas (segregação de funções).',
    resources: [
      { name: 'payable-installment-authorizes', scopes: ['create', 'read', 'authorize', 'export'] },
      { name: 'payables', scopes: ['read', 'export'] },
      { name: 'receivables', scopes: ['read', 'update', 'export'] },
      ...FINANCE_INSTALLMENTS,
      { name: 'bank-accounts', scopes: ['create', 'read', 'export'] },
      { name: 'bank-transactions', scopes: ['read', 'export'] },
      { name: 'payment-batches', scopes: ['read'] },
      { name: 'account-balances', scopes: ['read', 'export'] },
      { name: 'reconcilables', scopes: ['create', 'read', 'update', 'export'] },
      { name: 'statement-imports', scopes: ['read'] },
      { name: 'reconciliation-rules', scopes: CRUD },
      ...FINANCE_REFERENCES,
    ],
  },
  {
    name: 'Diretoria',
    description: 'Aprova contas a pagar (diretamente ou na etapa Diretoria das filas de aprovação) e consulta o financeiro. Não registra nem paga.',
    resources: [
      { name: 'approval-requests', scopes: ['create', 'read', 'approve'] },
      { name: 'payables', scopes: ['read', 'approve', 'export'] },
      { name: 'receivables', scopes: ['read', 'export'] },
      { name: 'payable-installments', scopes: ['read', 'export'] },
      { name: 'receivable-installments', scopes: ['read', 'export'] },
      { name: 'bank-accounts', scopes: ['read'] },
      { name: 'account-balances', scopes: ['read'] },
      ...REPORTS_READ,
      ...FINANCE_REFERENCES,
    ],
  },
];

interface Module {
  resourceName?: string;
  title?: string;
  children?: Module[];
}

/**
 * Every permission name the metadata uses: each schema's resource (`titlePlural`) and each screen's
 * `permission`, so a policy can grant any screen of the app.
 */
export async function metadataResources(schemasDir: string): Promise<NamedResource[]> {
  const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  const out: NamedResource[] = [];
  const titles = new Map<string, string>();
  for (const f of (await readdir(schemasDir).catch(() => [])).filter((n) => n.endsWith('.schema.json')).sort()) {
    const x = (await readJson(path.join(schemasDir, f)))['x-resource'] as { name: string; titlePlural: string };
    titles.set(x.name, x.titlePlural);
    out.push({ name: x.name, title: x.titlePlural });
  }
  const screensDir = path.join(schemasDir, '..', 'screens');
  for (const key of (await readdir(screensDir).catch(() => [])).sort()) {
    const screen = await readJson(path.join(screensDir, key, 'screen.json')).catch(() => undefined);
    const permission = screen?.permission;
    if (typeof permission === 'string' && !titles.has(permission)) {
      titles.set(permission, String(screen?.title ?? titles.get(String(screen?.resource)) ?? permission));
      out.push({ name: permission, title: titles.get(permission)! });
    }
  }
  return out;
}

export interface NamedResource {
  name: string;
  title: string;
}

/**
 * Resource names and titles of the app config's navigation modules (children included), the application
 * sub-entries, and `extra` (the schemas' and screens' permission names: `metadataResources`).
 */
export function seedResources(appConfig: Record<string, unknown>, extra: NamedResource[] = []): { name: string; title: string; scopes: string[] }[] {
  const nav = (appConfig.appParams as { composables?: { useModuleNavigation?: { modules?: Module[] } } } | undefined)?.composables
    ?.useModuleNavigation;
  const byName = new Map<string, string>();
  const add = (ms: Module[]) => {
    for (const m of ms) if (m.resourceName && !byName.has(m.resourceName)) byName.set(m.resourceName, m.title ?? m.resourceName);
  };
  // Reports first: several menu entries share one report permission ("Painéis", "DRE", "DFC" and "Balanço" are all
  // `accounting-reports`), and the policy editor should name what the permission covers, not the first entry.
  for (const r of REPORT_RESOURCES) byName.set(r.name, r.title);
  // Top-level titles first ("Aplicações", not the "Configurações" sub-entry that also points at applications).
  add(nav?.modules ?? []);
  add((nav?.modules ?? []).flatMap((m) => m.children ?? []));
  for (const r of [...APPLICATION_RESOURCES, ...REPORT_RESOURCES, ...extra]) if (!byName.has(r.name)) byName.set(r.name, r.title);
  return [...byName].map(([name, title]) => ({ name, title, scopes: [...CRUD, ...(EXTRA_SCOPES[name] ?? [])] }));
}

/**
 * Application, resources, policies and a demo ACL. Existing rows — deleted ones too — are left alone (an
 * administrator may have changed or removed them); resources of modules added later are added.
 */
export async function seedAccessModel(
  q: Queryable,
  appConfig: Record<string, unknown>,
  opts: { extraResources?: NamedResource[]; organizationId?: string } = {},
): Promise<Map<string, string>> {
  await q.query(
    `INSERT INTO applications (name, title, description) SELECT $1, $2, $3
     WHERE NOT EXISTS (SELECT 1 FROM applications WHERE name = $1 AND deleted_at IS NULL) ON CONFLICT DO NOTHING`,
    [BACK_OFFICE.name, BACK_OFFICE.title, 'Compras e finanças.'],
  );
  const { rows } = await q.query<{ id: string }>('SELECT id FROM applications WHERE name = $1 AND deleted_at IS NULL', [BACK_OFFICE.name]);
  const appId = rows[0].id;
  for (const r of seedResources(appConfig, opts.extraResources)) {
    await q.query(
      `INSERT INTO application_resources (application_id, name, title, scopes) SELECT $1, $2, $3, $4::jsonb
       WHERE NOT EXISTS (SELECT 1 FROM application_resources WHERE application_id = $1 AND name = $2) ON CONFLICT DO NOTHING`,
      [appId, r.name, r.title, JSON.stringify(r.scopes)],
    );
  }
  const policyIds = new Map<string, string>();
  for (const p of SEED_POLICIES) {
    await q.query(
      `INSERT INTO application_policies (application_id, name, description, resources) SELECT $1, $2, $3, $4::jsonb
       WHERE NOT EXISTS (SELECT 1 FROM application_policies WHERE application_id = $1 AND name = $2) ON CONFLICT DO NOTHING`,
      [appId, p.name, p.description, JSON.stringify(p.resources)],
    );
    const res = await q.query<{ id: string }>(
      'SELECT id FROM application_policies WHERE application_id = $1 AND name = $2 AND deleted_at IS NULL',
      [appId, p.name],
    );
    if (res.rows[0]) policyIds.set(p.name, res.rows[0].id);
  }
  if (opts.organizationId) {
    const acl = await q.query<{ id: string }>(
      `INSERT INTO application_acls (application_id, name, title, scopes) SELECT $1, $2, $3, $4::jsonb
       WHERE NOT EXISTS (SELECT 1 FROM application_acls WHERE application_id = $1 AND name = $2) ON CONFLICT DO NOTHING RETURNING id`,
      [appId, SEED_ACL.name, SEED_ACL.title, JSON.stringify(SEED_ACL.scopes)],
    );
    if (acl.rows[0]) {
      await q.query(`INSERT INTO application_acl_items (acl_id, kind, organization_id) VALUES ($1, 'organization', $2)`, [
        acl.rows[0].id,
        opts.organizationId,
      ]);
    }
  }
  return policyIds;
}
