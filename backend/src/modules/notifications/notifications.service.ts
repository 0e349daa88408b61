import { Injectable, NotFoundException } from '@nestjs/common';
import { coded, RuleViolationException } from '../../common/errors.js';
import { Clock } from '../../infra/clock/clock.service.js';
import type { DbOrTx } from '../../infra/database/database.types.js';
import { DomainEvents } from '../../infra/events/domain-events.service.js';
import type { NotificationRow } from './notifications.schema.js';
import type { MailJob } from '../../infra/mail/mail.types.js';
import { isSwitchable, NOTIFICATION_KINDS, NOTIFICATIONS_PAGE, type NotificationKind } from '@redpen/shared/notifications';
import { ChatService } from '../chat/chat.service.js';
import type { NotificationDto, NotificationPreferencesDto, NotificationReadDto, NotificationsDto } from './dto/notifications.dto.js';
import { canReadNotification } from './notifications.access.js';
import { NotificationsRepository } from './notifications.repository.js';
import { Recipients } from './recipients.service.js';

/** One notice to one person at one turn, as a subscriber asks for it. */
export interface Notice {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** The web app's page it leads to (`/student/essay/…`). */
  path: string | null;
  essayId?: string | null;
  /** Names the event's moment: the notice's dedupe key and its mail's job id (a replayed event does nothing twice). */
  key: string;
  /** The email of the same turn (its button leads to `path`). */
  mail?: MailJob;
}

export function presentNotification(row: NotificationRow): NotificationDto {
  return {
    _id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    path: row.path,
    essayId: row.essayId,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** Someone else's notice, or none: the same answer (notifications.access.ts). */
export const notificationNotFound = () => new NotFoundException(coded('NOT_FOUND', 'Notification not found.'));

/**
 * The in-app notification list and the one way every turn's notice goes out: a row in the list, pushed
 * live to every open page of the recipient (the app's one socket), and its email, unless the person switched that
 * kind off (kinds about money and deadlines cannot be).
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly repository: NotificationsRepository,
    private readonly to: Recipients,
    private readonly chat: ChatService,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  /** Sends one notice (list + live + email); false when muted or already sent. Runs in the subscriber's delivery `tx`. */
  async notify(notice: Notice, tx?: DbOrTx): Promise<boolean> {
    if (isSwitchable(notice.kind) && (await this.repository.mutedKinds(notice.userId, tx)).includes(notice.kind)) return false;
    const row = await this.repository.insert(
      { userId: notice.userId, kind: notice.kind, title: notice.title, body: notice.body, path: notice.path, essayId: notice.essayId ?? null, dedupeKey: notice.key, createdAt: this.clock.now() },
      tx,
    );
    if (!row) return false;
    // The mail is queued with the delivery (a failure retries the delivery; its job id keeps it to one mail); the
    // live push waits for the commit, so no open page hears of a notice that a rollback then takes back.
    if (notice.mail) await this.to.mail(notice.mail, notice.key);
    this.events.afterCommit(tx, () => this.chat.push([notice.userId], 'notification', presentNotification(row)));
    return true;
  }

  /** Tells the open pages of an essay's people that it changed (they read it again): not a notice, never muted. */
  essayChanged(essayId: string, userIds: (string | null | undefined)[], reason: string): void {
    this.chat.push(userIds.filter((id): id is string => Boolean(id)), 'essayChanged', { essayId, reason });
  }

  async list(userId: string, before?: string, beforeId?: string): Promise<NotificationsDto> {
    const rows = await this.repository.list(userId, NOTIFICATIONS_PAGE, before ? { at: new Date(before), id: beforeId } : undefined);
    return { notifications: rows.slice(0, NOTIFICATIONS_PAGE).map(presentNotification), unreadCount: await this.repository.unreadCount(userId), hasMore: rows.length > NOTIFICATIONS_PAGE };
  }

  async markRead(userId: string, id: string): Promise<NotificationReadDto> {
    if (!canReadNotification({ id: userId }, await this.repository.find(id))) throw notificationNotFound();
    const row = await this.repository.markRead(id, userId, this.clock.now());
    if (!row) throw notificationNotFound();
    this.chat.push([userId], 'notificationsRead', { id });
    return { notification: presentNotification(row), unreadCount: await this.repository.unreadCount(userId) };
  }

  async markAllRead(userId: string): Promise<{ unreadCount: number }> {
    await this.repository.markAllRead(userId, this.clock.now());
    this.chat.push([userId], 'notificationsRead', { id: null });
    return { unreadCount: 0 };
  }

  async preferences(userId: string): Promise<NotificationPreferencesDto> {
    return { muted: (await this.repository.mutedKinds(userId)) as NotificationKind[], switchable: NOTIFICATION_KINDS.filter(isSwitchable) };
  }

  /** Stores the switched-off kinds; a kind about money or a deadline cannot be switched off (422). */
  async setPreferences(userId: string, muted: NotificationKind[]): Promise<NotificationPreferencesDto> {
    const fixed = muted.filter((kind) => !isSwitchable(kind));
    if (fixed.length) throw new RuleViolationException(`These notices are about money or deadlines and cannot be turned off: ${fixed.join(', ')}.`);
    const stored = await this.repository.setMutedKinds(userId, muted, this.clock.now());
    return { muted: stored as NotificationKind[], switchable: NOTIFICATION_KINDS.filter(isSwitchable) };
  }
}

