import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { authApi, type AuthUser } from '../../../api/auth';
import { completeSignIn } from '../sign-in';

/** Signs in (sign-in.ts: store the session, check the profiles) and opens where the person goes next. */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  return useCallback(
    async (token: string, user: AuthUser, redirect?: string) => {
      const { user: signedIn, target } = await completeSignIn(token, user, authApi.checkProfiles, redirect);
      await navigate({ href: target, replace: true });
      return signedIn;
    },
    [navigate],
  );
}
