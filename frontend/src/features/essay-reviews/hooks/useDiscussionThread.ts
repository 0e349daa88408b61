import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../../api/client';
import { useChatReconnected, useChatSocket, useChatSocketEvent } from '../../../components/chat/ChatSocketProvider';
import { toastError } from '../../../components/ui/toaster';
import { discussionMessagesQuery, essayReviewsApi, essayReviewsKeys, type DiscussionMessage } from '../queries';
import type { TutorEssay } from '../rules';

/** The message added to a thread unless it is already there (the socket echoes the tutor's own sends too). */
const withMessage = (message: DiscussionMessage) => (list: DiscussionMessage[] | undefined) =>
  list === undefined || list.some((m) => m._id === message._id) ? list : [...list, message];

/** A message from one of the two people to the other. */
const isBetween = (message: DiscussionMessage, one: string, other: string) =>
  (message.sender === one && message.recipient === other) || (message.sender === other && message.recipient === one);

/**
 * The discussion's thread with the student: the chats' thread (one message store), sent through the essay's own
 * route (`POST /essays/{id}/messages`, which scopes it to the essay). Messages between the two arrive live on the
 * session's chat socket; after a reconnection, or every DISCUSSION_POLL_MS when the socket is down, it reloads.
 */
export function useDiscussionThread(essay: Pick<TutorEssay, '_id' | 'studentId'>, myId: string) {
  const queryClient = useQueryClient();
  const studentId = essay.studentId ?? '';
  const messagesKey = essayReviewsKeys.messages(studentId);
  const messages = useQuery({ ...discussionMessagesQuery(studentId), enabled: Boolean(studentId) });

  useChatSocketEvent('receiveMessage', (message) => {
    if (studentId && isBetween(message, myId, studentId)) queryClient.setQueryData<DiscussionMessage[]>(messagesKey, withMessage(message));
  });
  useChatReconnected(() => void queryClient.invalidateQueries({ queryKey: messagesKey }));

  // Reading the student's messages here reads them everywhere (issue 30): the chats' unread count clears. Once per
  // newest message from the student, when the socket is up.
  const { connected, send: emit } = useChatSocket();
  const lastRead = useRef<string | null>(null);
  const newestFromStudent = [...(messages.data ?? [])].reverse().find((m) => m.sender === studentId)?._id ?? null;
  useEffect(() => {
    if (!connected || !studentId || !newestFromStudent || lastRead.current === newestFromStudent) return;
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    lastRead.current = newestFromStudent;
    emit('markRead', { contactId: studentId });
  }, [connected, studentId, newestFromStudent, emit]);

  const send = useMutation({
    mutationFn: (content: string) => essayReviewsApi.sendMessage(essay._id, content),
    onSuccess: (message) => queryClient.setQueryData<DiscussionMessage[]>(essayReviewsKeys.messages(message.recipient), withMessage(message)),
    onError: (error) => toastError('Message not sent', errorMessage(error, 'Please try again.')),
  });

  return { messages: messages.data, loading: Boolean(studentId) && messages.isPending, send };
}
