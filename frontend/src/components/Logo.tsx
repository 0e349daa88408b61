import { Box } from '@chakra-ui/react/box';
import { Link as RouterLink } from '@tanstack/react-router';

export interface LogoProps {
  /** Show only the initial (collapsed sidebar). */
  compact?: boolean;
  onClick?: () => void;
}

/** The wordmark; always links to `/`. */
export function Logo({ compact = false, onClick }: LogoProps) {
  return (
    <Box
      asChild
      display="inline-flex"
      alignItems="center"
      fontSize="2xl"
      fontWeight="extrabold"
      letterSpacing="tight"
      color="primary"
      rounded="md"
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' }}
    >
      <RouterLink to="/" aria-label="Redpen home" onClick={onClick}>
        <span aria-hidden="true">{compact ? 'R' : 'Redpen'}</span>
      </RouterLink>
    </Box>
  );
}
