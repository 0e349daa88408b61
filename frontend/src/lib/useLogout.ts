import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { authApi } from '../api/auth';
import { useSession } from './session';

/** Logout: tell the server (its failure is ignored), clear the stored session, go to /login. */
export function useLogout() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await authApi.logout();
    } catch {
      /* the token dies with the session either way */
    }
    signOut();
    await navigate({ to: '/login', replace: true });
  }, [signOut, navigate]);
}
