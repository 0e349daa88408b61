import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { essaysApi, essaysKeys } from '../queries';
import type { Essay } from '../essay-rules';

/**
 * After an action the server answers with the essay as it now is: that becomes the detail's data at once, and
 * every other essay query (lists, dashboard figures, pending ratings) is refetched. The detail itself is not: its
 * answer is the one just received.
 */
export async function applyEssayChange(queryClient: QueryClient, essay: Essay): Promise<void> {
  const detail = essaysKeys.detail(essay._id);
  queryClient.setQueryData(detail, essay);
  await queryClient.invalidateQueries({
    queryKey: essaysKeys.all,
    predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(detail),
  });
}

type Action = 'updateWordCount' | 'confirmPrice' | 'acceptFeedback' | 'requestRevision' | 'cancel' | 'giveRating';

function useEssayMutation<V>(action: Action, call: (variables: V) => Promise<{ message: string; essay: Essay }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...essaysKeys.all, action],
    mutationFn: call,
    onSuccess: (result) => applyEssayChange(queryClient, result.essay),
  });
}

export function useUpdateWordCount() {
  return useEssayMutation('updateWordCount', (v: { essayId: string; wordCount: number }) => essaysApi.updateWordCount(v.essayId, v.wordCount));
}

export function useConfirmPrice() {
  return useEssayMutation('confirmPrice', (v: { essayId: string; pricePence: number }) => essaysApi.confirmPrice(v.essayId, v.pricePence));
}

export function useAcceptFeedback() {
  return useEssayMutation('acceptFeedback', (essayId: string) => essaysApi.acceptFeedback(essayId));
}

export function useRequestRevision() {
  return useEssayMutation('requestRevision', (essayId: string) => essaysApi.requestRevision(essayId));
}

export function useCancelEssay() {
  return useEssayMutation('cancel', (essayId: string) => essaysApi.cancel(essayId));
}

export function useGiveRating() {
  return useEssayMutation('giveRating', (v: { essayId: string; ratings: number; feedback?: string }) => essaysApi.giveRating(v));
}
