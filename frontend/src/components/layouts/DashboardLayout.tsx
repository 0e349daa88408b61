import { Box } from '@chakra-ui/react/box';
import { Button, ButtonGroup, IconButton } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Stack } from '@chakra-ui/react/stack';
import { Link as RouterLink, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { FiChevronsLeft, FiChevronsRight, FiMenu } from 'react-icons/fi';
import { dashboardPath, useSession, type Role, type SwitchableRole } from '../../lib/session';
import { ChatSocketProvider } from '../chat/ChatSocketProvider';
import { NotificationBell } from '../notifications/NotificationBell';
import { Logo } from '../Logo';
import { DeferredToaster } from './DeferredToaster';
import { MAIN_CONTENT_ID, SkipLink } from '../SkipLink';
import { NAVIGATION, ROLE_LABELS, type NavItem } from './nav-items';
import { AppFooter } from './AppFooter';
import { LogoutButton } from './LogoutButton';
import { useAppReady } from '../../lib/useAppReady';
import { lazyOnIntent } from '../ui/lazyOnIntent';

/** Sidebar widths from the spec. */
export const SIDEBAR_WIDTH_EXPANDED = 256;
export const SIDEBAR_WIDTH_COLLAPSED = 80;
const HEADER_HEIGHT = '64px';

/** The mobile drawer's module: fetched on the menu button's first hover, focus or press (intent), not with the page. */
const { Component: MobileNavDrawer, intent: drawerIntent } = lazyOnIntent(() => import('./MobileNavDrawer'));

export interface DashboardLayoutProps {
  /** The route group's role: picks the sidebar items and the active side of the role switch. */
  role: Role;
  /** Counts shown beside sidebar items, by the item's path (e.g. unread chats). */
  badges?: Partial<Record<string, number>>;
  children: ReactNode;
}

/**
 * Signed-in shell for the student, tutor and admin groups: collapsible sidebar on desktop (≥ lg),
 * slide-in drawer on mobile, header with menu button, role switch and Logout, footer. It holds the session's one
 * chat socket (`ChatSocketProvider`; students and tutors only), opened by the header's notification bell on every
 * page, so "online" means signed in with the app open anywhere.
 */
export function DashboardLayout({ role, badges, children }: DashboardLayoutProps) {
  useAppReady();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer mounts from the first open on (then stays, so it can animate closed and open again).
  const [drawerUsed, setDrawerUsed] = useState(false);
  const navId = useId();
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  // Close the drawer after navigating.
  useEffect(() => setDrawerOpen(false), [pathname]);

  const navigation = NAVIGATION[role];
  const width = collapsed ? SIDEBAR_WIDTH_COLLAPSED : SIDEBAR_WIDTH_EXPANDED;

  return (
    <ChatSocketProvider enabled={role !== 'admin'}>
      <Flex minH="100dvh" bg="bg" color="fg">
        <SkipLink />

        {/* Desktop sidebar: in the flow with a fixed width from the first paint, so nothing shifts. The aside
            stretches with the page (its background and border reach the bottom of a long page); its contents stay
            in view through the inner sticky column. */}
        <Box
          as="aside"
          aria-label="Sidebar"
          data-testid="desktop-sidebar"
          data-collapsed={collapsed ? 'true' : 'false'}
          display={{ base: 'none', lg: 'block' }}
          alignSelf="stretch"
          flexShrink={0}
          w={`${width}px`}
          bg="white"
          borderRightWidth="1px"
          borderColor="gray.200"
          transition="width 0.2s ease"
        >
          <Flex direction="column" position="sticky" top="0" h="100dvh" overflowX="hidden" overflowY="auto">
            <Flex
              h={HEADER_HEIGHT}
              flexShrink={0}
              align="center"
              justify={collapsed ? 'center' : 'space-between'}
              px={collapsed ? '2' : '5'}
              borderBottomWidth="1px"
              borderColor="gray.200"
            >
              <Logo compact={collapsed} />
            </Flex>
            <SidebarNav id={navId} navigation={navigation} collapsed={collapsed} badges={badges} />
            <Box p="3" borderTopWidth="1px" borderColor="gray.200">
              <Button
                variant="ghost"
                size="sm"
                w="full"
                justifyContent={collapsed ? 'center' : 'flex-start'}
                aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
                aria-controls={navId}
                onClick={() => setCollapsed((value) => !value)}
              >
                {collapsed ? <FiChevronsRight aria-hidden /> : <FiChevronsLeft aria-hidden />}
                {!collapsed && <span aria-hidden="true">Collapse</span>}
              </Button>
            </Box>
          </Flex>
        </Box>

        <Flex direction="column" flex="1" minW="0">
          <Flex
            as="header"
            h={HEADER_HEIGHT}
            flexShrink={0}
            align="center"
            gap="3"
            px={{ base: '4', md: '6' }}
            bg="white"
            borderBottomWidth="1px"
            borderColor="gray.200"
            position="sticky"
            top="0"
            zIndex="sticky"
          >
            <IconButton
              hideFrom="lg"
              variant="ghost"
              aria-label="Open navigation menu"
              aria-haspopup="dialog"
              aria-expanded={drawerOpen}
              {...drawerIntent}
              onClick={() => {
                setDrawerUsed(true);
                setDrawerOpen(true);
              }}
            >
              <FiMenu aria-hidden />
            </IconButton>
            <Box hideFrom="lg">
              <Logo />
            </Box>
            <Box flex="1" />
            {/* Below md the role switch ("Become a Tutor" is long) moves into the drawer: at 375 px it pushed
                Logout off the screen. Logout stays in the header at every width. */}
            <Box hideBelow="md">
              <RoleSwitch activeRole={role} />
            </Box>
            {/* The bell subscribes to the session's socket, so any signed-in page of a student or tutor opens it:
                that is presence. Admins have no notices. */}
            {role !== 'admin' && <NotificationBell />}
            <LogoutButton />
          </Flex>

          <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} flex="1" p={{ base: '4', md: '6', lg: '8' }} outline="none">
            {children}
            <DeferredToaster />
          </Box>

          <AppFooter />
        </Flex>

        {/* Mobile drawer (below lg), loaded on first use. */}
        {drawerUsed && (
          <MobileNavDrawer
            open={drawerOpen}
            onOpenChange={setDrawerOpen}
            width={SIDEBAR_WIDTH_EXPANDED}
            header={<Logo onClick={() => setDrawerOpen(false)} />}
          >
            <Box hideFrom="md" px="3" pt="3" _empty={{ display: 'none' }}>
              <RoleSwitch activeRole={role} size="md" fullWidth />
            </Box>
            <SidebarNav navigation={navigation} collapsed={false} badges={badges} onNavigate={() => setDrawerOpen(false)} />
          </MobileNavDrawer>
        )}
      </Flex>
    </ChatSocketProvider>
  );
}

