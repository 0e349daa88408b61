import { useQueryClient } from '@tanstack/react-query';
import { useChatReconnected, useChatSocketEvent } from '../../../components/chat/ChatSocketProvider';
import { essayReviewsKeys } from '../queries';

/**
 * The tutor's essays stay current while the student acts: each `essayChanged` on the session's socket
 * (the student paid, asked for a revision, accepted the feedback, cancelled, …) makes the tutor's essay queries read
 * again — the open discussion, marking page or list shows the new status and actions without a reload.
 */
export function useLiveEssayReviews(): void {
  const queryClient = useQueryClient();
  // The essays only: the discussion's thread is the chats' conversation, which keeps itself current (useConversation).
  const refresh = () => void queryClient.invalidateQueries({ queryKey: essayReviewsKeys.all });
  useChatSocketEvent('essayChanged', refresh);
  useChatReconnected(refresh);
}
