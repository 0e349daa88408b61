import { useEffect, useRef } from 'react';

/**
 * Mounts an island (lib/islands/runtime.ts) on the element the returned ref is given (a div, or any element whose
 * ref accepts one), once, with the options of the first render: markup that is an island's is rendered by React once
 * and left to the island, which runs alone on the prerendered page and is mounted this way when the app shows it.
 */
export function useIsland<O>(mount: (root: HTMLElement, options: O) => () => void, options: O) {
  const rootRef = useRef<HTMLDivElement>(null);
  const firstOptions = useRef(options);
  useEffect(() => (rootRef.current ? mount(rootRef.current, firstOptions.current) : undefined), [mount]);
  return rootRef;
}
