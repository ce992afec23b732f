import { didYouMean } from './did-you-mean.ts';
import { templateParams } from '../routes/route-table.ts';
import { schemaFile } from './check-resource.ts';
import type { Problem } from './metadata-error.ts';
import type { CompiledResource } from './resource.ts';
import type { Condition, CustomAction, ListFilter, ScreenFile, Section } from './screen-types.ts';
import { isSystemField } from './system-fields.ts';
import type { PropertySchema } from './types.ts';

const RANGE_FORMATS = new Set(['date', 'date-time', 'competence', 'money', 'percent']);
const has = (p: PropertySchema, t: string) => p.type === t || (Array.isArray(p.type) && p.type.includes(t as never));

/**
 * Cross-file checks of one screen file against its resource (and related resources). With `screens` (every
 * screen by key), a nested screen's `route.parent.screen` is checked too.
 */
export function checkScreen(
  file: string,
  screen: ScreenFile,
  compiled: Readonly<Record<string, CompiledResource>>,
  known: ReadonlySet<string> = new Set(Object.keys(compiled)),
  screens?: Readonly<Record<string, ScreenFile>>,
): Problem[] {
  const problems: Problem[] = [];
  const add = (pointer: string, message: string) => problems.push({ file, pointer, message });
  const target = compiled[screen.resource];
  if (!target) {
    add('/resource', `recurso "${screen.resource}" não existe (${schemaFile(screen.resource)})${didYouMean(screen.resource, known)}`);
    return problems;
  }
  const props = target.schema.properties;
  const where = schemaFile(screen.resource);
  const missing = (field: string, in_ = where) => `campo "${field}" não existe em ${in_}${in_ === where ? didYouMean(field, Object.keys(props)) : ''}`;
  const SECRET = (name: string) => `campo "${name}" é writeOnly (segredo): a API nunca o devolve`;
  /** Field of the record (business or system); reports and returns false when it is not (or, to be read, is a secret). */
  const field = (pointer: string, name: string, opts: { system?: boolean; read?: boolean } = {}) => {
    if (opts.read && props[name]?.writeOnly) {
      add(pointer, SECRET(name));
      return false;
    }
    if (props[name] || (opts.system !== false && isSystemField(name))) return true;
    add(pointer, isSystemField(name) ? `campo de sistema "${name}" não é editável` : missing(name));
    return false;
  };
  const sort = (pointer: string, value: string | undefined) => value?.split(',').forEach((t) => field(pointer, t.replace(/^-/, ''), { read: true }));
  const valueOk = (pointer: string, name: string, value: unknown) => {
    const errors = target.validateField(name, value);
    if (errors) add(pointer, `${JSON.stringify(value)} não é um valor válido para "${name}" (${errors.join(' ')})`);
  };
  const condition = (pointer: string, c: Condition) => {
    if ('all' in c) return c.all.forEach((s, i) => condition(`${pointer}/all/${i}`, s));
    if ('any' in c) return c.any.forEach((s, i) => condition(`${pointer}/any/${i}`, s));
    if ('not' in c) return condition(`${pointer}/not`, c.not);
    if (!field(`${pointer}/field`, c.field, { system: false })) return;
    if (c.op === 'empty' || c.op === 'notEmpty') {
      if (c.value !== undefined) add(`${pointer}/value`, `"${c.op}" não usa value`);
    } else if (c.op === 'in' || c.op === 'notIn') {
      if (!Array.isArray(c.value)) add(`${pointer}/value`, `"${c.op}" pede uma lista de valores`);
      else c.value.forEach((v, i) => valueOk(`${pointer}/value/${i}`, c.field, v));
    } else if (c.value === undefined) add(pointer, `"${c.op}" pede value`);
    else valueOk(`${pointer}/value`, c.field, c.value);
  };
  const action = (pointer: string, a: CustomAction | string, bulk: boolean) => {
    if (typeof a === 'string') return;
    if (a.to && bulk) add(`${pointer}/to`, 'ação em lote não abre rota (to); use uma ação de plugin');
    for (const m of a.to?.matchAll(/\{(\w+)\}/g) ?? []) {
      if (!routeParams.includes(m[1])) add(`${pointer}/to`, `parâmetro {${m[1]}} desconhecido; a rota desta tela usa ${routeParams.map((p) => `{${p}}`).join(', ')}`);
    }
    if (a.when) condition(`${pointer}/when`, a.when);
  };
  const filter = (pointer: string, f: ListFilter) => {
    if (!field(`${pointer}/field`, f.field, { read: true })) return;
    const p = (props[f.field] ?? { type: 'string', format: 'date-time' }) as PropertySchema;
    const ranged = has(p, 'number') || has(p, 'integer') || RANGE_FORMATS.has(String(p.format));
    if (f.operator === 'contains' && (!has(p, 'string') || p.format || p.oneOf || p.enum)) add(`${pointer}/operator`, `"contains" só vale para texto livre; "${f.field}" não é`);
    if (['gte', 'lte', 'between'].includes(f.operator) && !ranged) add(`${pointer}/operator`, `"${f.operator}" pede número, dinheiro ou data; "${f.field}" não é`);
    if (f.default === undefined || !props[f.field]) return;
    const list = f.operator === 'in' || f.operator === 'between';
    if (list && (!Array.isArray(f.default) || (f.operator === 'between' && f.default.length !== 2))) {
      add(`${pointer}/default`, f.operator === 'between' ? 'use [de, até]' : 'use uma lista de valores');
    } else if (Array.isArray(f.default) && list) f.default.forEach((v, i) => valueOk(`${pointer}/default/${i}`, f.field, v));
    else valueOk(`${pointer}/default`, f.field, f.default);
  };
  const sections = (pointer: string, list: Section[] | undefined, editable: boolean) => {
    const seen = new Map<string, string>();
    list?.forEach((s, i) =>
      s.fields.forEach((f, j) => {
        const at = `${pointer}/${i}/fields/${j}`;
        if (!field(at, f, { system: !editable, read: !editable })) return;
        if (editable && props[f]?.readOnly) add(at, `campo "${f}" é readOnly e não entra no formulário`);
        if (seen.has(f)) add(at, `campo "${f}" já está em ${seen.get(f)}`);
        seen.set(f, `${pointer}/${i}`);
      }),
    );
    return seen;
  };

  const baseParams = templateParams(screen.route.base);
  const routeParams = [...baseParams, screen.route.idParam];
  problems.push(...checkRoute(file, screen, target, screens));

  const { list, form, view } = screen;
  for (const m of list?.rowLink?.matchAll(/\{(\w+)\}/g) ?? []) {
    if (m[1] !== 'id' && !routeParams.includes(m[1]) && !props[m[1]] && !isSystemField(m[1])) {
      add('/list/rowLink', `parâmetro {${m[1]}} desconhecido: use {id}, ${routeParams.map((p) => `{${p}}`).join(', ')} ou um campo de ${where}`);
    }
  }
  list?.columns.forEach((c, i) => field(`/list/columns/${i}/field`, c.field, { read: true }));
  sort('/list/defaultSort', list?.defaultSort);
  if (list?.search && !target.schema['x-resource'].searchFields?.length) add('/list/search', `${where} não define x-resource.searchFields`);
  list?.filters?.forEach((f, i) => filter(`/list/filters/${i}`, f));
  list?.rowActions?.forEach((a, i) => action(`/list/rowActions/${i}`, a, false));
  list?.bulkActions?.forEach((a, i) => {
    if (typeof a === 'object' && 'edit' in a) {
      // A bulk edit writes fields through PATCH: they must be fields a form could change.
      a.edit.forEach((f, j) => {
        if (!field(`/list/bulkActions/${i}/edit/${j}`, f, { system: false })) return;
        if (props[f]?.readOnly) add(`/list/bulkActions/${i}/edit/${j}`, `campo "${f}" é readOnly e não pode ser editado em lote`);
        if (props[f]?.['x-immutable']) add(`/list/bulkActions/${i}/edit/${j}`, `campo "${f}" é x-immutable e não pode ser editado em lote`);
      });
      if (a.when) condition(`/list/bulkActions/${i}/when`, a.when);
      return;
    }
    action(`/list/bulkActions/${i}`, a as CustomAction | string, true);
  });
  view?.actions?.forEach((a, i) => action(`/view/actions/${i}`, a, false));

  if (form) {
    const placed = sections('/form/sections', form.sections, true);
    if (form.sections) {
      for (const r of target.schema.required ?? []) if (!placed.has(r)) add('/form/sections', `campo obrigatório "${r}" não está em nenhuma seção`);
    }
    for (const key of Object.keys(form.uiSchema ?? {})) if (!key.startsWith('ui:')) field(`/form/uiSchema/${key}`, key, { system: false });
    form.rules?.forEach((r, i) => {
      condition(`/form/rules/${i}/when`, r.when);
      r.fields.forEach((f, j) => field(`/form/rules/${i}/fields/${j}`, f, { system: false }));
    });
  }

  if (view) {
    sections('/view/sections', view.sections, false);
    view.related?.forEach((r, i) => {
      const at = `/view/related/${i}`;
      const other = compiled[r.resource];
      if (!other) return known.has(r.resource) ? undefined : add(`${at}/resource`, `recurso "${r.resource}" não existe (${schemaFile(r.resource)})`);
      const fk = other.schema.properties[r.foreignKey];
      if (!fk) add(`${at}/foreignKey`, missing(r.foreignKey, schemaFile(r.resource)));
      else if (fk['x-ref'] !== screen.resource) add(`${at}/foreignKey`, `"${r.foreignKey}" não referencia ${screen.resource} (x-ref: ${fk['x-ref'] ?? 'nenhum'})`);
      const ok = (f: string) => Boolean(other.schema.properties[f]) || isSystemField(f);
      r.columns?.forEach((c, j) => {
        if (!ok(c)) add(`${at}/columns/${j}`, missing(c, schemaFile(r.resource)));
        else if (other.schema.properties[c]?.writeOnly) add(`${at}/columns/${j}`, SECRET(c));
      });
      for (const s of r.defaultSort?.split(',').map((t) => t.replace(/^-/, '')) ?? []) {
        if (!ok(s)) add(`${at}/defaultSort`, missing(s, schemaFile(r.resource)));
      }
    });
  }
  return problems;
}

