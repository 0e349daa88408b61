import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import { useIsland } from '../../../lib/useIsland';
import { BRAND } from '../brand';
import { COUNT_DURATION_MS, mountCounters, parseCountable } from '../islands/counters';

export { COUNT_DURATION_MS, parseCountable };

/**
 * A statistic. Values ending in + or % count up from 0 over 2 s once the element reaches 80 % of the viewport,
 * then show the original text again; screen readers always get the final text. The counting is the island
 * islands/counters.ts: alone on the static home page, mounted here inside the app. The HTML carries the figure
 * itself (read without JavaScript); the island drops it to 0 when it starts.
 */
export function StatCounter({ value, label }: { value: string; label: string }) {
  const rootRef = useIsland(mountCounters, undefined);
  const countable = parseCountable(value) !== null;

  return (
    <Stack ref={rootRef} gap="1" align="center" textAlign="center" data-island="counters">
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
        {value}
      </Text>
      <VisuallyHidden>{`${value} ${label}`}</VisuallyHidden>
      <Text as="span" aria-hidden="true" color="gray.700" fontWeight="medium">
        {label}
      </Text>
    </Stack>
  );
}
