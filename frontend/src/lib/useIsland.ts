import { useEffect, useRef } from 'react';

/**
 * Mounts an island (lib/islands/runtime.ts) on the element the returned ref is given, once, with the options of
 * the first render: a page whose markup is an island's renders it once and leaves it to the island, which runs
 * alone on the prerendered page and is mounted this way when the app shows the page.
 */
export function useIsland<E extends HTMLElement, O>(mount: (root: E, options: O) => () => void, options: O) {
  const rootRef = useRef<E>(null);
  const firstOptions = useRef(options);
  useEffect(() => (rootRef.current ? mount(rootRef.current, firstOptions.current) : undefined), [mount]);
  return rootRef;
}
