import { useQueryClient } from '@tanstack/react-query';
import { useChatSocketEvent } from '../../../components/chat/ChatSocketProvider';
import { useSession } from '../../../lib/session';
import { chatContactsQuery, type ChatRole } from '../queries';

/**
 * The sidebar's unread count stays true on every page: a message to me, or my reading a thread anywhere
 * (the chats, an essay's discussion, another tab), makes the contacts (and their unread counts) read again.
 */
export function useLiveChatUnread(role: ChatRole): void {
  const queryClient = useQueryClient();
  const myId = useSession().session?.user._id;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: chatContactsQuery(role).queryKey });
  useChatSocketEvent('receiveMessage', (message) => {
    if (message.recipient === myId) refresh();
  });
  useChatSocketEvent('messagesRead', ({ readerId }) => {
    if (readerId === myId) refresh();
  });
}
