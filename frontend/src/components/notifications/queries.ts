/**
 * The notification list's calls (routes beyond the spec, docs/architecture.md "notifications") through the
 * generated client, and the one place for their query keys. Shared by the header's bell and the profile pages'
 * switches, so it lives beside the components rather than in a feature.
 */
import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { api, unwrap, type Schema } from '../../api/client';

export type Notification = Schema<'NotificationDto'>;
export type NotificationList = Schema<'NotificationsDto'>;
export type NotificationPreferences = Schema<'NotificationPreferencesDto'>;

export const notificationsKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationsKeys.all, 'list'] as const,
  preferences: () => [...notificationsKeys.all, 'preferences'] as const,
};

/** The loaded pages of the list, newest first: the first page, then each "Show older" (after the last one shown). */
export type NotificationPages = InfiniteData<NotificationList>;

export const notificationsQuery = () =>
  infiniteQueryOptions({
    queryKey: notificationsKeys.list(),
    queryFn: ({ pageParam }): Promise<NotificationList> => unwrap(api.GET('/api/notifications', { params: { query: pageParam ?? {} } })),
    initialPageParam: undefined as { before: string; beforeId: string } | undefined,
    // The last notice shown, by its time and id: notices created in the same instant are neither lost nor repeated.
    getNextPageParam: (last) => {
      const oldest = last.notifications.at(-1);
      return last.hasMore && oldest ? { before: oldest.createdAt, beforeId: oldest._id } : undefined;
    },
    retry: false,
  });

export const notificationPreferencesQuery = () =>
  queryOptions({
    queryKey: notificationsKeys.preferences(),
    queryFn: (): Promise<NotificationPreferences> => unwrap(api.GET('/api/notifications/preferences')),
  });

export const markNotificationRead = (id: string) => unwrap(api.POST('/api/notifications/{id}/read', { params: { path: { id } } }));
export const markAllNotificationsRead = () => unwrap(api.POST('/api/notifications/read-all'));
export const saveNotificationPreferences = (muted: NotificationPreferences['muted']) => unwrap(api.PUT('/api/notifications/preferences', { body: { muted } }));

/** The unread count the list shows: the newest page's (each page carries the count as it was then). */
export const unreadOf = (pages: NotificationPages | undefined): number => pages?.pages[0]?.unreadCount ?? 0;

/** A notice that arrived live: first in the list, one more unread (once, however often it is delivered). */
export function withNotice(pages: NotificationPages | undefined, notice: Notification): NotificationPages | undefined {
  const [first, ...older] = pages?.pages ?? [];
  if (!pages || !first || pages.pages.some((page) => page.notifications.some((n) => n._id === notice._id))) return pages;
  const unreadCount = first.unreadCount + (notice.readAt ? 0 : 1);
  return { ...pages, pages: [{ ...first, notifications: [notice, ...first.notifications], unreadCount }, ...older.map((page) => ({ ...page, unreadCount }))] };
}

/** The list after reading one notice (`id`) or all of them (`null`), on every loaded page, before the server has answered. */
export function withRead(pages: NotificationPages | undefined, id: string | null, at: string): NotificationPages | undefined {
  if (!pages?.pages[0]) return pages;
  let cleared = 0;
  const read = pages.pages.map((page) => ({
    ...page,
    notifications: page.notifications.map((n) => {
      if (n.readAt || (id !== null && n._id !== id)) return n;
      cleared += 1;
      return { ...n, readAt: at };
    }),
  }));
  const unreadCount = id === null ? 0 : Math.max(0, unreadOf(pages) - cleared);
  return { ...pages, pages: read.map((page) => ({ ...page, unreadCount })) };
}
