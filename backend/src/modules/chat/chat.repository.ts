import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, exists, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database, DbOrTx } from '../../infra/database/database.types.js';
import { chatConversationContexts, chatConversations, chatMessages, chatModerationResolutions, chatReports, type ChatConversationRow, type ChatMessageRow, type ChatModerationResolutionRow } from './chat.schema.js';
import { safeguardingFlags } from '../safeguarding/safeguarding.schema.js';
import { studentProfiles } from '../students/students.schema.js';
import { tutorProfiles } from '../tutors/tutors.schema.js';
import { users } from '../users/users.schema.js';
import type { SafeguardingFlagRow } from '../safeguarding/safeguarding.service.js';

export type ChatContextKind = 'essay' | 'session';
export type ChatSide = 'student' | 'tutor';
/**
 * One item of the moderation queue: a flagged message's, a report's, (for a block) a conversation's or (for a masked
 * text written outside chat: feedback, a description, a purpose, notes, a motivation) its safeguarding flag's id.
 */
export interface ModerationKey {
  kind: ChatModerationResolutionRow['subjectKind'];
  id: string;
}

/** A conversation seen from one participant: who they are in it and who the other side is. */
export interface ThreadView {
  conversation: ChatConversationRow;
  side: ChatSide;
  contactId: string;
  /** The conversation still has an essay or session behind it. */
  active: boolean;
  tutorHasDbs: boolean;
}

export interface ContactRow {
  conversationId: string;
  contactId: string;
  name: string;
  pictureKey: string | null;
  blocked: boolean;
  unreadCount: number;
  lastMessage: Pick<ChatMessageRow, 'id' | 'senderId' | 'content' | 'createdAt'> | null;
}

/** Chat store queries. */
@Injectable()
export class ChatRepository {
  constructor(@Inject(DRIZZLE) private readonly db: Database) {}

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

