import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { HStack } from '@chakra-ui/react/stack';
import { Link as RouterLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Logo } from '../Logo';
import { DeferredToaster } from './DeferredToaster';
import { MAIN_CONTENT_ID, SkipLink } from '../SkipLink';
import { useAppReady } from '../../lib/useAppReady';

const legalLinkStyle = {
  color: 'fg.muted',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  _hover: { color: 'brand.600' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px', rounded: 'sm' },
} as const;

/** Card centred across the page, with links to the privacy policy and terms. */
export function AuthLayout({ children }: { children: ReactNode }) {
  useAppReady();
  return (
    // Top-aligned, not centred vertically: a centred card moves whenever its height changes, and the prerendered
    // sign-in page can paint before its HTML is fully parsed (a layout shift of ~0.09 in Lighthouse).
    <Flex direction="column" align="center" minH="100dvh" gap="6" px="4" pt={{ base: '10', md: '16' }} pb="10" bg="bg" color="fg">
      <SkipLink />
      <Logo />
      <Box
        as="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        outline="none"
        w="full"
        maxW="lg"
        bg="white"
        rounded="xl"
        shadow="md"
        borderWidth="1px"
        borderColor="gray.200"
        p={{ base: '6', md: '8' }}
      >
        {children}
        <DeferredToaster />
      </Box>
      <HStack as="nav" aria-label="Legal" gap="6" fontSize="sm">
        <Box asChild {...legalLinkStyle}>
          <RouterLink to="/privacy">Privacy Policy</RouterLink>
        </Box>
        <Box asChild {...legalLinkStyle}>
          <RouterLink to="/terms">Terms of Service</RouterLink>
        </Box>
      </HStack>
    </Flex>
  );
}
