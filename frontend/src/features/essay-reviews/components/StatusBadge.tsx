import { Box } from '@chakra-ui/react/box';
import type { BadgeTone, EssayBadge } from '../rules';

// The spec's badge colours (part 2 §4): warning, info, primary, error, success. The shared Tag has no red or brand.
const TONES: Record<BadgeTone, { bg: string; color: string }> = {
  warning: { bg: 'orange.100', color: 'orange.800' },
  info: { bg: 'blue.100', color: 'blue.800' },
  primary: { bg: 'brand.50', color: 'brand.700' },
  error: { bg: 'red.100', color: 'red.800' },
  success: { bg: 'green.100', color: 'green.800' },
  neutral: { bg: 'gray.100', color: 'gray.800' },
};

export function StatusBadge({ badge }: { badge: EssayBadge }) {
  const tone = TONES[badge.tone];
  return (
    <Box as="span" display="inline-block" px="2" py="0.5" rounded="md" fontSize="xs" fontWeight="semibold" whiteSpace="nowrap" bg={tone.bg} color={tone.color} data-tone={badge.tone}>
      {badge.label}
    </Box>
  );
}
