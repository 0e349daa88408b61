/** The entry's start-up helpers (main.tsx). boot.tsx must not import this module: see its comment. */
/** True when the page arrived as prerendered HTML (scripts/prerender.mjs marks its #root). */
export const isPrerendered = (root: HTMLElement): boolean => root.hasAttribute('data-prerendered');

/** Ends the current task so the browser can paint and handle input before the next piece of start-up work. */
export const yieldToMain = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Runs one start-up step and records it as a User Timing measure `redpen:<name>`: visible in the browser's
 * performance panel, and `npm run bench -- web-tasks` names the long tasks after them.
 */
export async function step<T>(name: string, run: () => T | Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await run();
  } finally {
    performance.measure(`redpen:${name}`, { start });
  }
}
