/**
 * The islands' runtime: the static pages (the public site, the sign-in forms) are prerendered HTML that React never
 * hydrates; each interactive piece is marked `data-island="<name>"` and enhanced by a small vanilla module (a
 * feature's `islands/` folder, entered through src/islands/<name>.ts), loaded by that page only when its HTML has
 * such an element (scripts/prerender.mjs adds one `<script type="module">` per island). The same modules run
 * inside the app when the router renders such a page (the React component mounts its island in an effect), so each
 * behaviour is written once. Islands import no framework and no app code (eslint.config.js); this runtime is in
 * lib/ because the islands of several features use it.
 */

/** Undoes what a mount did (listeners, timers, observers). */
export type Unmount = () => void;
export type MountIsland = (root: HTMLElement) => Unmount;

const MOUNTED = 'islandMounted';

/**
 * Mounts `name` on every element marked for it that is not mounted yet, then marks `<html data-app="ready">` once
 * every island of the page is mounted (the browser journeys wait for it, as they do for the app).
 */
export function mountIslands(name: string, mount: MountIsland, doc: Document = document): void {
  for (const root of doc.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    if (root.dataset[MOUNTED]) continue;
    root.dataset[MOUNTED] = 'true';
    mount(root);
  }
  const pending = [...doc.querySelectorAll<HTMLElement>('[data-island]')].some((el) => !el.dataset[MOUNTED]);
  if (!pending) doc.documentElement.dataset.app = 'ready';
}

/** True when the user asked the system for reduced motion (checked when an island starts and on change). */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Calls `onChange` whenever the reduced-motion setting changes; returns the unsubscribe. */
export function onReducedMotionChange(onChange: (reduce: boolean) => void): Unmount {
  if (typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia('(prefers-reduced-motion: reduce)');
  const listener = () => onChange(list.matches);
  list.addEventListener?.('change', listener);
  return () => list.removeEventListener?.('change', listener);
}

/**
 * Calls `onEnter` once, when the element's top edge has risen to `viewportFraction` of the viewport height
 * (0.8 = "80 % down the screen"); at once where there is no IntersectionObserver, so nothing stays hidden.
 */
export function whenInView(element: Element, viewportFraction: number, onEnter: () => void): Unmount {
  if (typeof IntersectionObserver === 'undefined') {
    onEnter();
    return () => {};
  }
  const bottomMargin = Math.round((1 - viewportFraction) * 100);
  const observer = new IntersectionObserver(
    (entries) => {
      // Above the viewport counts too: a page opened scrolled down (back, an anchor) shows what it passed.
      if (entries.some((entry) => entry.isIntersecting || (entry.boundingClientRect?.bottom ?? 0) < 0)) {
        observer.disconnect();
        onEnter();
      }
    },
    { rootMargin: `0px 0px -${bottomMargin}% 0px`, threshold: 0 },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/** Adds an event listener and returns its removal. */
export function on<E extends Event = Event>(target: EventTarget, type: string, listener: (event: E) => void): Unmount {
  const handler = listener as EventListener;
  target.addEventListener(type, handler);
  return () => target.removeEventListener(type, handler);
}

/** Runs every cleanup, last first. */
export const all =
  (...cleanups: Unmount[]): Unmount =>
  () => {
    for (const cleanup of cleanups.reverse()) cleanup();
  };

/** `root`'s first element matching `selector`, or an error naming the island (the markup and the module disagree). */
export function part<T extends Element = HTMLElement>(root: ParentNode, selector: string): T {
  const found = root.querySelector<T>(selector);
  if (!found) throw new Error(`island: ${selector} is missing`);
  return found;
}
