import { all, prefersReducedMotion, whenInView, type Unmount } from '../../../lib/islands/runtime';

export const COUNT_DURATION_MS = 2000;
const TICK_MS = 40;
const TICKS = COUNT_DURATION_MS / TICK_MS;

type Countable = { target: number; suffix: string };

/** "1000+" → { target: 1000, suffix: '+' }; values without a trailing + or % do not count. */
export function parseCountable(value: string): Countable | null {
  const match = /^(\d[\d,]*)([+%])$/.exec(value);
  if (!match?.[1] || !match[2]) return null;
  return { target: Number(match[1].replace(/,/g, '')), suffix: match[2] };
}

const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

/**
 * The landing's statistics: each `[data-count]` whose text ends in + or % counts up from 0 over 2 s once it reaches
 * 80 % of the viewport, then shows its original text again (screen readers read a visually hidden copy of the
 * final text all along). Nothing moves under reduced motion.
 */
export function mountCounters(root: HTMLElement): Unmount {
  if (prefersReducedMotion()) return () => {};
  const cleanups: Unmount[] = [];
  for (const element of root.querySelectorAll<HTMLElement>('[data-count]')) {
    const value = element.textContent ?? '';
    const countable = parseCountable(value);
    if (!countable) continue;
    element.textContent = `0${countable.suffix}`;
    let timer: ReturnType<typeof setInterval> | undefined;
    cleanups.push(
      whenInView(element, 0.8, () => {
        let tick = 0;
        timer = setInterval(() => {
          tick += 1;
          if (tick >= TICKS) {
            clearInterval(timer);
            element.textContent = value;
          } else {
            element.textContent = `${Math.round(countable.target * easeOutCubic(tick / TICKS))}${countable.suffix}`;
          }
        }, TICK_MS);
      }),
      () => {
        clearInterval(timer);
        element.textContent = value;
      },
    );
  }
  return all(...cleanups);
}
