import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import type { ReactNode } from 'react';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/SkipLink';
import { useAppReady } from '../../../lib/useAppReady';

/** Top bar, content, footer. The page components own everything inside <main>. */
export function PublicLayout({ children }: { children: ReactNode }) {
  useAppReady();
  return (
    <Flex direction="column" minH="100dvh" bg="bg" color="fg">
      <SkipLink />
      <SiteHeader />
      <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} flex="1" outline="none">
        {children}
      </Box>
      <SiteFooter />
    </Flex>
  );
}
