// The chat routes' search (`?contact=<uuid>`), apart from the page: the router reads it at start-up, so it must not
// bring the chat page's code into the app's first load.

/** The `?contact=` search param of /student/chats and /tutor/chats: a user id (uuid), else nothing. */
export function validateChatSearch(search: Record<string, unknown>): { contact?: string } {
  const contact = search.contact;
  return typeof contact === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(contact) ? { contact } : {};
}
