/**
 * The notification list's calls (issue 30; routes beyond the spec, docs/architecture.md "Notifications") through the
 * generated client, and the one place for their query keys. Shared by the header's bell and the profile pages'
 * switches, so it lives beside the components rather than in a feature.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type Schema } from '../../api/client';

export type Notification = Schema<'NotificationDto'>;
export type NotificationList = Schema<'NotificationsDto'>;
export type NotificationPreferences = Schema<'NotificationPreferencesDto'>;

export const notificationsKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationsKeys.all, 'list'] as const,
  preferences: () => [...notificationsKeys.all, 'preferences'] as const,
};

export const notificationsQuery = () =>
  queryOptions({
    queryKey: notificationsKeys.list(),
    queryFn: (): Promise<NotificationList> => unwrap(api.GET('/api/notifications')),
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

/** A notice that arrived live: first in the list, one more unread (once, however often it is delivered). */
export function withNotice(list: NotificationList | undefined, notice: Notification): NotificationList | undefined {
  if (!list || list.notifications.some((n) => n._id === notice._id)) return list;
  return { ...list, notifications: [notice, ...list.notifications], unreadCount: list.unreadCount + (notice.readAt ? 0 : 1) };
}

/** The list after reading one notice (`id`) or all of them (`null`), before the server has answered. */
export function withRead(list: NotificationList | undefined, id: string | null, at: string): NotificationList | undefined {
  if (!list) return list;
  let cleared = 0;
  const notifications = list.notifications.map((n) => {
    if (n.readAt || (id !== null && n._id !== id)) return n;
    cleared += 1;
    return { ...n, readAt: at };
  });
  return { ...list, notifications, unreadCount: id === null ? 0 : Math.max(0, list.unreadCount - cleared) };
}
