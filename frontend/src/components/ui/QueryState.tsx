import { Stack } from '@chakra-ui/react/stack';
import type { ReactNode } from 'react';
import { isApiError } from '../../api/client';
import { LoadError } from './LoadError';
import { SkeletonStack } from './Skeleton';

/**
 * What QueryState reads of a query: a TanStack Query result, or an object a hook builds over several queries in the
 * same shape (`refetch` is Try again).
 */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** The page's own load-failure line when the server gave no message ("Failed to load essays."). */
  errorFallback?: string;
  /** The page's failure text, shown whatever the server said (its helpful detail under it): see LoadError. */
  errorHeadline?: string;
  /** LoadError's `inline` form: the headline over the server's message with a small "Try Again" in the alert. */
  errorInline?: boolean;
  /** Shown over the failure (the page's h1 when the page is only the loaded thing, or a bold "Error"). */
  errorTitle?: ReactNode;
  /** Shown instead of the failure line when the server answered 404 (the thing is gone or not the reader's). */
  notFound?: ReactNode;
  /**
   * The whole failure state, for a side detail whose failure is a quiet note rather than the page's error line
   * (no Try again): replaces the failure line, `errorTitle` and `notFound`.
   */
  errorContent?: ReactNode;
  /** Shown while loading: a placeholder shaped like the content (default: three blocks labelled `loadingLabel`). */
  skeleton?: ReactNode;
  loadingLabel?: string;
  /** When the data counts as nothing to show (default: an empty array); `empty` is shown instead of `children`. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

const isEmptyArray = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * A TanStack Query result's three other states in one place: the skeleton while it loads, the spec's error line
 * ("Error: {message}") with Try again when it fails, the empty message when there is nothing; else `children(data)`.
 */
export function QueryState<T>(props: QueryStateProps<T>) {
  const { query, skeleton, loadingLabel = 'Loading', isEmpty = isEmptyArray, empty, children } = props;
  if (query.isPending) return <>{skeleton ?? <SkeletonStack label={loadingLabel} />}</>;
  if (query.isError) return <QueryFailure {...props} />;
  const data = query.data as T;
  if (empty !== undefined && isEmpty(data)) return <>{empty}</>;
  return <>{children(data)}</>;
}

function QueryFailure<T>({ query, errorFallback, errorHeadline, errorInline, errorTitle, notFound, errorContent }: QueryStateProps<T>) {
  if (errorContent !== undefined) return <>{errorContent}</>;
  const failure =
    notFound !== undefined && isApiError(query.error) && query.error.status === 404 ? (
      notFound
    ) : (
      <LoadError error={query.error} fallback={errorFallback} headline={errorHeadline} inline={errorInline} onRetry={() => void query.refetch()} />
    );
  if (errorTitle === undefined) return failure;
  return (
    <Stack gap="3">
      {errorTitle}
      {failure}
    </Stack>
  );
}
