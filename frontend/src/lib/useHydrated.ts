import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React hydrates prerendered HTML (and in the prerender itself), true once the page's handlers
 * are attached — and at once on pages rendered in the browser. Submit buttons (`SubmitButton`) stay
 * disabled until then: a click that came before React would submit the form natively, by GET, with the
 * typed values (a password, say) in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
