import type { ReactNode } from 'react';
import type { Engine } from '../engine/create-engine.ts';
import { EngineContext } from './context.ts';

/** Provides the engine (app config, session, HTTP client, auth, snackbars) to the tree. */
export function EngineProvider({ engine, children }: { engine: Engine; children: ReactNode }) {
  return <EngineContext.Provider value={engine}>{children}</EngineContext.Provider>;
}
