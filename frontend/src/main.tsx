import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readSession, SessionProvider } from './features/auth/session';
import { createAppQueryClient, createAppRouter } from './router';
import { AppThemeProvider } from './theme/AppThemeProvider';

const queryClient = createAppQueryClient();
const router = createAppRouter(queryClient);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root is missing from index.html');

// A stored token and user trigger a profile check at start-up; failure clears the session (part 1 §4).
// Loaded only then, so a signed-out visitor's first page does not carry the auth API client.
if (readSession()) void import('./features/auth/startup').then(({ checkStoredSessionProfiles }) => checkStoredSessionProfiles());

createRoot(rootElement).render(
  <StrictMode>
    <AppThemeProvider>
      <QueryClientProvider client={queryClient}>
        <SessionProvider
          onChange={(session) => {
            // Signed out (logout, a 401, another tab): drop cached user data and re-run the route
            // guards so a guarded page redirects to /login. A role switch navigates by itself.
            if (!session) {
              queryClient.clear();
              void router.invalidate();
            }
          }}
        >
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </AppThemeProvider>
  </StrictMode>,
);
