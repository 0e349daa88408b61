import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from './LoadError';
import { SkeletonStack } from './Skeleton';

export interface QueryStateProps<T> {
  query: Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'error' | 'data' | 'refetch'>;
  /** The page's own load-failure line when the server gave no message ("Failed to load essays."). */
  errorFallback: string;
  /** The page's failure text, shown whatever the server said (its helpful detail under it): see LoadError. */
  errorHeadline?: string;
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
export function QueryState<T>({ query, errorFallback, errorHeadline, skeleton, loadingLabel = 'Loading', isEmpty = isEmptyArray, empty, children }: QueryStateProps<T>) {
  if (query.isPending) return <>{skeleton ?? <SkeletonStack label={loadingLabel} />}</>;
  if (query.isError) return <LoadError error={query.error} fallback={errorFallback} headline={errorHeadline} onRetry={() => void query.refetch()} />;
  const data = query.data as T;
  if (empty !== undefined && isEmpty(data)) return <>{empty}</>;
  return <>{children(data)}</>;
}
