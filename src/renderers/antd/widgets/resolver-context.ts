import { createContext, useContext } from 'react';
import type { FieldContext } from '../../../engine/registry.ts';
import type { WidgetRenderer } from './types.ts';

/** Picks the widget of a field (the registry's best entry, or the Unknown fallback). Set by the form. */
export type WidgetResolver = (ctx: FieldContext) => { name: string; renderer: WidgetRenderer };

/** Lets container widgets (the line-items table) render their cells with the same registry as the form. */
export const WidgetResolverContext = createContext<WidgetResolver | null>(null);

export function useWidgetResolver(): WidgetResolver {
  const resolve = useContext(WidgetResolverContext);
  if (!resolve) throw new Error('Widgets de tabela precisam do WidgetResolverContext (o formulário o fornece).');
  return resolve;
}
