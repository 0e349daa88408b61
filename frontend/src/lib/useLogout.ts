import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { authApi } from '../api/auth';
import { useSession } from './session';

/**
 * Logout: tell the server (its failure is ignored), clear the stored session, go to /login. With `everywhere`, the
 * server ends every session of the account (every device signs in again), not only this one.
 */
export function useLogout({ everywhere = false }: { everywhere?: boolean } = {}) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await (everywhere ? authApi.logoutEverywhere() : authApi.logout());
    } catch {
      /* the token dies with the session either way */
    }
    signOut();
    await navigate({ to: '/login', replace: true });
  }, [signOut, navigate, everywhere]);
}
