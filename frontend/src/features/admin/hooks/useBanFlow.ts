import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BanTarget } from '../components/AdminBits';
import { adminKeys, setBanned } from '../queries';
import { banFailure } from '../rules';

/**
 * Ban / unban from a management screen: the target awaiting the Yes, the request, and the failure alert (spec:
 * "Failed to ban student. Please try again."; the dialog closes either way). The lists update without a reload.
 */
export function useBanFlow(kind: 'student' | 'tutor') {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<BanTarget | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (t: BanTarget) => setBanned(kind, t.id, t.ban),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: kind === 'student' ? adminKeys.students() : adminKeys.tutors() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() }),
        queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'audit'] }),
      ]),
    onError: (_error, t) => setFailure(banFailure(kind, t.ban)),
    onSettled: () => setTarget(null),
  });
  return {
    target,
    failure,
    pending: mutation.isPending,
    ask: (t: BanTarget) => {
      setFailure(null);
      setTarget(t);
    },
    cancel: () => setTarget(null),
    confirm: () => target && mutation.mutate(target),
  };
}
