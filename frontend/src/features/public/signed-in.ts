/**
 * Whether the visitor is signed in, and where their dashboard is, read from the session the app keeps (the stored
 * session's one reader, lib/session-store, which loads no framework: it runs from the menu island on a prerendered
 * page). Only a hint for the header's link: the dashboard itself checks the session as always.
 */
import { browserStorage, dashboardPath, readSession, type SessionStorage } from '../../lib/session-store';

export type DashboardPath = ReturnType<typeof dashboardPath>;

export function signedInDashboard(storage: SessionStorage | null = browserStorage()): DashboardPath | null {
  const session = readSession(storage);
  return session ? dashboardPath(session.currentRole) : null;
}
