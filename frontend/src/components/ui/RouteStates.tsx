import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { LoadError } from './LoadError';
import { Skeleton } from './Skeleton';

/**
 * What a route shows while its loader waits (`pendingComponent`): a page-shaped placeholder, a heading bar and
 * two blocks, so the layout does not jump when the page arrives. Pages with a distinct shape pass their own.
 */
export function RoutePending({ label = 'Loading page' }: { label?: string }) {
  return (
    <Stack gap="6" aria-busy="true" aria-label={label}>
      <Skeleton h="9" w="40%" />
      <Skeleton h="40" rounded="xl" />
      <Skeleton h="64" rounded="xl" />
    </Stack>
  );
}

/**
 * What a route shows when its loader (or a page below it) failed (`errorComponent`): the spec's error line
 * ("Error: {message}", else `fallback`) with Try again, which clears the error and runs the loaders again.
 */
export function RouteError({
  error,
  reset,
  fallback = 'Something went wrong loading this page.',
  headline,
}: Pick<ErrorComponentProps, 'error' | 'reset'> & { fallback?: string; headline?: string }) {
  const router = useRouter();
  return (
    <LoadError
      error={error}
      fallback={fallback}
      headline={headline}
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}

/** A route's `errorComponent` with the page's own fallback line: `errorComponent: routeError('Could not load user profile.')`. */
export const routeError = (fallback: string) =>
  function PageRouteError(props: ErrorComponentProps) {
    return <RouteError {...props} fallback={fallback} />;
  };

/**
 * A route's `errorComponent` that keeps the page around the failure: its title (h1) over the page's own failure
 * text (`headline`, whatever the server said; its helpful detail under it) and Try again.
 */
export const pageRouteError = (title: string, headline: string) =>
  function PageFailure(props: ErrorComponentProps) {
    return (
      <Stack gap="6">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <RouteError {...props} headline={headline} />
      </Stack>
    );
  };
