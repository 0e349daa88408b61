import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, exists, or, sql } from 'drizzle-orm';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database, DbOrTx } from '../../infra/database/database.types.js';
import { studentProfiles } from '../students/students.schema.js';
import { tutorProfiles } from '../tutors/tutors.schema.js';
import { users } from '../users/users.schema.js';
import { chatConversationContexts, chatConversations, chatMessages, type ChatConversationRow, type ChatMessageRow } from './chat.schema.js';
import type { ChatSide } from './chat.repository.js';

/**
 * Chat's contacts read model: a read across owners, kept in one query on purpose. Its main tables are chat's own
 * (`chat_conversations`, their contexts and messages); beside them, read only and never written here, Users' `users`
 * (the contact's name), the students module's `student_profiles` and the tutors module's `tutor_profiles` (the
 * contact's picture; the tutor's verified DBS).
 * - The contact list sorts by the latest message and then by the contact's name, with each row's unread count and
 *   picture: one statement in SQL, where a conversations query and then a name and a picture lookup per owner would
 *   need the names before they could order the list.
 * - A thread as its caller sees it carries the tutor's verified DBS (what a tutor without one may send): it is read on
 *   every send, read mark and history page, so it stays one round trip rather than a conversation query plus a call
 *   to the tutors module.
 * Its owner is the chat module; it writes nothing.
 */

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

@Injectable()
export class ChatContactsReadModel {
  // Read on every send: a prepared statement, built once (composing it with Drizzle each time cost more CPU than the
  // rest of the send; docs/benchmarks.md).
  private readonly findThreadPrepared;

  constructor(@Inject(DRIZZLE) private readonly db: Database) {
    this.findThreadPrepared = this.threadQuery(db).prepare('chat_find_thread');
  }

  /**
   * The conversation between `userId` and `contactId`, as `userId` sees it. When the pair talks both ways round
   * (a user holding both profiles), the side named by `preferred` wins.
   */
  async findThread(userId: string, contactId: string, preferred?: ChatSide, tx?: DbOrTx): Promise<ThreadView | undefined> {
    const rows = tx ? await this.threadQuery(tx).execute({ userId, contactId }) : await this.findThreadPrepared.execute({ userId, contactId });
    const views = rows.map((row): ThreadView => {
      const side: ChatSide = row.conversation.studentId === userId ? 'student' : 'tutor';
      return { ...row, side, contactId: side === 'student' ? row.conversation.tutorId : row.conversation.studentId };
    });
    return views.find((view) => view.side === preferred) ?? views[0];
  }

  private threadQuery(db: DbOrTx) {
    const userId = sql.placeholder('userId');
    const contactId = sql.placeholder('contactId');
    return db
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
}
