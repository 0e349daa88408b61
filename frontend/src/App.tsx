import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { CURRENT_ESSAY_ID_KEY, PAYMENT_TYPE_KEY } from './features/payments/storage';
import { SIGN_OUT_KEYS, SessionProvider } from './lib/session';
import type { AppRouter } from './router';
import { AppThemeProvider } from './theme/AppThemeProvider';

// Logout also forgets the payment round trip (lib/session cannot import the payments feature itself).
SIGN_OUT_KEYS.push(CURRENT_ESSAY_ID_KEY, PAYMENT_TYPE_KEY);

/** The whole client: the same tree renders in the browser and, for the prerendered pages, at build time. */
export function App({ router }: { router: AppRouter }) {
  return (
    <StrictMode>
      <AppThemeProvider>
        <SessionProvider
          onChange={(session) => {
            // Signed out (logout, a 401, another tab): drop cached user data and re-run the route
            // guards so a guarded page redirects to /login. A role switch navigates by itself.
            if (!session) {
              void import('./lib/query-client').then(({ clearQueryCache }) => clearQueryCache());
              void router.invalidate();
            }
          }}
        >
          <RouterProvider router={router} />
        </SessionProvider>
      </AppThemeProvider>
    </StrictMode>
  );
}
