import { useCallback, useEffect, useRef, useState } from 'react';
import { useChatSocket, useChatSocketEvent } from '../../../components/chat/ChatSocketProvider';
import { useConversation } from '../../../components/chat/useConversation';
import { useSession } from '../../../lib/session';
import { setTutorBlocked, type ChatRole } from '../queries';
import { useChatContacts } from './useChatContacts';

/**
 * Everything the chat screen shows and does: the contacts, which one is open (the first, or the one the URL
 * names), its thread, read receipts and the socket's `error` notices. Opening a thread marks it read; a message
 * arriving in the open thread of a visible tab is read at once.
 */
export function useChatPage(role: ChatRole, contactId: string | undefined) {
  const { user } = useSession();
  const myId = user?._id ?? user?.id ?? '';
  const chat = useChatSocket();
  const { contacts, patchContact, noteMessage } = useChatContacts(role);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [showThread, setShowThread] = useState(false);
  const [readAt, setReadAt] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const selected = contacts.data?.find((c) => c._id === selectedId) ?? null;
  const thread = useConversation({ role, contactId: selectedId, myId });

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

  const { connected, send } = chat;
  const markRead = useCallback(
    (id: string) => {
      if (!connected) return;
      send('markRead', { contactId: id });
      patchContact(id, () => ({ unreadCount: 0 }));
    },
    [connected, send, patchContact],
  );
  useEffect(() => {
    if (selectedId && selected && selected.unreadCount > 0) markRead(selectedId);
  }, [selectedId, selected, markRead]);

  // The thread takes the message itself (useConversation); here, the contact list and read receipts.
  useChatSocketEvent('receiveMessage', (message) => {
    const other = message.sender === myId ? message.recipient : message.sender;
    const open = other === selectedId;
    const fromThem = message.sender !== myId;
    const seenNow = open && document.visibilityState === 'visible';
    noteMessage(other, message, fromThem && !seenNow);
    if (fromThem && seenNow) send('markRead', { contactId: other });
  });
  useChatSocketEvent('messagesRead', ({ readerId, contactId: readIn, readAt: at }) => {
    if (readerId === myId) patchContact(readIn, () => ({ unreadCount: 0 }));
    else setReadAt((current) => ({ ...current, [readerId]: at }));
  });
  useChatSocketEvent('error', (error) => setNotice(error?.message ?? 'Something went wrong.'));

  const select = (id: string) => {
    urlContactPending.current = false;
    setSelectedId(id);
    setShowThread(true);
    setNotice(null);
  };

  const changeBlock = async (blocked: boolean) => {
    if (!selected) return;
    await setTutorBlocked(selected._id, blocked);
    patchContact(selected._id, () => ({ blocked }));
  };

  return {
    myId,
    connected,
    contacts,
    selected,
    selectedId,
    select,
    showThread,
    backToContacts: () => setShowThread(false),
    thread,
    readAt: selected ? readAt[selected._id] : undefined,
    notice,
    changeBlock,
  };
}
