import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, exists, gt, inArray, or, sql } from 'drizzle-orm';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database, DbOrTx } from '../../infra/database/database.types.js';
import { chatConversationContexts, chatConversations, chatMessages, chatModerationResolutions, chatReports, type ChatMessageRow, type ChatModerationResolutionRow } from './chat.schema.js';

export type ChatContextKind = 'essay' | 'session';
export type ChatSide = 'student' | 'tutor';

/** A message to save: every column but the id (each one given: the statement is prepared once). */
export type NewChatMessage = Required<Omit<typeof chatMessages.$inferInsert, 'id'>>;

/**
 * Chat store queries, over chat's own tables only. The reads that join other modules' tables are chat's read models:
 * `ChatContactsReadModel` (the contact list, a thread as its caller sees it) and `ChatModerationReadModel` (the
 * moderation queue); the people's names and bans come from UsersService.
 */
@Injectable()
export class ChatRepository {
  // Every chat send saves a message and a send with a client id looks it up first: prepared statements, built once
  // (composing them with Drizzle on each send cost more CPU than the rest of the send; docs/benchmarks.md).
  private readonly insertMessagePrepared;
  private readonly findByClientIdPrepared;

  constructor(@Inject(DRIZZLE) private readonly db: Database) {
    this.insertMessagePrepared = this.insertMessageQuery(db).prepare('chat_insert_message');
    this.findByClientIdPrepared = this.findByClientIdQuery(db).prepare('chat_find_by_client_id');
  }

  /** Creates the pair's conversation if needed and records the context; safe to call twice. */
  async openConversation(studentId: string, tutorId: string, kind: ChatContextKind, refId: string, tx: DbOrTx = this.db): Promise<string> {
    await tx.insert(chatConversations).values({ studentId, tutorId }).onConflictDoNothing();
    const [conversation] = await tx
      .select({ id: chatConversations.id })
      .from(chatConversations)
      .where(and(eq(chatConversations.studentId, studentId), eq(chatConversations.tutorId, tutorId)));
    await tx.insert(chatConversationContexts).values({ conversationId: conversation!.id, kind, refId }).onConflictDoNothing();
    return conversation!.id;
  }

  async closeContext(kind: ChatContextKind, refId: string, tx: DbOrTx = this.db): Promise<void> {
    await tx.delete(chatConversationContexts).where(and(eq(chatConversationContexts.kind, kind), eq(chatConversationContexts.refId, refId)));
  }

  async hasEssayContext(conversationId: string, essayId: string, tx: DbOrTx = this.db): Promise<boolean> {
    const [row] = await tx
      .select({ one: sql<number>`1` })
      .from(chatConversationContexts)
      .where(and(eq(chatConversationContexts.conversationId, conversationId), eq(chatConversationContexts.kind, 'essay'), eq(chatConversationContexts.refId, essayId)))
      .limit(1);
    return Boolean(row);
  }

  /**
   * Saves a message; when the sender already has one with this client id (a repeated send, or two at once), saves
   * nothing and answers undefined: the caller reads that one (`findByClientId`) after this statement, when a
   * concurrent insert of the same key has committed (PostgreSQL waits for it before deciding the conflict).
   */
  async insertMessage(values: NewChatMessage, tx?: DbOrTx): Promise<ChatMessageRow | undefined> {
    const [row] = tx ? await this.insertMessageQuery(tx).execute(values) : await this.insertMessagePrepared.execute(values);
    return row;
  }

  /** The sender's message saved under this client id, if any. */
  async findByClientId(senderId: string, clientId: string, tx?: DbOrTx): Promise<ChatMessageRow | undefined> {
    const [row] = tx ? await this.findByClientIdQuery(tx).execute({ senderId, clientId }) : await this.findByClientIdPrepared.execute({ senderId, clientId });
    return row;
  }

  private insertMessageQuery(db: DbOrTx) {
    const value = (name: keyof NewChatMessage) => sql.placeholder(name);
    return db
      .insert(chatMessages)
      .values({
        conversationId: value('conversationId'),
        senderId: value('senderId'),
        recipientId: value('recipientId'),
        senderRole: value('senderRole'),
        content: value('content'),
        essayId: value('essayId'),
        flags: value('flags'),
        clientId: value('clientId'),
        createdAt: value('createdAt'),
      })
      .onConflictDoNothing({ target: [chatMessages.senderId, chatMessages.clientId] })
      .returning();
  }

