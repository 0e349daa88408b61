/**
 * The sign-in sequence: store the session, then check the profiles (`GET /auth/checkProfiles`);
 * a failed check clears everything and rethrows (part 1 §4).
 */
import { authApi, type AuthUser } from '../../api/auth';
import type { ProfileFlags, SessionUser, SignInInput } from '../../lib/session';

interface SessionActions {
  signIn: (input: SignInInput) => unknown;
  signOut: () => void;
  updateUser: (patch: Partial<SessionUser>) => void;
}

/**
 * Stores token and user, then merges the profile flags into the stored user. If the profile check
 * fails the session is cleared and the error rethrown. Returns the user with its flags.
 */
export async function completeSignIn(
  actions: SessionActions,
  token: string,
  user: AuthUser,
): Promise<AuthUser & { profiles: ProfileFlags }> {
  actions.signIn({ token, user });
  try {
    const flags = await authApi.checkProfiles();
    const profiles = { student: flags?.student === true, tutor: flags?.tutor === true };
    actions.updateUser({ profiles });
    return { ...user, profiles };
  } catch (error) {
    actions.signOut();
    throw error;
  }
}
