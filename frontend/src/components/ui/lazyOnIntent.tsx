import { Suspense, lazy, type ComponentType } from 'react';

/**
 * A component whose module is left out of the page's bundle: `intent` (spread on the button that opens it) fetches
 * the module on the first hover or focus, and `Component` renders it (nothing while it arrives). The caller mounts
 * `Component` from the first press on.
 */
export function lazyOnIntent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Lazy = lazy(load);
  const fetchModule = () => void load();
  function Component(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return { Component, intent: { onPointerEnter: fetchModule, onFocus: fetchModule } };
}
