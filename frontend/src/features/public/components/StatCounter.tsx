import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import { useEffect, useLayoutEffect, useState } from 'react';
import { BRAND } from '../brand';
import { useInView } from '../hooks/useInView';
import { usePrefersReducedMotion } from '../hooks/usePrefersReducedMotion';

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
 * The digits while counting: the only part that re-renders on each tick (25 times a second), so the styled
 * statistic around it is rendered once rather than 50 times per counter.
 */
function CountUp({ value, countable, animate, inView }: { value: string; countable: Countable | null; animate: boolean; inView: boolean }) {
  // Ticks elapsed; null once finished (or never started) so the original text shows. The HTML (prerendered, read
  // without JavaScript) carries the figure itself; in the browser it drops to 0 before the first paint.
  const [tick, setTick] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (animate) setTick((current) => current ?? 0);
  }, [animate]);

  useEffect(() => {
    if (!animate) {
      setTick(null);
      return;
    }
    if (!inView) return;
    let elapsed = 0;
    const id = setInterval(() => {
      elapsed += 1;
      if (elapsed >= TICKS) {
        clearInterval(id);
        setTick(null);
      } else {
        setTick(elapsed);
      }
    }, TICK_MS);
    return () => clearInterval(id);
  }, [animate, inView]);

  return animate && countable && tick !== null
    ? `${Math.round(countable.target * easeOutCubic(tick / TICKS))}${countable.suffix}`
    : value;
}

/**
 * A statistic. Values ending in + or % count up from 0 over 2 s once the element reaches 80 % of
 * the viewport, then show the original text again. Screen readers always get the final text.
 */
export function StatCounter({ value, label }: { value: string; label: string }) {
  const reducedMotion = usePrefersReducedMotion();
  const countable = parseCountable(value);
  const animate = countable !== null && !reducedMotion;
  const [ref, inView] = useInView<HTMLDivElement>(0.8, animate);

  return (
    <Stack ref={ref} gap="1" align="center" textAlign="center" data-island="counters">
      <Text
        as="span"
        aria-hidden="true"
        data-testid="stat-value"
        data-count
        fontSize={{ base: '3xl', md: '4xl' }}
        fontWeight="extrabold"
        color={BRAND.primaryStrong}
        fontVariantNumeric="tabular-nums"
        // A counting figure keeps one width (its final text's, with room for the sign), so the digits changing
        // under it never move it: a centred box that shrank to "0+" and grew back would be a layout shift.
        {...(countable ? { display: 'inline-block', w: `${value.length + 1}ch` } : {})}
      >
        <CountUp value={value} countable={countable} animate={animate} inView={inView} />
      </Text>
      <VisuallyHidden>{`${value} ${label}`}</VisuallyHidden>
      <Text as="span" aria-hidden="true" color="gray.700" fontWeight="medium">
        {label}
      </Text>
    </Stack>
  );
}
