import { Box } from '@chakra-ui/react/box';
import type { ReactNode } from 'react';

/**
 * What a status means, not its colour: features map their statuses to a tone (`essay-rules.ts` STATUS_TONES,
 * `essay-reviews/rules.ts` essayBadge), and this file alone maps a tone to colours (the spec's badge colours:
 * warning, info, primary, error, success).
 */
export type StatusTone = 'neutral' | 'info' | 'primary' | 'success' | 'warning' | 'error';

export const STATUS_TONE_COLOURS: Record<StatusTone, { bg: string; color: string }> = {
  neutral: { bg: 'gray.100', color: 'gray.800' },
  info: { bg: 'blue.100', color: 'blue.800' },
  primary: { bg: 'brand.50', color: 'brand.700' },
  success: { bg: 'green.100', color: 'green.800' },
  warning: { bg: 'orange.100', color: 'orange.800' },
  error: { bg: 'red.100', color: 'red.800' },
};

/** A status as a feature's rules describe it: the words to show and what they mean. */
export interface StatusLabel {
  label: string;
  tone: StatusTone;
}

export type StatusBadgeProps = { status: StatusLabel } | { tone?: StatusTone; children: ReactNode };

/**
 * The one badge for a status label (an essay's state, a tutor's approval, a payout account's setup): pass the
 * rules' `{ label, tone }` as `status`, or a `tone` and the words.
 */
export function StatusBadge(props: StatusBadgeProps) {
  const tone = 'status' in props ? props.status.tone : (props.tone ?? 'neutral');
  const children = 'status' in props ? props.status.label : props.children;
  const colours = STATUS_TONE_COLOURS[tone];
  return (
    <Box
      as="span"
      display="inline-block"
      px="2"
      py="0.5"
      rounded="md"
      fontSize="xs"
      fontWeight="semibold"
      whiteSpace="nowrap"
      bg={colours.bg}
      color={colours.color}
      data-tone={tone}
    >
      {children}
    </Box>
  );
}
