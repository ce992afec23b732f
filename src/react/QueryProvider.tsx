import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** One client for the whole session, so the cache survives switching layouts. */
export const queryClient = new QueryClient({
  // The HTTP client already retries idempotent calls on retryable statuses; no second layer of retries.
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/**
 * React Query for data screens. The app mounts it around the default and textual layouts (loaded with
 * them), not at the root: the sign-in pages do not use it and /login must stay small.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
