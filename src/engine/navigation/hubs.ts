import { can, type AccessSubject, type EffectivePermissions } from '../access.ts';
import { screenOfCardPath } from '../schema/check-hub.ts';
import type { HubCard, HubFile } from '../schema/hub-types.ts';
import type { ScreenFile } from '../schema/screen-types.ts';

export interface HubContext {
  hubs: Readonly<Record<string, HubFile>>;
  screens: Readonly<Record<string, ScreenFile>>;
  user: AccessSubject | null | undefined;
  permissions: EffectivePermissions | null | undefined;
}

export interface VisibleHubSection {
  title: string;
  description?: string;
  cards: HubCard[];
}

/**
 * The permission resources of a card: its `resource`, else the permission of the screen it opens; none
 * (undefined) for another hub or a plugin page without resource.
 */
export function cardResources(card: HubCard, screens: Readonly<Record<string, ScreenFile>>): string[] | undefined {
  if (card.resource) return Array.isArray(card.resource) ? card.resource : [card.resource];
  const key = screenOfCardPath(screens, card.path);
  if (!key) return undefined;
  const s = screens[key];
  return [s.permission ?? s.resource];
}

/**
 * The sections and cards of a hub the user may see, by the menu's rule (spec §2 step 10): `create` on the
 * card's resource (any of a list); a card to another hub shows when that hub shows a card; a card without
 * resource always shows. Sections left empty are removed.
 * @example visibleHub(hubs.configuracoes, { hubs, screens, user, permissions })[0] // { title: 'Cadastros', cards: [...] }
 */
export function visibleHub(hub: HubFile, ctx: HubContext, seen: ReadonlySet<string> = new Set([hub.path])): VisibleHubSection[] {
  const shows = (card: HubCard): boolean => {
    const resources = cardResources(card, ctx.screens);
    if (resources) return resources.some((r) => can(ctx.user, ctx.permissions, r, 'create'));
    const inner = Object.values(ctx.hubs).find((h) => h.path === card.path);
    if (!inner || seen.has(inner.path)) return !inner;
    return visibleHub(inner, ctx, new Set([...seen, inner.path])).length > 0;
  };
  return hub.sections
    .map((s) => ({ title: s.title, ...(s.description ? { description: s.description } : {}), cards: s.cards.filter(shows) }))
    .filter((s) => s.cards.length > 0);
}
