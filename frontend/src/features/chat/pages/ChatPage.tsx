import { Box } from '@chakra-ui/react/box';
import { Button, IconButton } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MessagesReadEvent, PresenceEvent, SendMessageAck } from '@redpen/shared/chat-events';
import { FiArrowLeft, FiMoreVertical } from 'react-icons/fi';
import { errorMessage } from '../../../api/client';
import { useSession } from '../../../lib/session';
import { useChatConnection } from '../hooks/useChatConnection';
import { chatContactsQuery, chatKeys, chatMessagesQuery, fetchMessages, reportConversation, setTutorBlocked, type ChatContact, type ChatMessage, type ChatRole } from '../queries';
import { connectChatSocket, type ChatSocket } from '../../../lib/chat-socket';
import { addIncoming, addPending, confirm, fail, prependOlder, retrying, type ThreadMessage } from '../thread-state';
import { Composer } from '../components/Composer';
import { ContactList } from '../components/ContactList';
import { MessageList } from '../components/MessageList';

export interface ChatPageProps {
  role: ChatRole;
  /** Tests pass a fake; the app connects socket.io. */
  createSocket?: (token: string) => ChatSocket;
  /** `?contact=<userId>`: open this contact's thread (accepting an essay lands here with its student). */
  contactId?: string;
}

/** The `?contact=` search param of /student/chats and /tutor/chats: a user id (uuid), else nothing. */
export function validateChatSearch(search: Record<string, unknown>): { contact?: string } {
  const contact = search.contact;
  return typeof contact === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(contact) ? { contact } : {};
}

const newClientId = () => (globalThis.crypto?.randomUUID?.() ?? `c-${Date.now()}-${Math.random()}`);

