import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { CURRENT_ESSAY_ID_KEY, PAYMENT_TYPE_KEY } from '../features/payments/storage';
import { SIGN_OUT_KEYS, SessionProvider } from '../lib/session';
import { clearQueryCache } from '../lib/query-client';
import { routeTree } from '../routeTree.gen';
import { AppThemeProvider } from '../theme/AppThemeProvider';
import { trackRouter } from './routers';

// As App.tsx does: logout also forgets the payment round trip.
SIGN_OUT_KEYS.push(CURRENT_ESSAY_ID_KEY, PAYMENT_TYPE_KEY);

export function TestProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const client = queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <AppThemeProvider>
      <QueryClientProvider client={client}>
        <SessionProvider>{children}</SessionProvider>
      </QueryClientProvider>
    </AppThemeProvider>
  );
}

/** Renders the real route tree at `path` with an in-memory history, on an empty app query cache. */
export function renderApp(path: string) {
  // The signed-in layouts use the app's one lazily created client (lib/query-client), which outlives a test.
  clearQueryCache();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = trackRouter(
    createRouter({
      routeTree,
      context: {},
      history: createMemoryHistory({ initialEntries: [path] }),
      defaultPendingMinMs: 0,
    }),
  );
  const utils = render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...utils, router };
}
