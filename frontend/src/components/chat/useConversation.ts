import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useChatReconnected, useChatSocket, useChatSocketEvent } from './ChatSocketProvider';
import type { ChatMessage } from './chat-events';
import { chatKeys, type ChatRole } from './chat-keys';
import { conversationQuery, fetchMessages, isConversationKey } from './conversation';
import { addIncoming, addPending, confirm, fail, prependOlder, retrying, type ConversationData, type ThreadMessage } from './thread-state';

/** A send's id, sent with it and kept by its retries (the server takes 8–64 of A–Z a–z 0–9 _ -). */
const newClientId = () => globalThis.crypto?.randomUUID?.() ?? `c-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

const NO_ANSWER = 'no answer from the server';

export interface ConversationOptions {
  /** Whose side the caller writes from. */
  role: ChatRole;
  /** The other person (null: no thread open). */
  contactId: string | null;
  myId: string;
  /** The essay the messages sent here are about (an essay's discussion): the server attaches it to each. */
  essayId?: string;
}

/** The side of the conversation `message` belongs to, for this user, and the other person in it. */
function threadOf(message: ChatMessage, myId: string): { role: ChatRole; contactId: string } | null {
  if (message.sender === myId) return { role: message.senderRole, contactId: message.recipient };
  if (message.recipient === myId) return { role: message.senderRole === 'student' ? 'tutor' : 'student', contactId: message.sender };
  return null;
}

/**
 * A conversation with one person, the same for the chats and an essay's discussion: one cache entry
 * (`conversationQuery`), live over the session's socket, with nothing polled.
 *
 * - Live: every `receiveMessage` goes into the cached thread it belongs to (deduplicated, thread-state.ts), the
 *   open one or not. After a reconnection every cached thread is read again (what was sent meanwhile was missed);
 *   when the last conversation on screen goes, the cached threads are marked out of date and read again when shown.
 * - Sending: the message shows at once (`sending`), goes over the socket (with `essayId` for a discussion), and is
 *   confirmed by the acknowledgement, or shows as failed with Retry. Each send carries its client id and a retry
 *   sends it again with the same one: the server saves one message per sender and client id, so a send whose
 *   answer was lost is answered with the copy it saved (same id), never saved twice.
 * - A thread that fails to load shows empty; older pages load on demand.
 */
export function useConversation({ role, contactId, myId, essayId }: ConversationOptions) {
  const queryClient = useQueryClient();
  const { request } = useChatSocket();
  const query = useQuery({ ...conversationQuery(role, contactId ?? ''), enabled: Boolean(contactId) });
  const [loadingOlder, setLoadingOlder] = useState(false);

  const update = useCallback(
    (thread: { role: ChatRole; contactId: string }, change: (messages: ThreadMessage[]) => ThreadMessage[]) =>
      queryClient.setQueryData<ConversationData>(chatKeys.messages(thread.role, thread.contactId), (data) => data && { ...data, messages: change(data.messages) }),
    [queryClient],
  );

  useChatSocketEvent('receiveMessage', (message) => {
    const thread = threadOf(message, myId);
    if (thread) update(thread, (messages) => addIncoming(messages, message));
  });
  useChatReconnected(() => void queryClient.invalidateQueries({ predicate: (q) => isConversationKey(q.queryKey) }, { cancelRefetch: false }));
  // Nobody listens once the last conversation on screen goes: the cached threads may miss messages from then on.
  useEffect(() => () => void queryClient.invalidateQueries({ predicate: (q) => isConversationKey(q.queryKey), refetchType: 'none' }), [queryClient]);

  const emit = useCallback(
    (thread: { role: ChatRole; contactId: string }, clientId: string, content: string) => {
      const settle = (change: (messages: ThreadMessage[]) => ThreadMessage[]) => update(thread, change);
      request('sendMessage', { recipient: thread.contactId, content, ...(essayId ? { essayId } : {}), clientId, sender: myId, senderRole: thread.role }).then(
        (ack) => {
          if (!ack) settle((messages) => fail(messages, clientId, NO_ANSWER));
          else if (ack.ok) settle((messages) => confirm(messages, clientId, ack.message));
          else settle((messages) => fail(messages, clientId, ack.message));
        },
        () => settle((messages) => fail(messages, clientId, NO_ANSWER)),
      );
    },
    [request, update, essayId, myId],
  );

  const send = (content: string) => {
    if (!contactId) return;
    const thread = { role, contactId };
    const clientId = newClientId();
    const pending = {
      clientId,
      sender: myId,
      recipient: contactId,
      content,
      timestamp: new Date().toISOString(),
      senderModel: role === 'student' ? ('Student' as const) : ('Tutor' as const),
      senderRole: role,
      essayId: essayId ?? null,
      masked: [],
    };
    // Sent before the thread has loaded: it shows alone until the history merges in under it.
    queryClient.setQueryData<ConversationData>(chatKeys.messages(role, contactId), (data) => ({ messages: addPending(data?.messages ?? [], pending), hasMore: data?.hasMore ?? false }));
    emit(thread, clientId, content);
  };

  // The same message with the same client id: if the first send was saved, the server answers that copy.
  const retry = (clientId: string) => {
    if (!contactId) return;
    const thread = { role, contactId };
    const failed = queryClient.getQueryData<ConversationData>(chatKeys.messages(role, contactId))?.messages.find((m) => m.clientId === clientId && m.status === 'failed');
    if (!failed) return;
    update(thread, (messages) => retrying(messages, clientId));
    emit(thread, clientId, failed.content);
  };

  const loadOlder = async () => {
    const first = query.data?.messages.find((m) => m.status === 'sent');
    if (!contactId || !first || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await fetchMessages(role, contactId, first._id);
      queryClient.setQueryData<ConversationData>(chatKeys.messages(role, contactId), (data) => data && { messages: prependOlder(data.messages, page.messages), hasMore: page.hasMore });
    } finally {
      setLoadingOlder(false);
    }
  };

  return {
    messages: query.data?.messages ?? [],
    /** The first page is loading. */
    loading: Boolean(contactId) && query.isPending,
    hasMore: query.data?.hasMore ?? false,
    loadingOlder,
    send,
    retry,
    loadOlder,
  };
}