/** /student/chats and /tutor/chats (spec part 2 §2): contacts on the left, the conversation on the right. */
export function ChatPage({ role, createSocket = connectChatSocket, contactId }: ChatPageProps) {
  const { session, user } = useSession();
  const myId = user?._id ?? user?.id ?? '';
  const queryClient = useQueryClient();
  const contactsKey = chatKeys.contacts(role);
  const contacts = useQuery(chatContactsQuery(role));
  const { socket, status, connected, reconnect } = useChatConnection(session?.token, createSocket);

  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [showThread, setShowThread] = useState(false);
  const [thread, setThread] = useState<ThreadMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [readAt, setReadAt] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const selectedRef = useRef(selectedId);
  selectedRef.current = selectedId;

  const selected = contacts.data?.find((c) => c._id === selectedId) ?? null;
  const patchContact = useCallback(
    (contactId: string, patch: (contact: ChatContact) => Partial<ChatContact>) =>
      queryClient.setQueryData<ChatContact[]>(contactsKey, (list) => list?.map((c) => (c._id === contactId ? { ...c, ...patch(c) } : c))),
    [queryClient, contactsKey],
  );

  // The first contact is selected when the list loads (spec). A contact named by the URL wins once it is in the
  // list (a cached list may not have the student of an essay accepted a moment ago until it is refetched).
  const urlContactPending = useRef(false);
  useEffect(() => {
    urlContactPending.current = Boolean(contactId);
  }, [contactId]);
  useEffect(() => {
    if (!contacts.data?.length) return;
    if (urlContactPending.current && contacts.data.some((c) => c._id === contactId)) {
      urlContactPending.current = false;
      setSelectedId(contactId!);
      setShowThread(true);
    } else if (!selectedId) setSelectedId(contacts.data[0]!._id);
  }, [contacts.data, selectedId, contactId]);

  // Contacts reload when the tab becomes visible again.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void contacts.refetch();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [contacts]);

  const history = useQuery({ ...chatMessagesQuery(role, selectedId ?? ''), enabled: Boolean(selectedId) });
  useEffect(() => {
    // A thread that fails to load shows empty (spec part 2 §8).
    setThread((history.data?.messages ?? []).map((m) => ({ ...m, status: 'sent' as const })));
    setHasMore(history.data?.hasMore ?? false);
  }, [history.data, selectedId]);

  const markRead = useCallback(
    (contactId: string) => {
      if (!socket || !connected) return;
      socket.emit('markRead', { contactId });
      patchContact(contactId, () => ({ unreadCount: 0 }));
    },
    [socket, connected, patchContact],
  );

  // Opening a thread marks it read.
  useEffect(() => {
    if (selectedId && selected && selected.unreadCount > 0) markRead(selectedId);
  }, [selectedId, selected, markRead]);

  useEffect(() => {
    if (!socket) return;
    const onMessage = (message: ChatMessage) => {
      const contactId = message.sender === myId ? message.recipient : message.sender;
      const open = contactId === selectedRef.current;
      if (open) setThread((current) => addIncoming(current, message));
      queryClient.setQueryData<ChatContact[]>(contactsKey, (list) => {
        if (!list?.some((c) => c._id === contactId)) {
          void queryClient.invalidateQueries({ queryKey: contactsKey });
          return list;
        }
        return list.map((c) =>
          c._id === contactId
            ? {
                ...c,
                lastMessage: { _id: message._id, sender: message.sender, content: message.content, timestamp: message.timestamp },
                unreadCount: message.sender !== myId && !(open && document.visibilityState === 'visible') ? c.unreadCount + 1 : c.unreadCount,
              }
            : c,
        );
      });
      if (open && message.sender !== myId && document.visibilityState === 'visible') socket.emit('markRead', { contactId });
    };
    const onPresence = ({ userId, online }: PresenceEvent) => patchContact(userId, () => ({ online }));
    const onRead = ({ readerId, contactId, readAt: at }: MessagesReadEvent) => {
      if (readerId === myId) patchContact(contactId, () => ({ unreadCount: 0 }));
      else setReadAt((current) => ({ ...current, [readerId]: at }));
    };
    const onError = (error: { message?: string }) => setNotice(error?.message ?? 'Something went wrong.');
    // After a reconnection, catch up on what was missed while offline (the first connection has fresh data).
    let connectedBefore = socket.connected;
    const onConnect = () => {
      if (connectedBefore) void queryClient.invalidateQueries({ queryKey: chatKeys.all });
      connectedBefore = true;
    };
    socket.on('receiveMessage', onMessage);
    socket.on('presence', onPresence);
    socket.on('messagesRead', onRead);
    socket.on('error', onError);
    socket.on('connect', onConnect);
    return () => {
      socket.off('receiveMessage', onMessage);
      socket.off('presence', onPresence);
      socket.off('messagesRead', onRead);
      socket.off('error', onError);
      socket.off('connect', onConnect);
    };
  }, [socket, myId, queryClient, contactsKey, patchContact]);

  const emitMessage = useCallback(
    (clientId: string, recipient: string, content: string) => {
      if (!socket) return;
      socket.timeout(20_000).emit('sendMessage', { sender: myId, recipient, content, senderRole: role }, (err: Error | null, ack?: SendMessageAck) => {
        if (err || !ack) setThread((current) => fail(current, clientId, 'no answer from the server'));
        else if (ack.ok) setThread((current) => confirm(current, clientId, ack.message));
        else setThread((current) => fail(current, clientId, ack.message));
      });
    },
    [socket, myId, role],
  );

  const send = (content: string) => {
    if (!selectedId) return;
    const clientId = newClientId();
    setThread((current) => addPending(current, { clientId, sender: myId, recipient: selectedId, content, timestamp: new Date().toISOString(), senderModel: role === 'student' ? 'Student' : 'Tutor', senderRole: role, essayId: null, masked: [] }));
    emitMessage(clientId, selectedId, content);
  };

  const retry = (clientId: string) => {
    const message = thread.find((m) => m.clientId === clientId);
    if (!message) return;
    setThread((current) => retrying(current, clientId));
    emitMessage(clientId, message.recipient, message.content);
  };

  const loadOlder = useCallback(async () => {
    const first = thread.find((m) => m.status === 'sent');
    if (!selectedId || !first || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await fetchMessages(role, selectedId, first._id);
      setThread((current) => prependOlder(current, page.messages));
      setHasMore(page.hasMore);
    } finally {
      setLoadingOlder(false);
    }
  }, [thread, selectedId, loadingOlder, role]);

  const select = (id: string) => {
    urlContactPending.current = false;
    setSelectedId(id);
    setShowThread(true);
    setNotice(null);
  };

  const other = role === 'student' ? 'tutor' : 'student';
  const contactsError = contacts.error ? errorMessage(contacts.error, 'Please try again.') : null;

  return (
    <Flex h={{ base: 'calc(100dvh - 10rem)', md: 'calc(100dvh - 12rem)' }} minH="420px" borderWidth="1px" rounded="lg" bg="white" overflow="hidden">
      <Box w={{ base: 'full', md: '80' }} borderRightWidth={{ md: '1px' }} display={{ base: showThread ? 'none' : 'block', md: 'block' }} flexShrink={0}>
        <ContactList
          contacts={contacts.data}
          loading={contacts.isFetching}
          error={contactsError}
          selectedId={selectedId}
          onSelect={select}
          onRefresh={() => void contacts.refetch()}
        />
      </Box>
      <Flex direction="column" flex="1" minW="0" display={{ base: showThread ? 'flex' : 'none', md: 'flex' }}>
        <ConnectionBar status={status} onReconnect={reconnect} />
        {selected ? (
          <>
            <ThreadHeader
              role={role}
              contact={selected}
              onBack={() => setShowThread(false)}
              onBlockChange={async (blocked) => {
                await setTutorBlocked(selected._id, blocked);
                patchContact(selected._id, () => ({ blocked }));
              }}
            />
            {notice && (
              <Text role="alert" px="3" py="1.5" fontSize="sm" bg="red.50" color="red.700">
                {notice}
              </Text>
            )}
            <MessageList
              messages={thread}
              myId={myId}
              hasMore={hasMore}
              loadingOlder={loadingOlder}
              onLoadOlder={() => void loadOlder()}
              onRetry={retry}
              readAt={readAt[selected._id]}
            />
            {selected.blocked ? (
              <Text p="3" borderTopWidth="1px" color="fg.muted" fontSize="sm">
                This conversation is blocked.
              </Text>
            ) : (
              <Composer disabled={!connected || !myId} onSend={send} />
            )}
          </>
        ) : (
          <Stack flex="1" align="center" justify="center" gap="1" p="6" textAlign="center">
            <Heading as="h2" size="md">
              Start a conversation
            </Heading>
            <Text color="fg.muted">Select a {other} to begin messaging</Text>
          </Stack>
        )}
      </Flex>
    </Flex>
  );
}

