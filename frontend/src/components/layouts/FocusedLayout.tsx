import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import type { ReactNode } from 'react';
import { Logo } from '../Logo';
import { DeferredToaster } from './DeferredToaster';
import { MAIN_CONTENT_ID, SkipLink } from '../SkipLink';
import { AppFooter } from './AppFooter';
import { LogoutButton } from './LogoutButton';
import { useAppReady } from '../../lib/useAppReady';

/** Signed-in page without the dashboard sidebar (used by /tutor-onboarding). */
export function FocusedLayout({ children }: { children: ReactNode }) {
  useAppReady();
  return (
    <Flex direction="column" minH="100dvh" bg="bg" color="fg">
      <SkipLink />
      <Flex as="header" h="64px" align="center" justify="space-between" px={{ base: '4', md: '6' }} bg="white" borderBottomWidth="1px" borderColor="gray.200">
        <Logo />
        <LogoutButton />
      </Flex>
      <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} outline="none" flex="1" w="full" maxW="4xl" mx="auto" p={{ base: '4', md: '8' }}>
        {children}
        <DeferredToaster />
      </Box>
      <AppFooter />
    </Flex>
  );
}
