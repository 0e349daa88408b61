import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { toastError, toastSuccess } from '../../../components/ui/toaster';
import { useNow } from '../../../lib/hooks/useNow';
import { studentSessionsQuery, tutoringApi, tutoringKeys, type TutoringSession } from '../queries';
import { localDayKey } from '../rules';

export type SessionsTab = 'all' | 'upcoming';

/** My Sessions' data: both lists (the calendar marks days from all of them), the tab, the chosen day, cancel and rate. */
export function useMySessions() {
  const queryClient = useQueryClient();
  const now = useNow(30_000);
  const [tab, setTab] = useState<SessionsTab>('upcoming');
  const [day, setDay] = useState<string | null>(null);
  const [rating, setRating] = useState<TutoringSession | null>(null);
  const [cancelling, setCancelling] = useState<TutoringSession | null>(null);
  const all = useQuery(studentSessionsQuery('all'));
  const list = useQuery(studentSessionsQuery(tab));

  const marked = useMemo(
    () => new Set((all.data ?? []).filter((s) => s.status === 'confirmed' || s.status === 'held').map((s) => localDayKey(Date.parse(s.startTime)))),
    [all.data],
  );
  const shown = day ? (list.data ?? []).filter((s) => localDayKey(Date.parse(s.startTime)) === day) : list.data;

  const cancel = useMutation({
    mutationFn: (id: string) => tutoringApi.cancelAsStudent(id),
    onSuccess: (answer) => toastSuccess(answer.message),
    onError: (error) => toastError(errorMessage(error, 'Failed to cancel session')),
    onSettled: () => {
      setCancelling(null);
      void queryClient.invalidateQueries({ queryKey: tutoringKeys.sessions() });
    },
  });

  const empty = day ? 'No sessions scheduled' : tab === 'all' ? 'No sessions found' : 'No upcoming sessions';
  return {
    now,
    tab,
    setTab,
    day,
    setDay,
    marked,
    list: { ...list, data: shown },
    empty,
    rating,
    setRating,
    cancelling,
    setCancelling,
    cancel,
  };
}
