import { redirect } from '@tanstack/react-router';
import {
  browserStorage,
  decideAccess,
  postLoginPath,
  readSession,
  type AccessRequirement,
  type Session,
  type SessionStorage,
  writeCurrentRole,
} from '../../lib/session';

/** The parts of TanStack Router's `beforeLoad` context the guard reads. */
export interface GuardContext {
  location: { href: string };
  /** True while the router preloads on hover/focus: decide, but change nothing. */
  preload?: boolean;
}

/**
 * Call from a layout route's `beforeLoad`:
 *
 *   beforeLoad: (ctx) => requireAccess('student', ctx)
 *
 * Throws a router redirect when the stored session may not enter the group (see `decideAccess`);
 * otherwise returns the session (it joins the route context). Entering the student or tutor group
 * also makes it the stored `currentRole`, except during a preload.
 */
export function requireAccess(
  requirement: AccessRequirement,
  { location, preload = false }: GuardContext,
  storage: SessionStorage | null = browserStorage(),
): { session: Session } {
  const session = readSession(storage);
  const decision = decideAccess(session, requirement);
  if (decision.type === 'redirect' || !session) {
    const to = decision.type === 'redirect' ? decision.to : '/login';
    if (to === '/login') throw redirect({ to: '/login', search: { redirect: location.href } });
    throw redirect({ to });
  }
  if (!preload && (requirement === 'student' || requirement === 'tutor') && session.currentRole !== requirement) {
    writeCurrentRole(requirement, storage);
    return { session: { ...session, currentRole: requirement } };
  }
  return { session };
}

/** For pages only a signed-out visitor needs (register): send a signed-in user to their dashboard. */
export function redirectSignedInUser(storage: SessionStorage | null = browserStorage()): void {
  const session = readSession(storage);
  if (session) throw redirect({ href: postLoginPath(session.user) });
}

export { validateLoginSearch, type LoginSearch } from './login-search';
