import type { ComponentType } from 'react';
import { createRegistry, rankWith, type Registry } from '../../../engine/registry.ts';
import type { ScreenRouteKind } from '../../../engine/routes/route-table.ts';

/** What a screen page's tester looks at: which screen file (its folder name) and which of its pages. */
export interface ScreenPageContext {
  screen: string;
  kind: ScreenRouteKind;
}

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/**
 * The page each screen route renders, chosen by ranked testers like widgets and cells (style.md #2): the
 * generic list, view and form pages answer every screen with rank 1; a plugin replaces one screen's page by
 * registering a higher rank. The loader runs when the route is visited, so the page stays a lazy chunk.
 * @example screenPages.register({ name: 'finance.payable-view', tester: rankWith(10, (c) => c.screen === 'payables' && c.kind === 'view'), component: () => import('./PayableView.tsx') })
 */
export const screenPages: Registry<PageLoader, ScreenPageContext> = createRegistry<PageLoader, ScreenPageContext>([
  { name: 'list', tester: rankWith(1, (c) => c.kind === 'list'), component: () => import('../list/ListPage.tsx') },
  { name: 'view', tester: rankWith(1, (c) => c.kind === 'view'), component: () => import('../view/ViewPage.tsx') },
  { name: 'form', tester: rankWith(1, (c) => c.kind === 'add' || c.kind === 'edit'), component: () => import('../form/FormPage.tsx') },
]);
