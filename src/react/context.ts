import { createContext, useContext } from 'react';
import type { Engine } from '../engine/create-engine.ts';

/**
 * The engine never changes after start, so this context never re-renders anyone. Fast-changing state
 * (session, snackbars) is read through store subscriptions with selectors, so each component re-renders
 * only for the slice it reads (style.md: contexts split by change rate).
 */
export const EngineContext = createContext<Engine | null>(null);

export function useEngine(): Engine {
  const engine = useContext(EngineContext);
  if (!engine) throw new Error('useEngine precisa de um <EngineProvider> acima.');
  return engine;
}
