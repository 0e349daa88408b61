import { useEffect, useState } from 'react';

/** The local-storage key that remembers a person has seen a page (one per user and page). */
export const visitedKey = (page: string, userId: string | undefined) => `visited:${page}:${userId ?? 'anonymous'}`;

/**
 * True on a person's first visit to `page` in this browser (then remembered): the dashboards greet a newcomer with
 * "Welcome", not "Welcome back" (issue 30). The answer is fixed for the life of the component.
 */
export function useFirstVisit(page: string, userId: string | undefined): boolean {
  const key = visitedKey(page, userId);
  const [first] = useState(() => {
    try {
      return window.localStorage.getItem(key) === null;
    } catch {
      return false;
    }
  });
  useEffect(() => {
    try {
      window.localStorage.setItem(key, new Date().toISOString());
    } catch {
      // Storage unavailable (private mode): every visit is then greeted as a return.
    }
  }, [key]);
  return first;
}
