import { useQueryClient } from '@tanstack/react-query';
import { useChatReconnected, useChatSocketEvent } from '../../../components/chat/ChatSocketProvider';
import { essaysKeys } from '../queries';

/**
 * The student's essays stay current while the tutor acts: each `essayChanged` on the session's socket
 * (the tutor accepted, confirmed the count, marked, …) makes every essay query read again — the open essay's page
 * shows its new status and actions without a reload; so does a reconnection (what was sent meanwhile was missed).
 */
export function useLiveEssays(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: essaysKeys.all });
  useChatSocketEvent('essayChanged', refresh);
  useChatReconnected(refresh);
}