interface SidebarNavProps {
  id?: string;
  navigation: { primary: NavItem[]; secondary: NavItem[] };
  collapsed: boolean;
  onNavigate?: () => void;
  badges?: Partial<Record<string, number>>;
}

function SidebarNav({ id, navigation, collapsed, onNavigate, badges }: SidebarNavProps) {
  return (
    <Flex as="nav" id={id} aria-label="Dashboard" direction="column" flex="1" justify="space-between" gap="4" p="3">
      <NavList items={navigation.primary} collapsed={collapsed} onNavigate={onNavigate} badges={badges} />
      {navigation.secondary.length > 0 && (
        <Box borderTopWidth="1px" borderColor="gray.200" pt="3">
          <NavList items={navigation.secondary} collapsed={collapsed} onNavigate={onNavigate} />
        </Box>
      )}
    </Flex>
  );
}

function NavList({ items, collapsed, onNavigate, badges }: { items: NavItem[]; collapsed: boolean; onNavigate?: () => void; badges?: Partial<Record<string, number>> }) {
  return (
    <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
      {items.map((item) => (
        <li key={item.to ?? item.href}>
          <Flex
            asChild
            align="center"
            gap="3"
            minH="11"
            py="1"
            px={collapsed ? '0' : '3'}
            justify={collapsed ? 'center' : 'flex-start'}
            rounded="md"
            color="gray.700"
            fontWeight="medium"
            textDecoration="none"
            _hover={{ bg: 'gray.100', color: 'fg' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '-2px' }}
            css={{
              '&[data-status="active"]': { bg: 'brand.50', color: 'brand.600', fontWeight: 'semibold' },
            }}
          >
            <NavLink item={item} title={collapsed ? item.label : undefined} onClick={onNavigate}>
              <Box as="span" display="inline-flex" fontSize="lg" flexShrink={0} aria-hidden="true">
                <item.icon />
              </Box>
              {/* The label in full: a long one ("Payment Management") wraps to a second line inside the row's
                  44 px, so nothing is cut off and nothing below moves. */}
              <Box as="span" srOnly={collapsed} lineHeight="1.2" overflowWrap="break-word" minW="0">
                {item.label}
              </Box>
              {item.to && Boolean(badges?.[item.to]) && (
                <Box as="span" ms={collapsed ? '-2' : 'auto'} minW="5" px="1.5" rounded="full" bg="brand.500" color="white" fontSize="xs" textAlign="center" aria-label={`${badges![item.to]} unread`}>
                  {badges![item.to]}
                </Box>
              )}
            </NavLink>
          </Flex>
        </li>
      ))}
    </Stack>
  );
}

