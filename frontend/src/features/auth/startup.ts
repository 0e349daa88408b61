import { isApiError } from '../../api/client';
import { authApi } from '../../api/auth';
import { browserStorage, readSession, signOutStorage, updateStoredUser, type SessionStorage } from '../../lib/session';

/**
 * App start: with a stored session, refresh the profile flags; a refused check clears the
 * session. A network failure keeps it (the API may simply be unreachable for a moment).
 */
export async function checkStoredSessionProfiles(storage: SessionStorage | null = browserStorage()): Promise<void> {
  if (!readSession(storage)) return;
  try {
    const flags = await authApi.checkProfiles();
    updateStoredUser({ profiles: { student: flags?.student === true, tutor: flags?.tutor === true } }, storage);
  } catch (error) {
    if (isApiError(error) && error.kind === 'http') signOutStorage(storage);
  }
}
