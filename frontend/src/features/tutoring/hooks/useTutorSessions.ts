import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toastError } from '../../../components/ui/toaster';
import { useDebouncedValue } from '../../../lib/hooks/useDebouncedValue';
import { useNow } from '../../../lib/hooks/useNow';
import { browser, tutorSessionsQuery, tutoringApi, tutoringKeys, type TutoringSession } from '../queries';
import { sessionTiming } from '../rules';
import { loadErrorDetail } from '../../../components/ui/LoadError';

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
  const loading = lists.some((q) => q.isPending);
  const failed = lists.find((q) => q.isError);

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

  const retry = () => lists.forEach((q) => q.isError && void q.refetch());
  return {
    now,
    filter,
    setFilter,
    searchText,
    setSearchText,
    loading,
    failed: failed?.error ?? null,
    retry,
    sections,
    payout,
  };
}
