import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type components } from '../../api/client';

export type ChatContact = components['schemas']['ChatContactDto'];
export type ChatMessage = components['schemas']['ChatMessageDto'];

import { chatKeys, type ChatRole } from '../../components/chat/chat-keys';

export { chatKeys, type ChatRole };

/** The caller's contacts: tutors for a student, students for a tutor. */
export const chatContactsQuery = (role: ChatRole) =>
  queryOptions({
    queryKey: chatKeys.contacts(role),
    queryFn: async (): Promise<ChatContact[]> =>
      role === 'student'
        ? (await unwrap(api.GET('/api/student/getAllContacts'))).tutors
        : (await unwrap(api.GET('/api/tutor/getAllContactsForTutor'))).students,
  });

export async function reportConversation(role: ChatRole, contactId: string, reason: string): Promise<void> {
  if (role === 'student') await unwrap(api.POST('/api/student/chats/{tutorId}/report', { params: { path: { tutorId: contactId } }, body: { reason } }));
  else await unwrap(api.POST('/api/tutor/chats/{studentId}/report', { params: { path: { studentId: contactId } }, body: { reason } }));
}

export async function setTutorBlocked(tutorId: string, blocked: boolean): Promise<void> {
  const params = { params: { path: { tutorId } } };
  if (blocked) await unwrap(api.POST('/api/student/chats/{tutorId}/block', params));
  else await unwrap(api.DELETE('/api/student/chats/{tutorId}/block', params));
}

/** Sum of the unread counts, for the sidebar's Chats item. */
export function unreadTotal(contacts: ChatContact[] | undefined): number {
  return (contacts ?? []).reduce((sum, contact) => sum + contact.unreadCount, 0);
}
