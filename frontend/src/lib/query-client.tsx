import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../api/client';

export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Retrying a 4xx (401, 403, 404, validation) never helps; retry network trouble twice.
        retry: (failureCount, error) =>
          failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

let client: QueryClient | null = null;

/**
 * The app's one query cache, created on first use. Only the signed-in areas render `QueryProvider`, so the
 * public pages and sign-in never load TanStack Query (~12 KB gzip) at all.
 */
export function getQueryClient(): QueryClient {
  client ??= createAppQueryClient();
  return client;
}

/** Signed out: drop every cached answer (nothing to do if no signed-in page ran). */
export function clearQueryCache(): void {
  client?.clear();
}

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>;
}
