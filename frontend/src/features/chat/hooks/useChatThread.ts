import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useChatSocket } from '../../../components/chat/ChatSocketProvider';
import type { ChatMessage } from '../../../components/chat/chat-events';
import { addIncoming, addPending, confirm, fail, fromServer, prependOlder, retrying, type ThreadMessage } from '../../../components/chat/thread-state';
import { chatMessagesQuery, fetchMessages, type ChatRole } from '../queries';

const newClientId = () => globalThis.crypto?.randomUUID?.() ?? `c-${Date.now()}-${Math.random()}`;

/**
 * The open thread: its history (a thread that fails to load shows empty, spec part 2 §8), older pages on demand,
 * and sending with the message on screen at once (`sending`), confirmed by the server's acknowledgement or
 * marked failed with Retry. `receive` adds a message from the socket (deduplicated, thread-state.ts).
 */
export function useChatThread(role: ChatRole, contactId: string | null, myId: string) {
  const chat = useChatSocket();
  const history = useQuery({ ...chatMessagesQuery(role, contactId ?? ''), enabled: Boolean(contactId) });
  const [thread, setThread] = useState<ThreadMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);

  useEffect(() => {
    setThread((history.data?.messages ?? []).map(fromServer));
    setHasMore(history.data?.hasMore ?? false);
  }, [history.data, contactId]);

  const { request } = chat;
  const emitMessage = useCallback(
    (clientId: string, recipient: string, content: string) => {
      request('sendMessage', { sender: myId, recipient, content, senderRole: role }).then(
        (ack) => {
          if (!ack) setThread((current) => fail(current, clientId, 'no answer from the server'));
          else if (ack.ok) setThread((current) => confirm(current, clientId, ack.message));
          else setThread((current) => fail(current, clientId, ack.message));
        },
        () => setThread((current) => fail(current, clientId, 'no answer from the server')),
      );
    },
    [request, myId, role],
  );

  const send = (content: string) => {
    if (!contactId) return;
    const clientId = newClientId();
    const senderModel = role === 'student' ? 'Student' : 'Tutor';
    setThread((current) => addPending(current, { clientId, sender: myId, recipient: contactId, content, timestamp: new Date().toISOString(), senderModel, senderRole: role, essayId: null, masked: [] }));
    emitMessage(clientId, contactId, content);
  };

  const retry = (clientId: string) => {
    const message = thread.find((m) => m.clientId === clientId);
    if (!message) return;
    setThread((current) => retrying(current, clientId));
    emitMessage(clientId, message.recipient, message.content);
  };

  const loadOlder = useCallback(async () => {
    const first = thread.find((m) => m.status === 'sent');
    if (!contactId || !first || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await fetchMessages(role, contactId, first._id);
      setThread((current) => prependOlder(current, page.messages));
      setHasMore(page.hasMore);
    } finally {
      setLoadingOlder(false);
    }
  }, [thread, contactId, loadingOlder, role]);

  const receive = (message: ChatMessage) => setThread((current) => addIncoming(current, message));

  return { thread, hasMore, loadingOlder, send, retry, loadOlder, receive };
}
