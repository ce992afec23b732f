import { HttpError } from '../../../engine/http/errors.ts';
import { tryScreenPaths, type RouteParams } from '../../../engine/routes/route-table.ts';
import type { ScreenFile } from '../../../engine/schema/screen-types.ts';
import type { ResourceSchema } from '../../../engine/schema/types.ts';
import { useMetadata } from '../../../react/metadata.ts';
import { useResourceOne } from '../../../react/resources.ts';
import { recordLabel, screenTexts } from './screen-meta.ts';

/** The parent record of a nested screen's page (docs/screens.md §2.1), for titles and the back link. */
export interface ParentInfo {
  /** The parent's id, from the path. */
  id: string;
  /** Field of the child holding the parent's id (locked in lists and forms). */
  field: string;
  /** The parent record's label; undefined while it loads. */
  label: string | undefined;
  /** The parent's page: its record page, else its screen's list. */
  back?: { to: string; label: string };
  /** The parent record does not exist (or the user may not see it): the page is a 404. */
  missing: boolean;
}

/**
 * The parent of a nested screen from the page's route params, or undefined for a top-level screen.
 * @example const parent = useParent(screen, schema, params); // { id: 'a1', label: 'Portal do fornecedor', back: { to: '/configuracoes/aplicacoes/a1', … } }
 */
export function useParent(screen: ScreenFile, schema: ResourceSchema, params: RouteParams): ParentInfo | undefined {
  const meta = useMetadata();
  const parent = screen.route.parent;
  const mother = parent?.screen ? meta.screens[parent.screen] : undefined;
  const resource = mother?.resource ?? (parent ? schema.properties[parent.field]?.['x-ref'] : undefined);
  const parentSchema = resource ? meta.resources[resource] : undefined;
  const id = parent ? params[parent.param] : undefined;
  const one = useResourceOne(resource ?? '', parentSchema ? id : undefined);
  if (!parent || !id) return undefined;
  const label = one.data && parentSchema ? recordLabel(parentSchema, one.data) : undefined;
  const paths = mother ? tryScreenPaths(mother.route, params) : undefined;
  let back: ParentInfo['back'];
  if (paths && mother?.view) back = { to: paths.view(id), label: label ?? '…' };
  else if (paths && mother?.list && parentSchema) back = { to: paths.list, label: screenTexts(mother, parentSchema).plural };
  const missing = one.error instanceof HttpError && (one.error.status === 404 || one.error.status === 403);
  return { id, field: parent.field, label, back, missing };
}

/** "Grupos de Agências — Portal do fornecedor": a nested page's title names its parent. */
export const withParentLabel = (title: string, parent: ParentInfo | undefined): string => (parent?.label ? `${title} — ${parent.label}` : title);
