import type { Access, Caller } from '../../common/access.js';
import type { ThreadView } from './chat-contacts.read-model.js';
import type { ChatSide } from './chat.repository.js';

/**
 * Who may read and write which conversation (docs/architecture.md "Access policies and admin
 * slices"). A `ThreadView` is the conversation as the caller sees it (`ChatContactsReadModel.findThread(caller, contact)`):
 * undefined when the two have never been contacts. Every refusal is 403 (`CHAT_NOT_A_CONTACT`, `CHAT_BLOCKED`,
 * `CHAT_DBS_REQUIRED`), on HTTP and on the socket alike; the admins' moderation is guarded by role alone.
 */

type Thread = Pick<ThreadView, 'side' | 'active' | 'tutorHasDbs'> & { conversation: Pick<ThreadView['conversation'], 'blockedAt'> };

/** A socket joins only the room of its own user id (each user's sockets share that room: messages, presence). */
export function canJoinRoom(user: Caller, room: unknown): boolean {
  return room === user.id;
}

/**
 * A thread's history, report and (the student's) block, from the side the route speaks for: the student's routes
 * reach only conversations where the caller is the student, the tutor's only where they are the tutor. An ended
 * conversation (no essay or session left behind it) can still be read and reported.
 */
export function canReadConversation<T extends Pick<ThreadView, 'side'>>(side: ChatSide, thread: T | undefined): thread is T {
  return thread !== undefined && thread.side === side;
}

/** Marking a thread read: either participant, whether or not the conversation is still active. */
export function canMarkRead<T extends object>(thread: T | undefined): thread is T {
  return thread !== undefined;
}

/**
 * Without a verified DBS a tutor writes to a student only about an essay they hold: the service asks the store
 * whether the message's `essayId` is one of the thread's essays only when this says so.
 */
export function writesOnlyAboutHeldEssays(thread: Pick<ThreadView, 'side' | 'tutorHasDbs'>): boolean {
  return thread.side === 'tutor' && !thread.tutorHasDbs;
}

/**
 * Sending a message (socket `sendMessage`, and the essay discussion through Chat): an active conversation, not
 * blocked by the student, and for a tutor without DBS a message about an essay of the thread (`aboutHeldEssay`).
 * A message naming an essay that is no longer one of the thread's (`namesClosedEssay`: back in the pool, cancelled,
 * refunded) is refused even when the two still talk about something else (that essay's thread is closed).
 */
export function canSendMessage(thread: Thread | undefined, aboutHeldEssay: boolean, namesClosedEssay = false): Access<'not-a-contact' | 'blocked' | 'dbs-required' | 'essay-closed'> {
  if (!thread || !thread.active) return 'not-a-contact';
  if (thread.conversation.blockedAt) return 'blocked';
  if (writesOnlyAboutHeldEssays(thread) && !aboutHeldEssay) return 'dbs-required';
  if (namesClosedEssay) return 'essay-closed';
  return 'allowed';
}
