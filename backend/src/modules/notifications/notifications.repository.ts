import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database, DbOrTx } from '../../infra/database/database.types.js';
import { notificationPreferences, notifications, type NotificationRow } from './notifications.schema.js';

export type NewNotification = Pick<NotificationRow, 'userId' | 'kind' | 'title' | 'body' | 'path' | 'essayId' | 'dedupeKey'> & { createdAt: Date };

/** The notification list and the switches (the only Drizzle of the Notifications module). */
@Injectable()
export class NotificationsRepository {
  constructor(@Inject(DRIZZLE) private readonly db: Database) {}

  /** Adds a notice; nothing (undefined) when the same `dedupeKey` was already given to this user. */
  async insert(values: NewNotification, tx: DbOrTx = this.db): Promise<NotificationRow | undefined> {
    const [row] = await tx.insert(notifications).values(values).onConflictDoNothing().returning();
    return row;
  }

  async find(id: string, tx: DbOrTx = this.db): Promise<NotificationRow | undefined> {
    const [row] = await tx.select().from(notifications).where(eq(notifications.id, id));
    return row;
  }

  /** Newest first, `limit + 1` rows (the extra one says there are more). */
  /**
   * A page of a person's notices, newest first (`limit` + 1, so the caller learns whether more exist). `before`: the
   * last notice shown (its time and id): the page goes on after it in that order, so notices created in the same
   * millisecond are neither skipped nor shown twice.
   */
  async list(userId: string, limit: number, before: { at: Date; id?: string } | undefined, tx: DbOrTx = this.db): Promise<NotificationRow[]> {
    const after = before?.id
      ? or(lt(notifications.createdAt, before.at), and(eq(notifications.createdAt, before.at), lt(notifications.id, before.id)))
      : before
        ? lt(notifications.createdAt, before.at)
        : undefined;
    return tx
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), after))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit + 1);
  }

  async unreadCount(userId: string, tx: DbOrTx = this.db): Promise<number> {
    const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row?.count ?? 0;
  }

  /** Marks one notice read (the first read time stays). */
  async markRead(id: string, userId: string, at: Date, tx: DbOrTx = this.db): Promise<NotificationRow | undefined> {
    const [row] = await tx
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning();
    return row;
  }

  async markAllRead(userId: string, at: Date, tx: DbOrTx = this.db): Promise<void> {
    await tx.update(notifications).set({ readAt: at }).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  }

  async mutedKinds(userId: string, tx: DbOrTx = this.db): Promise<string[]> {
    const [row] = await tx.select({ muted: notificationPreferences.mutedKinds }).from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    return row?.muted ?? [];
  }

  async setMutedKinds(userId: string, muted: string[], at: Date, tx: DbOrTx = this.db): Promise<string[]> {
    const [row] = await tx
      .insert(notificationPreferences)
      .values({ userId, mutedKinds: muted, updatedAt: at })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: { mutedKinds: muted, updatedAt: at } })
      .returning({ muted: notificationPreferences.mutedKinds });
    return row!.muted;
  }
}
