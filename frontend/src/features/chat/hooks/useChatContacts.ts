import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useChatReconnected, useChatSocketEvent } from '../../../components/chat/ChatSocketProvider';
import type { ChatMessage } from '../../../components/chat/chat-events';
import { chatContactsQuery, chatKeys, type ChatContact, type ChatRole } from '../queries';

/**
 * The contact list, kept live: presence from the socket, the last message and unread count of each message
 * (`noteMessage`), a reload when the tab becomes visible again and after the socket reconnects (what was sent
 * meanwhile was missed). The cache is the sidebar's too (`useChatUnreadTotal`).
 */
export function useChatContacts(role: ChatRole) {
  const queryClient = useQueryClient();
  const contacts = useQuery(chatContactsQuery(role));
  const contactsKey = chatKeys.contacts(role);

  const patchContact = useCallback(
    (contactId: string, patch: (contact: ChatContact) => Partial<ChatContact>) =>
      queryClient.setQueryData<ChatContact[]>(chatKeys.contacts(role), (list) => list?.map((c) => (c._id === contactId ? { ...c, ...patch(c) } : c))),
    [queryClient, role],
  );

  /** A message to or from `contactId`: it becomes their last message; `unread` counts it as not yet seen. */
  const noteMessage = (contactId: string, message: ChatMessage, unread: boolean) =>
    queryClient.setQueryData<ChatContact[]>(contactsKey, (list) => {
      if (!list?.some((c) => c._id === contactId)) {
        // Someone new (an essay accepted a moment ago): the list is out of date.
        void queryClient.invalidateQueries({ queryKey: contactsKey });
        return list;
      }
      const lastMessage = { _id: message._id, sender: message.sender, content: message.content, timestamp: message.timestamp };
      return list.map((c) => (c._id === contactId ? { ...c, lastMessage, unreadCount: unread ? c.unreadCount + 1 : c.unreadCount } : c));
    });

  useChatSocketEvent('presence', ({ userId, online }) => patchContact(userId, () => ({ online })));
  useChatReconnected(() => void queryClient.invalidateQueries({ queryKey: chatKeys.all }));

  const { refetch } = contacts;
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refetch]);

  return { contacts, patchContact, noteMessage };
}
