import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Text } from '@chakra-ui/react/text';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FiLogOut } from 'react-icons/fi';
import { useSession } from '../../features/auth/session';
import { Logo } from '../Logo';
import { AppToaster } from '../../features/auth/toaster';
import { MAIN_CONTENT_ID, SkipLink } from '../SkipLink';

/** Signed-in page without the dashboard sidebar (used by /tutor-onboarding). */
export function FocusedLayout({ children }: { children: ReactNode }) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return (
    <Flex direction="column" minH="100dvh" bg="bg" color="fg">
      <SkipLink />
      <Flex as="header" h="64px" align="center" justify="space-between" px={{ base: '4', md: '6' }} bg="white" borderBottomWidth="1px" borderColor="gray.200">
        <Logo />
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            signOut();
            void navigate({ to: '/login', replace: true });
          }}
        >
          <FiLogOut aria-hidden />
          Logout
        </Button>
      </Flex>
      <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} outline="none" flex="1" w="full" maxW="4xl" mx="auto" p={{ base: '4', md: '8' }}>
        {children}
        <AppToaster />
      </Box>
      <Box as="footer" px={{ base: '4', md: '6' }} py="4" borderTopWidth="1px" borderColor="gray.200" bg="white">
        <Text fontSize="sm" color="fg.muted">
          © {new Date().getFullYear()} Redpen
        </Text>
      </Box>
    </Flex>
  );
}
