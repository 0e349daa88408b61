/**
 * One conversation between a student and a tutor, as the web app caches it: the chats' thread and an essay's
 * word-count discussion are the same thread (one message store on the server; a discussion's messages carry its
 * `essayId`), so both read it here, under one query key (`chatKeys.messages`), kept live by `useConversation`.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type Schema } from '../../api/client';
import { chatKeys, type ChatRole } from './chat-keys';
import { mergeFetched, type ConversationData } from './thread-state';

export type ChatMessagesPage = Schema<'ChatMessagesDto'>;

/** How many messages one page of history holds. */
export const CONVERSATION_PAGE_SIZE = 50;

/** One page of a thread, oldest first; `before` (a message id) pages backwards. */
export async function fetchMessages(role: ChatRole, contactId: string, before?: string): Promise<ChatMessagesPage> {
  const query = { query: before ? { before, limit: CONVERSATION_PAGE_SIZE } : { limit: CONVERSATION_PAGE_SIZE } };
  return role === 'student'
    ? unwrap(api.GET('/api/student/messages/{tutorId}', { params: { path: { tutorId: contactId }, ...query } }))
    : unwrap(api.GET('/api/tutor/messages/{studentId}', { params: { path: { studentId: contactId }, ...query } }));
}

/**
 * The thread with `contactId`: the newest page, merged with what the cache already shows (own messages still on
 * their way, older pages, messages that arrived live meanwhile: `mergeFetched`). Never stale by time: the socket
 * keeps it current, and it is read again only when something may have been missed (a reconnection, a thread shown
 * again after nobody listened). No interval, no refetch on focus.
 */
export const conversationQuery = (role: ChatRole, contactId: string) =>
  queryOptions({
    queryKey: chatKeys.messages(role, contactId),
    queryFn: async ({ client, queryKey }): Promise<ConversationData> => {
      const page = await fetchMessages(role, contactId);
      return mergeFetched(client.getQueryData<ConversationData>(queryKey), page);
    },
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** Every cached conversation, of either role (a reconnection may have missed messages in any of them). */
export const isConversationKey = (queryKey: readonly unknown[]) => queryKey[0] === chatKeys.all[0] && queryKey[2] === 'messages';
