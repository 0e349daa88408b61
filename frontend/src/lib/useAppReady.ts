import { useEffect } from 'react';
import { useHydrated } from './useHydrated';

/**
 * Marks `<html data-app="ready">` once the page's layout has rendered (or hydrated) and its handlers are
 * attached; browser tests wait for it before they type or click. Called by each layout: the router renders
 * pages inside a Suspense boundary that hydrates after the rest of the app, so a marker outside it (in App)
 * could fire while the page's prerendered buttons were still disabled.
 */
export function useAppReady(): void {
  const hydrated = useHydrated();
  useEffect(() => {
    if (!hydrated) return;
    document.documentElement.dataset.app = 'ready';
    // From boot.tsx's mark to now: the first render or hydration (a User Timing measure, like the start-up steps).
    if (performance.getEntriesByName('redpen:render start').length && !performance.getEntriesByName('redpen:render').length) {
      performance.measure('redpen:render', 'redpen:render start');
    }
  }, [hydrated]);
}