function ConnectionBar({ status, onReconnect }: { status: string; onReconnect: () => void }) {
  const connected = status === 'connected';
  return (
    <Flex align="center" justify="flex-end" gap="2" px="3" py="1" fontSize="xs" color="fg.muted" borderBottomWidth="1px">
      <Box boxSize="2" rounded="full" bg={connected ? 'green.500' : 'gray.400'} aria-hidden="true" />
      <Text role="status">{connected ? 'Connected' : status === 'offline' ? 'Offline' : 'Connecting…'}</Text>
      {status === 'offline' && (
        <Button size="xs" variant="outline" onClick={onReconnect}>
          Reconnect
        </Button>
      )}
    </Flex>
  );
}

interface ThreadHeaderProps {
  role: ChatRole;
  contact: ChatContact;
  onBack: () => void;
  onBlockChange: (blocked: boolean) => Promise<void>;
}

function ThreadHeader({ role, contact, onBack, onBlockChange }: ThreadHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonOk = useMemo(() => reason.trim().length >= 3, [reason]);

  const run = async (action: () => Promise<void>, done: string) => {
    setBusy(true);
    try {
      await action();
      setStatus(done);
      setMenuOpen(false);
      setReporting(false);
      setReason('');
    } catch (error) {
      setStatus(errorMessage(error, 'Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box borderBottomWidth="1px">
      <Flex align="center" gap="2" px="3" py="2">
        <IconButton aria-label="Back to contacts" variant="ghost" size="sm" display={{ md: 'none' }} onClick={onBack}>
          <FiArrowLeft />
        </IconButton>
        <Box flex="1" minW="0">
          <Heading as="h2" size="sm" truncate>
            {contact.name}
          </Heading>
          <Text fontSize="xs" color={contact.online ? 'green.600' : 'fg.muted'}>
            {contact.online ? 'Online' : 'Offline'}
          </Text>
        </Box>
        <IconButton aria-label="Conversation options" aria-expanded={menuOpen} variant="ghost" size="sm" onClick={() => setMenuOpen((open) => !open)}>
          <FiMoreVertical />
        </IconButton>
      </Flex>
      {menuOpen && (
        <Stack px="3" pb="3" gap="2">
          {!reporting ? (
            <Flex gap="2" wrap="wrap">
              <Button size="sm" variant="outline" onClick={() => setReporting(true)}>
                Report conversation
              </Button>
              {role === 'student' && (
                <Button size="sm" variant="outline" colorPalette="red" loading={busy} onClick={() => void run(() => onBlockChange(!contact.blocked), contact.blocked ? 'Tutor unblocked.' : 'Tutor blocked.')}>
                  {contact.blocked ? 'Unblock tutor' : 'Block tutor'}
                </Button>
              )}
            </Flex>
          ) : (
            <Stack gap="2">
              <Textarea aria-label="Reason for the report" placeholder="What happened?" value={reason} onChange={(event) => setReason(event.target.value)} rows={3} />
              <Flex gap="2">
                <Button size="sm" colorPalette="brand" disabled={!reasonOk} loading={busy} onClick={() => void run(() => reportConversation(role, contact._id, reason.trim()), 'Thank you. Our team will review this conversation.')}>
                  Send report
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setReporting(false)}>
                  Cancel
                </Button>
              </Flex>
            </Stack>
          )}
        </Stack>
      )}
      {status && (
        <Text px="3" pb="2" fontSize="sm" role="status">
          {status}
        </Text>
      )}
    </Box>
  );
}
