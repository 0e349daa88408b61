import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Container } from '@chakra-ui/react/container';
import { Flex } from '@chakra-ui/react/flex';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Link as RouterLink, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { BRAND } from '../brand';
import { TOP_MENU } from '../content/site';
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

export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  // Close the mobile menu whenever the page changes.
  useEffect(() => setOpen(false), [pathname]);

  // Signed in: the dashboard instead of "Log in" (issue 30). Read after the first paint, so the prerendered HTML
  // (everyone's) and the first client render agree.
  const [dashboard, setDashboard] = useState<DashboardPath | null>(null);
  useEffect(() => setDashboard(signedInDashboard()), []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <Box as="header" bg="white" borderBottomWidth="1px" borderColor="gray.200" position="sticky" top="0" zIndex="sticky">
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
              {dashboard ? <RouterLink to={dashboard}>Dashboard</RouterLink> : <RouterLink to="/login">Log in</RouterLink>}
            </Button>
            <Button asChild bg={BRAND.primaryStrong} color="white" _hover={{ bg: BRAND.primaryHover }}>
              <RouterLink to="/register" search={{ role: 'student' }}>Get Started</RouterLink>
            </Button>
          </HStack>

          <Button
            ref={toggleRef}
            hideFrom="md"
            variant="ghost"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <FiX aria-hidden /> : <FiMenu aria-hidden />}
          </Button>
        </Flex>
      </Container>

      <Box id={menuId} hidden={!open} hideFrom="md" borderTopWidth="1px" borderColor="gray.200" bg="white">
        <Stack as="nav" aria-label="Main" gap="1" px="4" py="3">
          {TOP_MENU.map((item) => (
            <Box key={item.to} asChild {...navLinkStyle} onClick={() => setOpen(false)}>
              <RouterLink to={item.to} activeOptions={{ exact: true }}>
                {item.label}
              </RouterLink>
            </Box>
          ))}
          <Flex gap="2" pt="2">
            <Button asChild variant="outline" flex="1" onClick={() => setOpen(false)}>
              {dashboard ? <RouterLink to={dashboard}>Dashboard</RouterLink> : <RouterLink to="/login">Log in</RouterLink>}
            </Button>
            <Button
              asChild
              flex="1"
              bg={BRAND.primaryStrong}
              color="white"
              _hover={{ bg: BRAND.primaryHover }}
              onClick={() => setOpen(false)}
            >
              <RouterLink to="/register" search={{ role: 'student' }}>Get Started</RouterLink>
            </Button>
          </Flex>
        </Stack>
      </Box>
    </Box>
  );
}
