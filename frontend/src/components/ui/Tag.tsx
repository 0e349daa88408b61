import { Box } from '@chakra-ui/react/box';
import type { ReactNode } from 'react';

/** A small coloured label (the theme ships no Badge recipe). */
export function Tag({ children, tone = 'gray' }: { children: ReactNode; tone?: 'gray' | 'green' | 'orange' | 'blue' }) {
  return (
    <Box as="span" display="inline-block" px="2" py="0.5" rounded="md" fontSize="xs" fontWeight="semibold" bg={`${tone}.100`} color={`${tone}.800`}>
      {children}
    </Box>
  );
}
