import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import type { ErrorComponentProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { RouteError } from '../../../components/ui/RouteStates';
import { Skeleton } from '../../../components/ui/Skeleton';

// The profile pages' frame and the routes' loading and error states. A module of their own: the router loads a
// route's pendingComponent at start-up, so these must not bring the profile forms (two-factor, subjects) with them.

/** A profile page: its heading, then `children` (the profile, or the route's placeholder or error line). */
export function ProfilePageFrame({ children }: { children: ReactNode }) {
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl" fontWeight="bold">
        My Profile
      </Heading>
      {children}
    </Stack>
  );
}

function ProfileSkeleton() {
  return (
    <Stack gap="6" aria-busy="true" aria-label="Loading profile">
      <HStack gap="4">
        <Skeleton boxSize="20" rounded="full" />
        <Stack flex="1">
          <Skeleton h="6" w="40%" />
          <Skeleton h="4" w="30%" />
        </Stack>
      </HStack>
      <Skeleton h="24" />
      <Skeleton h="40" />
    </Stack>
  );
}

/** The profile routes' `pendingComponent`: the page's heading over a profile-shaped placeholder. */
export function ProfilePending() {
  return (
    <ProfilePageFrame>
      <ProfileSkeleton />
    </ProfilePageFrame>
  );
}

/**
 * The profile routes' `errorComponent`: the page's heading over the error line (with Try again). With `headline`,
 * the page's text leads whatever the server said, its helpful detail under it (see LoadError).
 */
export const profileRouteError = (fallback: string, options: { headline?: boolean } = {}) =>
  function ProfileRouteError(props: ErrorComponentProps) {
    return (
      <ProfilePageFrame>
        <RouteError {...props} {...(options.headline ? { headline: fallback } : { fallback })} />
      </ProfilePageFrame>
    );
  };
