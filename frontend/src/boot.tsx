/** The client's start-up, loaded by main.tsx. */
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { readSession } from './lib/session';
import { createAppRouter } from './router';

/**
 * Creates the router and renders the app into #root. Nothing here may import main.tsx's modules: a route chunk
 * depending on the entry chunk would make the browser fetch the entry's stylesheet again.
 */
export function boot(): void {
  // User Timing measures (`npm run bench -- web-tasks` names the long tasks after them).
  const start = performance.now();
  const router = createAppRouter();
  performance.measure('redpen:create router', { start });

  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('#root is missing from index.html');

  // A stored token and user trigger a profile check at start-up; failure clears the session.
  // Loaded only then, so a signed-out visitor's first page does not carry the auth API client.
  if (readSession() !== null) void import('./features/auth/startup').then(({ checkStoredSessionProfiles }) => checkStoredSessionProfiles());

  performance.mark('redpen:render start');
  createRoot(rootElement).render(<App router={router} />);
}
