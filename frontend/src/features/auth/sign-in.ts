/**
 * The sign-in sequence, one place for the app (hooks/useCompleteSignIn) and the sign-in islands (islands/): store
 * the session, check the profiles (`GET /auth/checkProfiles`) and say where the person goes next. A failed check
 * clears everything and rethrows. Plain TypeScript (the islands load no framework).
 */
import type { AuthUser } from '../../api/auth';
import {
  browserStorage,
  needsOnboarding,
  postLoginPath,
  signOutStorage,
  updateStoredUser,
  writeSession,
  type ProfileFlags,
  type SessionStorage,
} from '../../lib/session-store';
import { safeReturnPath } from '../../lib/return-path';

export interface SignedIn {
  user: AuthUser & { profiles: ProfileFlags };
  /**
   * Where to go: a tutor without onboarding always to /tutor-onboarding; otherwise a safe `redirect` target when
   * given, else /{role}/dashboard.
   */
  target: string;
}

/**
 * Stores token and user, then merges the profile flags (`checkProfiles`, which asks with the stored token) into
 * the stored user.
 */
export async function completeSignIn(
  token: string,
  user: AuthUser,
  checkProfiles: () => Promise<Partial<ProfileFlags> | undefined>,
  redirect?: string | null,
  storage: SessionStorage | null = browserStorage(),
): Promise<SignedIn> {
  writeSession({ token, user }, storage);
  let flags: Partial<ProfileFlags> | undefined;
  try {
    flags = await checkProfiles();
  } catch (error) {
    signOutStorage(storage);
    throw error;
  }
  const profiles = { student: flags?.student === true, tutor: flags?.tutor === true };
  updateStoredUser({ profiles }, storage);
  const signedIn = { ...user, profiles };
  // The return address is checked again here, whoever passed it: it reaches `location.replace` on the static page.
  return { user: signedIn, target: needsOnboarding(signedIn) ? '/tutor-onboarding' : safeReturnPath(redirect, postLoginPath(signedIn)) };
}
