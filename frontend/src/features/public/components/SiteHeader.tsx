import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Container } from '@chakra-ui/react/container';
import { Flex } from '@chakra-ui/react/flex';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Link as RouterLink, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { BRAND } from '../brand';
import { TOP_MENU } from '../content/site';
import { mountMenu } from '../islands/menu';
import { signedInDashboard, type DashboardPath } from '../signed-in';
import { FiMenu, FiX } from './icons';

const navLinkStyle = {
  px: '3',
  py: '2',
  rounded: 'md',
  fontWeight: 'medium',
  color: 'gray.800',
  _hover: { color: BRAND.primaryStrong, bg: 'gray.100' },
  css: { '&[data-status="active"]': { color: BRAND.primaryStrong, fontWeight: 'semibold' } },
} as const;

/**
 * The public site's top bar. Its mobile menu is an island (islands/menu.ts): on the static pages that module alone
 * runs it; inside the app this component mounts the same module on its own markup.
 */
export function SiteHeader() {
  const menuId = useId();
  const rootRef = useRef<HTMLElement>(null);
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  // Mounted again whenever the page changes, which also closes the menu.
  useEffect(() => (rootRef.current ? mountMenu(rootRef.current) : undefined), [pathname]);

  // Signed in: the dashboard instead of "Log in". Read after the first paint, so the prerendered HTML
  // (everyone's) and the first client render agree; on the static pages the menu island does the same swap.
  const [dashboard, setDashboard] = useState<DashboardPath | null>(null);
  useEffect(() => setDashboard(signedInDashboard()), []);
  const accountLink = dashboard ? (
    <RouterLink to={dashboard} data-account-link>
      Dashboard
    </RouterLink>
  ) : (
    <RouterLink to="/login" data-account-link>
      Log in
    </RouterLink>
  );

  return (
    <Box ref={rootRef} as="header" data-island="menu" bg="white" borderBottomWidth="1px" borderColor="gray.200" position="sticky" top="0" zIndex="sticky">
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Flex h="16" align="center" justify="space-between" gap="4">
          <Box asChild fontSize="2xl" fontWeight="extrabold" color={BRAND.primary} letterSpacing="tight">
            <RouterLink to="/" aria-label="Redpen home">
              Redpen
            </RouterLink>
          </Box>

          <HStack as="nav" aria-label="Main" gap="1" hideBelow="md">
            {TOP_MENU.map((item) => (
              <Box key={item.to} asChild {...navLinkStyle}>
                <RouterLink to={item.to} activeOptions={{ exact: true }}>
                  {item.label}
                </RouterLink>
              </Box>
            ))}
          </HStack>

          <HStack gap="2" hideBelow="md">
            <Button asChild variant="ghost" color="gray.800">
              {accountLink}
            </Button>
            <Button asChild bg={BRAND.primaryStrong} color="white" _hover={{ bg: BRAND.primaryHover }}>
              <RouterLink to="/register" search={{ role: 'student' }}>
                Get Started
              </RouterLink>
            </Button>
          </HStack>

          <Button data-menu-toggle hideFrom="md" variant="ghost" aria-expanded={false} aria-controls={menuId} aria-label="Open menu">
            <FiMenu aria-hidden className="rp-when-closed" />
            <FiX aria-hidden className="rp-when-open" />
          </Button>
        </Flex>
      </Container>

      {/* Without JavaScript the toggle is hidden and this panel shown (index.html's <noscript> style). */}
      <Box id={menuId} data-menu-panel hidden hideFrom="md" borderTopWidth="1px" borderColor="gray.200" bg="white">
        <Stack as="nav" aria-label="Main" gap="1" px="4" py="3">
          {TOP_MENU.map((item) => (
            <Box key={item.to} asChild {...navLinkStyle}>
              <RouterLink to={item.to} activeOptions={{ exact: true }}>
                {item.label}
              </RouterLink>
            </Box>
          ))}
          <Flex gap="2" pt="2">
            <Button asChild variant="outline" flex="1">
              {accountLink}
            </Button>
            <Button asChild flex="1" bg={BRAND.primaryStrong} color="white" _hover={{ bg: BRAND.primaryHover }}>
              <RouterLink to="/register" search={{ role: 'student' }}>
                Get Started
              </RouterLink>
            </Button>
          </Flex>
        </Stack>
      </Box>
    </Box>
  );
}
