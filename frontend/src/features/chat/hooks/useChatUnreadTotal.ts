import { useQuery } from '@tanstack/react-query';
import { chatContactsQuery, unreadTotal, type ChatRole } from '../queries';

/** Total unread messages for the sidebar's Chats item (kept live by the chat screen through the same cache). */
export function useChatUnreadTotal(role: ChatRole): number {
  const { data } = useQuery({ ...chatContactsQuery(role), retry: false });
  return unreadTotal(data);
}
