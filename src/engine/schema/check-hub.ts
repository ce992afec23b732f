import { routerPath, routeShape, screenRouteTable, partsOf } from '../routes/route-table.ts';
import type { HubFile } from './hub-types.ts';
import type { Problem } from './metadata-error.ts';
import type { ScreenFile } from './screen-types.ts';

/** The screen whose list a card path opens: its list path, or its base when that redirects to the list. */
export function screenOfCardPath(screens: Readonly<Record<string, ScreenFile>>, path: string): string | undefined {
  return Object.entries(screens).find(([, s]) => !s.route.parent && s.list && (s.route.base === path || `${s.route.base}${s.route.list ?? ''}` === path))?.[0];
}

/**
 * Cross-file checks of the hub files (docs/screens.md §9): each hub's path is its own (no other hub, no screen
 * page matches it), and every card opens a screen's list, another hub, or a page marked `pluginPage`.
 */
export function checkHubs(hubs: Readonly<Record<string, HubFile>>, files: Readonly<Record<string, string>>, screens: Readonly<Record<string, ScreenFile>>, screenFiles: Readonly<Record<string, string>>): Problem[] {
  const problems: Problem[] = [];
  const pages = new Map<string, string>();
  const { routes, redirects } = screenRouteTable(Object.entries(screens).map(([key, s]) => ({ key, route: s.route, parts: partsOf(s) })));
  for (const r of routes) pages.set(routeShape(r.path), screenFiles[r.screen]);
  for (const from of Object.keys(redirects)) {
    const key = Object.entries(screens).find(([, s]) => routerPath(s.route.base) === from)?.[0];
    if (key) pages.set(routeShape(from), screenFiles[key]);
  }
  const hubOfPath = new Map<string, string>();
  for (const [key, hub] of Object.entries(hubs)) {
    const file = files[key];
    const add = (pointer: string, message: string) => problems.push({ file, pointer, message });
    const screenPage = [...pages.entries()].find(([shape]) => new RegExp(`^${shape.replace(/:/g, '[^/]+')}$`).test(hub.path));
    if (hubOfPath.has(hub.path)) add('/path', `caminho "${hub.path}" já usado por ${files[hubOfPath.get(hub.path)!]}`);
    else if (screenPage) add('/path', `caminho "${hub.path}" já é uma página de ${screenPage[1]}`);
    else hubOfPath.set(hub.path, key);
  }
  for (const [key, hub] of Object.entries(hubs)) {
    const file = files[key];
    const add = (pointer: string, message: string) => problems.push({ file, pointer, message });
    const seen = new Map<string, string>();
    hub.sections.forEach((section, i) =>
      section.cards.forEach((card, j) => {
        const at = `/sections/${i}/cards/${j}`;
        if (seen.has(card.path)) add(`${at}/path`, `"${card.path}" já tem cartão em ${seen.get(card.path)}`);
        seen.set(card.path, at);
        const screen = screenOfCardPath(screens, card.path);
        const target = Object.entries(hubs).find(([, h]) => h.path === card.path)?.[0];
        if (target === key) return add(`${at}/path`, 'o cartão aponta para o próprio painel');
        const owner = screen ? screenFiles[screen] : target ? files[target] : undefined;
        if (owner && card.pluginPage) add(`${at}/pluginPage`, `sobra: "${card.path}" é de ${owner}`);
        if (!owner && !card.pluginPage) {
          const page = [...pages.entries()].find(([shape]) => new RegExp(`^${shape.replace(/:/g, '[^/]+')}$`).test(card.path));
          add(`${at}/path`, page
            ? `"${card.path}" não é a lista de uma tela (é uma página de ${page[1]}); aponte para a lista`
            : `"${card.path}" não é a lista de nenhuma tela (screens/*/screen.json) nem um painel (hubs/*.json); numa página de plugin, marque "pluginPage": true`);
        }
      }),
    );
  }
  return problems;
}