  /**
   * The conversation between `userId` and `contactId`, as `userId` sees it. When the pair talks both ways round
   * (a user holding both profiles), the side named by `preferred` wins.
   */
  async findThread(userId: string, contactId: string, preferred?: ChatSide, tx: DbOrTx = this.db): Promise<ThreadView | undefined> {
    const rows = await tx
      .select({
        conversation: chatConversations,
        active: sql<boolean>`exists(select 1 from ${chatConversationContexts} where ${chatConversationContexts.conversationId} = ${chatConversations.id})`,
        tutorHasDbs: sql<boolean>`coalesce((select ${tutorProfiles.hasDbs} from ${tutorProfiles} where ${tutorProfiles.userId} = ${chatConversations.tutorId}), false)`,
      })
      .from(chatConversations)
      .where(
        or(
          and(eq(chatConversations.studentId, userId), eq(chatConversations.tutorId, contactId)),
          and(eq(chatConversations.tutorId, userId), eq(chatConversations.studentId, contactId)),
        ),
      );
    const views = rows.map((row): ThreadView => {
      const side: ChatSide = row.conversation.studentId === userId ? 'student' : 'tutor';
      return { ...row, side, contactId: side === 'student' ? row.conversation.tutorId : row.conversation.studentId };
    });
    return views.find((view) => view.side === preferred) ?? views[0];
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
  async insertMessage(values: typeof chatMessages.$inferInsert, tx: DbOrTx = this.db): Promise<ChatMessageRow | undefined> {
    const [row] = await tx.insert(chatMessages).values(values).onConflictDoNothing({ target: [chatMessages.senderId, chatMessages.clientId] }).returning();
    return row;
  }

  /** The sender's message saved under this client id, if any. */
  async findByClientId(senderId: string, clientId: string, tx: DbOrTx = this.db): Promise<ChatMessageRow | undefined> {
    const [row] = await tx.select().from(chatMessages).where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.clientId, clientId))).limit(1);
    return row;
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

  /** Contacts of `userId` on one side (conversations with an essay or session behind them), newest activity first. */
  async contacts(userId: string, side: ChatSide, tx: DbOrTx = this.db): Promise<ContactRow[]> {
    const mine = side === 'student' ? chatConversations.studentId : chatConversations.tutorId;
    const theirs = side === 'student' ? chatConversations.tutorId : chatConversations.studentId;
    const myLastRead = side === 'student' ? chatConversations.studentLastReadAt : chatConversations.tutorLastReadAt;
    const pictureKey =
      side === 'student'
        ? sql<string | null>`(select ${tutorProfiles.profilePictureKey} from ${tutorProfiles} where ${tutorProfiles.userId} = ${theirs})`
        : sql<string | null>`(select ${studentProfiles.profilePictureKey} from ${studentProfiles} where ${studentProfiles.userId} = ${theirs})`;
    const last = sql`(select m from ${chatMessages} m where m.conversation_id = ${chatConversations.id} order by m.created_at desc, m.id desc limit 1)`;
    const rows = await tx
      .select({
        conversationId: chatConversations.id,
        contactId: theirs,
        name: users.name,
        pictureKey,
        blocked: sql<boolean>`${chatConversations.blockedAt} is not null`,
        unreadCount: sql<number>`(select count(*)::int from ${chatMessages} u where u.conversation_id = ${chatConversations.id} and u.recipient_id = ${userId} and (${myLastRead} is null or u.created_at > ${myLastRead}))`,
        lastId: sql<string | null>`(${last}).id`,
        lastSenderId: sql<string | null>`(${last}).sender_id`,
        lastContent: sql<string | null>`(${last}).content`,
        lastAt: sql<number | null>`(extract(epoch from (${last}).created_at) * 1000)::float8`,
      })
      .from(chatConversations)
      .innerJoin(users, eq(users.id, theirs))
      .where(and(eq(mine, userId), exists(tx.select({ one: sql`1` }).from(chatConversationContexts).where(eq(chatConversationContexts.conversationId, chatConversations.id)))))
      .orderBy(sql`(${last}).created_at desc nulls last`, asc(users.name));
    return rows.map((row) => ({
      conversationId: row.conversationId,
      contactId: row.contactId,
      name: row.name,
      pictureKey: row.pictureKey,
      blocked: row.blocked,
      unreadCount: row.unreadCount,
      lastMessage: row.lastId
        ? { id: row.lastId, senderId: row.lastSenderId!, content: row.lastContent!, createdAt: new Date(row.lastAt!) }
        : null,
    }));
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

  /**
   * One page of the moderation queue, all four kinds together (flagged messages, reports, blocks, masked texts from
   * outside chat; a chat message's own flag is its message's item): unresolved items
   * first, oldest first (the longest waiting on top); then resolved ones, latest resolution first. Answers the
   * page's keys in that order and how many items there are in all.
   */
  async moderationQueue(page: { offset: number; limit: number }, tx: DbOrTx = this.db): Promise<{ items: ModerationKey[]; total: number }> {
    const items = sql`(
      select 'message'::chat_moderation_subject as kind, m.id, m.created_at as at from ${chatMessages} m where cardinality(m.flags) > 0
      union all select 'report'::chat_moderation_subject, p.id, p.created_at from ${chatReports} p
      union all select 'block'::chat_moderation_subject, c.id, c.blocked_at from ${chatConversations} c where c.blocked_at is not null
      union all select 'text'::chat_moderation_subject, f.id, f.created_at from ${safeguardingFlags} f where f.source_kind <> 'chat_message'
    )`;
    const [rows, count] = await Promise.all([
      tx.execute<{ kind: ModerationKey['kind']; id: string }>(sql`select i.kind, i.id from ${items} i
        left join ${chatModerationResolutions} r on r.subject_kind = i.kind and r.subject_id = i.id
        order by (r.id is not null), (case when r.id is null then i.at end) asc, r.resolved_at desc, i.at desc, i.id
        limit ${page.limit} offset ${page.offset}`),
      tx.execute<{ total: number }>(sql`select count(*)::int as total from ${items} i`),
    ]);
    return { items: rows.rows.map((row) => ({ kind: row.kind, id: row.id })), total: Number(count.rows[0]?.total ?? 0) };
  }

  /** The flagged messages, reports, blocks and masked texts of one page of the queue, with each conversation's two people. */
  async moderationItems(keys: ModerationKey[], tx: DbOrTx = this.db) {
    const ids = (kind: ModerationKey['kind']) => keys.filter((key) => key.kind === kind).map((key) => key.id);
    const [messageIds, reportIds, blockIds, textIds] = [ids('message'), ids('report'), ids('block'), ids('text')];
    const [flagged, reports, blocks, texts] = await Promise.all([
      messageIds.length
        ? tx
            .select({ message: chatMessages, studentId: chatConversations.studentId, tutorId: chatConversations.tutorId })
            .from(chatMessages)
            .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
            .where(inArray(chatMessages.id, messageIds))
        : [],
      reportIds.length
        ? tx
            .select({ report: chatReports, studentId: chatConversations.studentId, tutorId: chatConversations.tutorId })
            .from(chatReports)
            .innerJoin(chatConversations, eq(chatConversations.id, chatReports.conversationId))
            .where(inArray(chatReports.id, reportIds))
        : [],
      blockIds.length
        ? tx
            .select({ conversationId: chatConversations.id, studentId: chatConversations.studentId, tutorId: chatConversations.tutorId, blockedAt: chatConversations.blockedAt })
            .from(chatConversations)
            .where(and(inArray(chatConversations.id, blockIds), isNotNull(chatConversations.blockedAt)))
        : [],
      textIds.length ? tx.select().from(safeguardingFlags).where(inArray(safeguardingFlags.id, textIds)) : ([] as SafeguardingFlagRow[]),
    ]);
    const position = new Map(keys.map((key, i) => [`${key.kind}:${key.id}`, i]));
    const inQueueOrder = <T,>(kind: ModerationKey['kind'], rows: T[], id: (row: T) => string) =>
      rows.sort((a, b) => (position.get(`${kind}:${id(a)}`) ?? 0) - (position.get(`${kind}:${id(b)}`) ?? 0));
    return {
      flagged: inQueueOrder('message', flagged, (row) => row.message.id),
      reports: inQueueOrder('report', reports, (row) => row.report.id),
      blocks: inQueueOrder('block', blocks, (row) => row.conversationId),
      texts: inQueueOrder('text', texts, (row) => row.id),
    };
  }

  /** Flagged messages' originals, as their senders wrote them (none for a message flagged before originals were kept). */
  async messageOriginals(messageIds: string[], tx: DbOrTx = this.db): Promise<Map<string, string>> {
    if (!messageIds.length) return new Map();
    const rows = await tx
      .select({ id: safeguardingFlags.sourceId, original: safeguardingFlags.original })
      .from(safeguardingFlags)
      .where(and(eq(safeguardingFlags.sourceKind, 'chat_message'), inArray(safeguardingFlags.sourceId, messageIds)));
    return new Map(rows.map((row) => [row.id, row.original]));
  }

  async namesOf(ids: string[], tx: DbOrTx = this.db): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  // ---- moderation (the admin slice) --------------------------------------------------------------------

  /** The people of a moderation view: name, email and whether they are banned. */
  async people(ids: string[], tx: DbOrTx = this.db): Promise<Map<string, { id: string; name: string; email: string; banned: boolean }>> {
    if (!ids.length) return new Map();
    const rows = await tx.select({ id: users.id, name: users.name, email: users.email, banned: users.banned }).from(users).where(inArray(users.id, ids));
    return new Map(rows.map((row) => [row.id, row]));
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

  /**
   * The people a moderation item concerns (a conversation's student and tutor; a masked text's author and, when there
   * is one, its reader); undefined when there is no such item.
   */
  async moderationSubject(kind: ChatModerationResolutionRow['subjectKind'], id: string, tx: DbOrTx = this.db): Promise<{ studentId: string; tutorId: string } | { authorId: string; readerId: string | null } | undefined> {
    if (kind === 'text') {
      const [row] = await tx.select({ authorId: safeguardingFlags.authorId, readerId: safeguardingFlags.readerId }).from(safeguardingFlags).where(eq(safeguardingFlags.id, id)).limit(1);
      return row;
    }
    const parties = { studentId: chatConversations.studentId, tutorId: chatConversations.tutorId };
    if (kind === 'message') {
      const [row] = await tx.select(parties).from(chatMessages).innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId)).where(eq(chatMessages.id, id)).limit(1);
      return row;
    }
    if (kind === 'report') {
      const [row] = await tx.select(parties).from(chatReports).innerJoin(chatConversations, eq(chatConversations.id, chatReports.conversationId)).where(eq(chatReports.id, id)).limit(1);
      return row;
    }
    const [row] = await tx.select(parties).from(chatConversations).where(eq(chatConversations.id, id)).limit(1);
    return row;
  }

  /** Stores a resolution once: undefined when the item was already resolved. A report is marked resolved with it. */
  async resolve(values: typeof chatModerationResolutions.$inferInsert, tx: DbOrTx = this.db): Promise<ChatModerationResolutionRow | undefined> {
    const [row] = await tx.insert(chatModerationResolutions).values(values).onConflictDoNothing().returning();
    if (row && values.subjectKind === 'report') await tx.update(chatReports).set({ resolved: true }).where(eq(chatReports.id, values.subjectId));
    return row;
  }

  /** Items not yet resolved: flagged messages, reports, blocks and masked texts (the dashboard's safeguarding figure). */
  async openModerationCount(tx: DbOrTx = this.db): Promise<number> {
    const unresolved = (kind: ChatModerationResolutionRow['subjectKind'], id: unknown) =>
      sql`not exists (select 1 from ${chatModerationResolutions} r where r.subject_kind = ${kind} and r.subject_id = ${id})`;
    const [row] = await tx.execute<{ open: number }>(sql`select
      (select count(*) from ${chatMessages} m where cardinality(m.flags) > 0 and ${unresolved('message', sql`m.id`)})::int
      + (select count(*) from ${chatReports} p where ${unresolved('report', sql`p.id`)})::int
      + (select count(*) from ${chatConversations} c where c.blocked_at is not null and ${unresolved('block', sql`c.id`)})::int
      + (select count(*) from ${safeguardingFlags} f where f.source_kind <> 'chat_message' and ${unresolved('text', sql`f.id`)})::int as open`).then((r) => r.rows);
    return Number(row?.open ?? 0);
  }
}
