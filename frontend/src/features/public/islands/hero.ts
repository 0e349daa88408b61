import { all, onReducedMotionChange, part, prefersReducedMotion, type Unmount } from '../../../lib/islands/runtime';

/** How far the slide images drift upward, as a share of their own height, while the hero scrolls away. */
export const PARALLAX_SHIFT_PERCENT = 20;

/**
 * The landing's hero slideshow (WAI-ARIA carousel pattern), as HeroSlideshow.tsx renders it: slides `.rp-slide`
 * (`data-src`/`data-alt`, the first one's image in the HTML), Previous/Next buttons, one dot per slide, a
 * Pause/Play button and a live region. It advances every `data-interval` ms unless the pointer or focus is inside,
 * it was paused, or the visitor prefers reduced motion (then it does not rotate and the Pause button is hidden).
 * Each slide's image is added when the show reaches the slide before it; the images drift on scroll (parallax).
 */
export function mountHero(root: HTMLElement): Unmount {
  const slides = [...root.querySelectorAll<HTMLElement>('.rp-slide')];
  const dots = [...root.querySelectorAll<HTMLButtonElement>('.rp-slide-dot')];
  const pause = root.querySelector<HTMLButtonElement>('[data-slide-pause]');
  const status = part(root, '[data-slide-status]');
  const layer = root.querySelector<HTMLElement>('.rp-parallax');
  const intervalMs = Number(root.dataset.interval) || 3000;
  const count = slides.length;
  let index = Math.max(0, slides.findIndex((s) => s.getAttribute('aria-hidden') === 'false'));
  let hovered = false;
  let focused = false;
  let stopped = false;
  let reduced = prefersReducedMotion();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const rotating = () => !reduced && !stopped && !hovered && !focused && count > 1;

  const ensureImage = (i: number) => {
    const slide = slides[i];
    if (!slide || slide.querySelector('img') || !slide.dataset.src) return;
    const img = root.ownerDocument.createElement('img');
    img.src = slide.dataset.src;
    img.alt = slide.dataset.alt ?? '';
    img.width = Number(slide.dataset.width) || 1200;
    img.height = Number(slide.dataset.height) || 800;
    img.decoding = 'async';
    img.setAttribute('fetchpriority', 'low');
    slide.append(img);
  };

  const render = () => {
    slides.forEach((slide, i) => slide.setAttribute('aria-hidden', String(i !== index)));
    dots.forEach((dot, i) => (i === index ? dot.setAttribute('aria-current', 'true') : dot.removeAttribute('aria-current')));
    ensureImage(index);
    ensureImage((index + 1) % count);
    if (pause) {
      pause.hidden = reduced;
      pause.setAttribute('aria-label', stopped ? 'Play slideshow' : 'Pause slideshow');
      root.toggleAttribute('data-stopped', stopped);
    }
    status.setAttribute('aria-live', rotating() ? 'off' : 'polite');
    status.textContent = `Slide ${index + 1} of ${count}: ${slides[index]?.dataset.alt ?? ''}`;
    clearTimeout(timer);
    if (rotating()) timer = setTimeout(() => go(index + 1), intervalMs);
  };
  const go = (next: number) => {
    index = ((next % count) + count) % count;
    render();
  };

  const listeners: [EventTarget, string, EventListener][] = [];
  const on = (target: EventTarget | null, type: string, listener: EventListener, options?: AddEventListenerOptions) => {
    if (!target) return;
    target.addEventListener(type, listener, options);
    listeners.push([target, type, listener]);
  };
  on(root.querySelector('[data-slide-prev]'), 'click', () => go(index - 1));
  on(root.querySelector('[data-slide-next]'), 'click', () => go(index + 1));
  dots.forEach((dot, i) => on(dot, 'click', () => go(i)));
  on(pause, 'click', () => {
    stopped = !stopped;
    render();
  });
  on(root, 'mouseenter', () => {
    hovered = true;
    render();
  });
  on(root, 'mouseleave', () => {
    hovered = false;
    render();
  });
  on(root, 'focusin', () => {
    focused = true;
    render();
  });
  on(root, 'focusout', (event) => {
    if (root.contains((event as FocusEvent).relatedTarget as Node | null)) return;
    focused = false;
    render();
  });

  // Images drift upward while the hero scrolls out of view: one rAF per frame at most, passive listener.
  let frame = 0;
  const update = () => {
    frame = 0;
    if (!layer) return;
    if (reduced) {
      layer.style.transform = '';
      return;
    }
    const rect = root.getBoundingClientRect();
    const progress = rect.height > 0 ? Math.min(Math.max(-rect.top / rect.height, 0), 1) : 0;
    layer.style.transform = `translate3d(0, ${(-PARALLAX_SHIFT_PERCENT * progress).toFixed(2)}%, 0)`;
  };
  const onScroll = () => {
    if (!frame) frame = requestAnimationFrame(update);
  };
  on(window, 'scroll', onScroll, { passive: true });
  onScroll();

  const stopWatching = onReducedMotionChange((reduce) => {
    reduced = reduce;
    render();
    onScroll();
  });
  render();
  return all(stopWatching, () => {
    clearTimeout(timer);
    if (frame) cancelAnimationFrame(frame);
    for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
  });
}