/**
 * The route of a nested screen (docs/screens.md §2.1): every `{param}` of the base is `route.parent.param` or
 * comes from the parent screen's own base; the parent field is an `x-ref` to the parent screen's resource.
 */
function checkRoute(file: string, screen: ScreenFile, target: CompiledResource, screens: Readonly<Record<string, ScreenFile>> | undefined): Problem[] {
  const problems: Problem[] = [];
  const add = (pointer: string, message: string) => problems.push({ file, pointer, message });
  const { base, idParam, parent } = screen.route;
  const params = templateParams(base);
  const seen = new Set<string>();
  for (const p of params) {
    if (seen.has(p)) add('/route/base', `parâmetro {${p}} repetido em "${base}"`);
    seen.add(p);
  }
  if (seen.has(idParam)) add('/route/idParam', `"${idParam}" já é um parâmetro de route.base; use outro nome para o id desta tela`);
  if (!parent) {
    if (params.length) add('/route/base', `parâmetro {${params[0]}} na base pede route.parent: { "param": "${params[0]}", "field": "<campo x-ref>", "screen": "<tela-mãe>" }`);
    return problems;
  }
  if (!seen.has(parent.param)) add('/route/parent/param', `{${parent.param}} não aparece em route.base "${base}"`);
  const where = schemaFile(screen.resource);
  const fk = target.schema.properties[parent.field];
  if (!fk) add('/route/parent/field', `campo "${parent.field}" não existe em ${where}`);
  else if (!fk['x-ref']) add('/route/parent/field', `"${parent.field}" não é uma referência (x-ref) em ${where}`);
  let inherited: string[] = [];
  if (parent.screen && screens) {
    const mother = screens[parent.screen];
    if (!mother) add('/route/parent/screen', `tela "${parent.screen}" não existe (screens/${parent.screen}/screen.json)`);
    else if (mother === screen) add('/route/parent/screen', 'uma tela não pode ser mãe de si mesma');
    else {
      if (fk?.['x-ref'] && mother.resource !== fk['x-ref']) {
        add('/route/parent/screen', `a tela "${parent.screen}" mostra ${mother.resource}, mas "${parent.field}" referencia ${fk['x-ref']}`);
      }
      inherited = templateParams(mother.route.base);
    }
  }
  for (const p of params) {
    if (p === parent.param || inherited.includes(p)) continue;
    add('/route/base', `parâmetro {${p}} não vem de route.parent: só {${parent.param}}${inherited.length ? ` e os da base da tela-mãe (${inherited.map((i) => `{${i}}`).join(', ')})` : ''} são conhecidos`);
  }
  return problems;
}