  private findByClientIdQuery(db: DbOrTx) {
    return db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.senderId, sql.placeholder('senderId')), eq(chatMessages.clientId, sql.placeholder('clientId'))))
      .limit(1);
  }

  /** Newest `limit` messages (before the cursor message, if any), returned oldest first. */
  async history(conversationId: string, limit: number, beforeId?: string, tx: DbOrTx = this.db): Promise<{ rows: ChatMessageRow[]; hasMore: boolean }> {
    // Compared in SQL: timestamps keep microseconds there, a JS Date would not.
    const cursor = beforeId
      ? sql`(${chatMessages.createdAt}, ${chatMessages.id}) < (select a.created_at, a.id from ${chatMessages} a where a.id = ${beforeId} and a.conversation_id = ${conversationId})`
      : undefined;
    const rows = await tx
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), cursor))
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(limit + 1);
    return { rows: rows.slice(0, limit).reverse(), hasMore: rows.length > limit };
  }

  /** Every user `userId` is in an active conversation with (either side): who hears their presence. */
  async contactIds(userId: string, tx: DbOrTx = this.db): Promise<string[]> {
    const rows = await tx
      .select({ studentId: chatConversations.studentId, tutorId: chatConversations.tutorId })
      .from(chatConversations)
      .where(
        and(
          or(eq(chatConversations.studentId, userId), eq(chatConversations.tutorId, userId)),
          exists(tx.select({ one: sql`1` }).from(chatConversationContexts).where(eq(chatConversationContexts.conversationId, chatConversations.id))),
        ),
      );
    return [...new Set(rows.map((row) => (row.studentId === userId ? row.tutorId : row.studentId)))];
  }

  /** Moves the side's read mark forward (never back); returns the mark now stored. */
  /**
   * What `recipientId` has not read in the conversation (sent to them after their last read): how many, and the
   * latest. Nothing when the conversation is gone or they have read it all.
   */
  async unreadFor(conversationId: string, recipientId: string, tx: DbOrTx = this.db): Promise<{ count: number; latest: ChatMessageRow; side: ChatSide } | undefined> {
    const [conversation] = await tx.select().from(chatConversations).where(eq(chatConversations.id, conversationId));
    if (!conversation) return undefined;
    const side: ChatSide = conversation.studentId === recipientId ? 'student' : 'tutor';
    const lastRead = side === 'student' ? conversation.studentLastReadAt : conversation.tutorLastReadAt;
    const unread = and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.recipientId, recipientId), lastRead ? gt(chatMessages.createdAt, lastRead) : undefined);
    const [counted] = await tx.select({ count: sql<number>`count(*)::int` }).from(chatMessages).where(unread);
    if (!counted?.count) return undefined;
    const [latest] = await tx.select().from(chatMessages).where(unread).orderBy(desc(chatMessages.createdAt)).limit(1);
    return latest ? { count: counted.count, latest, side } : undefined;
  }

  async markRead(conversationId: string, side: ChatSide, at: Date, tx: DbOrTx = this.db): Promise<Date> {
    const column = side === 'student' ? chatConversations.studentLastReadAt : chatConversations.tutorLastReadAt;
    const value = sql`greatest(${column}, ${at.toISOString()}::timestamptz)`;
    const [row] = await tx
      .update(chatConversations)
      .set(side === 'student' ? { studentLastReadAt: value } : { tutorLastReadAt: value })
      .where(eq(chatConversations.id, conversationId))
      .returning({ readAt: column });
    return row!.readAt!;
  }

  async setBlocked(conversationId: string, blockedAt: Date | null, tx: DbOrTx = this.db): Promise<void> {
    await tx.update(chatConversations).set({ blockedAt }).where(eq(chatConversations.id, conversationId));
  }

  async insertReport(conversationId: string, reporterId: string, reason: string, tx: DbOrTx = this.db): Promise<string> {
    const [row] = await tx.insert(chatReports).values({ conversationId, reporterId, reason }).returning({ id: chatReports.id });
    return row!.id;
  }

  /** The latest `perConversation` messages of each conversation, oldest first within each. */
  async excerpts(conversationIds: string[], perConversation: number, tx: DbOrTx = this.db): Promise<Map<string, ChatMessageRow[]>> {
    const byConversation = new Map<string, ChatMessageRow[]>();
    if (!conversationIds.length) return byConversation;
    const ranked = tx
      .select({ id: chatMessages.id, rank: sql<number>`row_number() over (partition by ${chatMessages.conversationId} order by ${chatMessages.createdAt} desc, ${chatMessages.id} desc)`.as('rank') })
      .from(chatMessages)
      .where(inArray(chatMessages.conversationId, conversationIds))
      .as('ranked');
    const rows = await tx
      .select({ message: chatMessages })
      .from(chatMessages)
      .innerJoin(ranked, eq(ranked.id, chatMessages.id))
      .where(sql`${ranked.rank} <= ${perConversation}`)
      .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
    for (const { message } of rows) byConversation.set(message.conversationId, [...(byConversation.get(message.conversationId) ?? []), message]);
    return byConversation;
  }

  async resolutions(kind: ChatModerationResolutionRow['subjectKind'], ids: string[], tx: DbOrTx = this.db): Promise<Map<string, ChatModerationResolutionRow>> {
    if (!ids.length) return new Map();
    const rows = await tx
      .select()
      .from(chatModerationResolutions)
      .where(and(eq(chatModerationResolutions.subjectKind, kind), inArray(chatModerationResolutions.subjectId, ids)));
    return new Map(rows.map((row) => [row.subjectId, row]));
  }

  /** Stores a resolution once: undefined when the item was already resolved. A report is marked resolved with it. */
  async resolve(values: typeof chatModerationResolutions.$inferInsert, tx: DbOrTx = this.db): Promise<ChatModerationResolutionRow | undefined> {
    const [row] = await tx.insert(chatModerationResolutions).values(values).onConflictDoNothing().returning();
    if (row && values.subjectKind === 'report') await tx.update(chatReports).set({ resolved: true }).where(eq(chatReports.id, values.subjectId));
    return row;
  }


}
