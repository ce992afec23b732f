import type { Queryable } from '../../db/index.ts';
import { badRequest, HttpError, type FieldErrors } from '../../lib/errors.ts';
import type { ResourceHooks, WriteContext } from '../../resources/index.ts';

interface Entry {
  name: string;
  scopes: string[];
}

interface Declared {
  title: string;
  scopes: string[];
}

/** pt-BR name of a scope, from the schema's labelled options (`resources.items.scopes.items.oneOf`). */
function scopeLabels(ctx: WriteContext, field: string): Map<string, string> {
  const items = ctx.def.schema.properties[field]?.items;
  const options = items?.properties?.scopes?.items?.oneOf ?? items?.oneOf ?? [];
  return new Map(options.map((o) => [String(o.const), o.title]));
}

/** The live resources (or ACLs) of an application: name → title and declared scopes. */
async function declaredOf(q: Queryable, table: 'application_resources' | 'application_acls', applicationId: unknown): Promise<Map<string, Declared>> {
  const { rows } = await q.query<{ name: string; title: string; scopes: string[] }>(
    `SELECT name, title, scopes FROM ${table} WHERE application_id = $1 AND deleted_at IS NULL`,
    [applicationId],
  );
  return new Map(rows.map((r) => [r.name, { title: r.title, scopes: r.scopes }]));
}

/**
 * A policy grants only what its application declares: every entry names a live resource (or ACL) of the
 * same application, once, with scopes that resource declares. Entries without scopes are dropped.
 */
function checkEntries(ctx: WriteContext, field: 'resources' | 'acls', declared: Map<string, Declared>, errors: FieldErrors): void {
  const entries = (ctx.record[field] as Entry[] | undefined) ?? [];
  const labels = scopeLabels(ctx, field);
  const what = field === 'resources' ? { unknown: 'Recurso desconhecido nesta aplicação', repeated: 'Recurso repetido nesta política.', noun: 'O recurso' }
    : { unknown: 'Grupo de agências desconhecido nesta aplicação', repeated: 'Grupo de agências repetido nesta política.', noun: 'O grupo de agências' };
  const seen = new Set<string>();
  entries.forEach((e, i) => {
    const d = declared.get(e.name);
    if (seen.has(e.name)) errors[`${field}.${i}.name`] = [what.repeated];
    else if (!d) errors[`${field}.${i}.name`] = [`${what.unknown}: ${e.name}.`];
    seen.add(e.name);
    const extra = d ? e.scopes.filter((s) => !d.scopes.includes(s)) : [];
    if (extra.length) {
      const names = extra.map((s) => labels.get(s) ?? s).join(', ');
      errors[`${field}.${i}.scopes`] = [`${what.noun} ${d!.title} não declara ${extra.length === 1 ? 'o escopo' : 'os escopos'} ${names}.`];
    }
  });
  ctx.record[field] = entries.filter((e) => e.scopes.length > 0);
}

export const policyHooks: ResourceHooks = {
  async beforeWrite(ctx) {
    if (ctx.action === 'delete') return;
    const errors: FieldErrors = {};
    checkEntries(ctx, 'resources', await declaredOf(ctx.q, 'application_resources', ctx.record.applicationId), errors);
    checkEntries(ctx, 'acls', await declaredOf(ctx.q, 'application_acls', ctx.record.applicationId), errors);
    if (Object.keys(errors).length) throw badRequest(errors);
  },
};

interface Grant {
  policy: string;
  scopes: string[];
}

/** Live policies of the application that grant something on `name` through `field` (resources or acls). */
async function grantsOf(q: Queryable, field: 'resources' | 'acls', applicationId: unknown, name: unknown): Promise<Grant[]> {
  const { rows } = await q.query<Grant>(
    `SELECT p.name AS policy, e->'scopes' AS scopes FROM application_policies p CROSS JOIN LATERAL jsonb_array_elements(p.${field}) e
     WHERE p.application_id = $1 AND p.deleted_at IS NULL AND e->>'name' = $2 ORDER BY p.name`,
    [applicationId, name],
  );
  return rows;
}

/**
 * Resources and ACLs granted by policies keep what those policies use: removing a granted scope → 400 on
 * `scopes` naming the policies; deleting → 409 naming them. The administrator edits the policies first.
 */
function declarationHooks(field: 'resources' | 'acls', noun: string): ResourceHooks {
  return {
    async beforeWrite(ctx) {
      if (ctx.action === 'create') return;
      const grants = await grantsOf(ctx.q, field, ctx.stored!.applicationId, ctx.stored!.name);
      if (ctx.action === 'delete') {
        if (grants.length) {
          throw new HttpError(409, 'IN_USE', `${noun} não pode ser excluído: ele é usado nas políticas ${grants.map((g) => g.policy).join(', ')}.`);
        }
        return;
      }
      const kept = new Set(ctx.record.scopes as string[]);
      const labels = scopeLabels(ctx, 'scopes');
      const lost = grants
        .map((g) => ({ policy: g.policy, scopes: g.scopes.filter((s) => !kept.has(s)) }))
        .filter((g) => g.scopes.length);
      if (lost.length) {
        const list = lost.map((g) => `${g.policy} (${g.scopes.map((s) => labels.get(s) ?? s).join(', ')})`).join('; ');
        throw badRequest({ scopes: [`Escopos concedidos por políticas: ${list}. Retire-os das políticas antes.`] });
      }
    },
  };
}

export const resourceHooks = declarationHooks('resources', 'Este recurso');
export const aclHooks = declarationHooks('acls', 'Este grupo de agências');

/** An ACL item points at one record of its kind: the other reference is cleared. */
export const aclItemHooks: ResourceHooks = {
  async beforeWrite(ctx) {
    if (ctx.action === 'delete') return;
    if (ctx.record.kind === 'organization') ctx.record.costCenterId = null;
    else ctx.record.organizationId = null;
  },
};
