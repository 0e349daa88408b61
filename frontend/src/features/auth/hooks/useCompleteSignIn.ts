import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { AuthUser } from '../../../api/auth';
import { completeSignIn } from '../sign-in';
import { needsOnboarding, postLoginPath, safeRedirectPath, useSession } from '../../../lib/session';

/**
 * Stores the session, checks the profiles and navigates: a tutor without onboarding always goes to
 * /tutor-onboarding; otherwise to a safe `redirect` target when given, else /{role}/dashboard.
 */
export function useCompleteSignIn() {
  const { signIn, signOut, updateUser } = useSession();
  const navigate = useNavigate();
  return useCallback(
    async (token: string, user: AuthUser, redirect?: string) => {
      const signedIn = await completeSignIn({ signIn, signOut, updateUser }, token, user);
      const target = needsOnboarding(signedIn) ? '/tutor-onboarding' : (safeRedirectPath(redirect) ?? postLoginPath(signedIn));
      await navigate({ href: target, replace: true });
      return signedIn;
    },
    [signIn, signOut, updateUser, navigate],
  );
}
