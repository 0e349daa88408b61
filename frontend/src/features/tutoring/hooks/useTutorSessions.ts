import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toastError } from '../../../components/ui/toaster';
import { useDebouncedValue } from '../../../lib/hooks/useDebouncedValue';
import { useNow } from '../../../lib/hooks/useNow';
import { browser, tutorSessionsQuery, tutoringApi, tutoringKeys, type TutoringSession } from '../queries';
import { sessionTiming } from '../rules';
import { loadErrorDetail } from '../../../components/ui/LoadError';
import type { QueryLike } from '../../../components/ui/QueryState';

export type TutorSessionsFilter = 'all' | 'ongoing' | 'upcoming' | 'completed';
export const SECTIONS = [
  { key: 'active', title: 'Active Sessions', filter: 'ongoing' },
  { key: 'upcoming', title: 'Upcoming Sessions', filter: 'upcoming' },
  { key: 'completed', title: 'Completed Sessions', filter: 'completed' },
] as const;

/**
 * The tutor's session management: the server's three lists (pending, in progress, completed),
 * regrouped by the viewer's clock so a session moves section when it starts or ends; purpose search; Get Paid.
 */
export function useTutorSessions() {
  const queryClient = useQueryClient();
  const now = useNow(30_000);
  const [filter, setFilter] = useState<TutorSessionsFilter>('all');
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, 200).trim().toLowerCase();
  const lists = [useQuery(tutorSessionsQuery('pending')), useQuery(tutorSessionsQuery('inProgress')), useQuery(tutorSessionsQuery('completed'))];
  const sessions = lists.flatMap((q) => q.data ?? []).filter((s) => s.purpose.toLowerCase().includes(search));
  const byTiming = (timing: 'active' | 'upcoming' | 'completed') => {
    const picked = sessions.filter((s) => sessionTiming(s, now) === timing);
    // Pending and in progress ascending, completed descending.
    return picked.sort((a, b) => (timing === 'completed' ? -1 : 1) * (Date.parse(a.startTime) - Date.parse(b.startTime)));
  };
  const sections = SECTIONS.filter((section) => filter === 'all' || filter === section.filter).map((section) => ({
    ...section,
    sessions: byTiming(section.key),
  }));

  const payout = useMutation({
    mutationFn: (session: TutoringSession) => tutoringApi.payout(session._id),
    onSuccess: (url) => {
      void queryClient.invalidateQueries({ queryKey: tutoringKeys.sessions() });
      browser.go(url);
    },
    onError: (error) => toastError('Failed to generate payment link', loadErrorDetail(error)),
  });

  // The three lists as one query for QueryState: loading until all have answered, failed when one failed (Try
  // again reloads the failed ones), the data the sections.
  const failed = lists.find((q) => q.isError);
  const query: QueryLike<typeof sections> = {
    isPending: lists.some((q) => q.isPending),
    isError: failed !== undefined,
    error: failed?.error ?? null,
    data: sections,
    refetch: () => lists.forEach((q) => q.isError && void q.refetch()),
  };
  return {
    now,
    filter,
    setFilter,
    searchText,
    setSearchText,
    query,
    payout,
  };
}