/** An app route through the router, or a page the API serves (Bull Board) in a new tab. */
function NavLink({ item, title, onClick, children, ...rest }: { item: NavItem; title?: string; onClick?: () => void; children: ReactNode }) {
  if (item.href !== undefined) {
    return (
      <a href={item.href} title={title} target="_blank" rel="noreferrer" onClick={onClick} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <RouterLink to={item.to} title={title} onClick={onClick} {...rest}>
      {children}
    </RouterLink>
  );
}

interface RoleSwitchProps {
  activeRole: Role;
  /** The header's is compact; the drawer's has full-size touch targets. */
  size?: 'md';
  /** Stretch the two buttons across the container (the drawer). */
  fullWidth?: boolean;
}

/** Student/Tutor switch (hidden for admin). Switching stores currentRole and replaces the history entry. */
export function RoleSwitch({ activeRole, size, fullWidth = false }: RoleSwitchProps) {
  const { isAdmin, isStudent, isTutor, setCurrentRole } = useSession();
  const navigate = useNavigate();
  if (isAdmin || activeRole === 'admin') return null;

  const choose = (role: SwitchableRole) => {
    if (role === activeRole) return;
    if (role === 'tutor' && !isTutor) {
      // "Become a Tutor" when there is no tutor profile.
      void navigate({ to: '/tutor-onboarding' });
      return;
    }
    setCurrentRole(role);
    void navigate({ to: dashboardPath(role), replace: true });
  };

  return (
    <ButtonGroup role="group" aria-label="Switch role" size={size ?? 'sm'} variant="outline" attached w={fullWidth ? 'full' : undefined}>
      {(['student', 'tutor'] as const).map((role) => {
        const active = role === activeRole;
        const label = role === 'tutor' && !isTutor ? 'Become a Tutor' : ROLE_LABELS[role];
        return (
          <Button
            key={role}
            aria-pressed={active}
            disabled={role === 'student' && !isStudent}
            onClick={() => choose(role)}
            flex={fullWidth ? '1' : undefined}
            bg={active ? 'brand.solid' : 'white'}
            color={active ? 'brand.contrast' : 'fg'}
            borderColor={active ? 'brand.solid' : 'gray.300'}
            _hover={{ bg: active ? 'brand.700' : 'gray.100' }}
          >
            {label}
          </Button>
        );
      })}
    </ButtonGroup>
  );
}

