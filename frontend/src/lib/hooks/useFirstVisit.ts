import { useEffect, useState } from 'react';
import { browserStorage } from '../session-store';

/** The local-storage key that remembers a person has seen a page (one per user and page). */
export const visitedKey = (page: string, userId: string | undefined) => `visited:${page}:${userId ?? 'anonymous'}`;

/**
 * True on a person's first visit to `page` in this browser (then remembered): the dashboards greet a newcomer with
 * "Welcome", not "Welcome back". The answer is fixed for the life of the component.
 */
export function useFirstVisit(page: string, userId: string | undefined): boolean {
  const key = visitedKey(page, userId);
  // Without storage (private mode) every visit is greeted as a return.
  const [first] = useState(() => browserStorage()?.getItem(key) === null);
  useEffect(() => {
    try {
      browserStorage()?.setItem(key, new Date().toISOString());
    } catch {
      // Storage full or refused: the next visit is greeted as a first one again, which is harmless.
    }
  }, [key]);
  return first;
}
