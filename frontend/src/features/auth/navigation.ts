/**
 * Navigation helpers of the auth flow: the one-off message carried in history state to /login
 * and the verify-email search params.
 */
import { useRouterState } from '@tanstack/react-router';

declare module '@tanstack/history' {
  interface HistoryState {
    /** A one-off success message for the next page (e.g. "Email verified successfully! Please login"). */
    flash?: string;
  }
}

/** The flash message the current location was opened with, if any. */
export function useFlashMessage(): string | undefined {
  return useRouterState({ select: (state) => state.location.state.flash });
}

export interface VerifyEmailSearch {
  email?: string;
  isTutor?: boolean;
}

export function validateVerifyEmailSearch(search: Record<string, unknown>): VerifyEmailSearch {
  const out: VerifyEmailSearch = {};
  if (typeof search.email === 'string' && search.email.trim()) out.email = search.email.trim();
  if (search.isTutor === true || search.isTutor === 'true') out.isTutor = true;
  return out;
}
