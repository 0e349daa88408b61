/**
 * The chat's query keys, here so a feature that changes who one may talk to (accepting an essay adds its student)
 * can refresh the contacts without importing the chat feature. features/chat/queries.ts re-exports them.
 */
export type ChatRole = 'student' | 'tutor';

export const chatKeys = {
  all: ['chat'] as const,
  contacts: (role: ChatRole) => [...chatKeys.all, role, 'contacts'] as const,
  messages: (role: ChatRole, contactId: string) => [...chatKeys.all, role, 'messages', contactId] as const,
};
