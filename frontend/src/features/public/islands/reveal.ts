import { all, prefersReducedMotion, whenInView, type Unmount } from '../../../lib/islands/runtime';

/**
 * Reveal on scroll: `root` (and any `[data-reveal-at]` inside it), marked with a fraction of the viewport height, shows itself and
 * the `.rp-reveal` elements inside it (motion.css fades them in) the first time it scrolls that far into view.
 * The HTML marks them `data-state="hidden"`; without JavaScript a `<noscript>` style shows them anyway.
 */
export function mountReveal(root: HTMLElement): Unmount {
  const reduced = prefersReducedMotion();
  const cleanups: Unmount[] = [];
  for (const trigger of [root, ...root.querySelectorAll<HTMLElement>('[data-reveal-at]')]) {
    if (!trigger.dataset.revealAt) continue;
    const show = () => {
      for (const el of [trigger, ...trigger.querySelectorAll<HTMLElement>('.rp-reveal')]) {
        if (el.classList.contains('rp-reveal')) el.dataset.state = 'visible';
      }
    };
    if (reduced) show();
    else cleanups.push(whenInView(trigger, Number(trigger.dataset.revealAt) || 0.8, show));
  }
  return all(...cleanups);
}
