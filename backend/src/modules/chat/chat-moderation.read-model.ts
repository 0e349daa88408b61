import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database, DbOrTx } from '../../infra/database/database.types.js';
import { safeguardingFlags } from '../safeguarding/safeguarding.schema.js';
import type { SafeguardingFlagRow } from '../safeguarding/safeguarding.service.js';
import { chatConversations, chatMessages, chatModerationResolutions, chatReports, type ChatModerationResolutionRow } from './chat.schema.js';

/**
 * The moderation queue's read model: a read across owners, kept in SQL on purpose. Its main tables are chat's own
 * (flagged `chat_messages`, `chat_reports`, blocked `chat_conversations` and `chat_moderation_resolutions`); beside
 * them, read only and never written here, the safeguarding module's `safeguarding_flags` (the texts masked outside
 * chat, which are items of the same queue, and a flagged message's original). The admin's queue is one list over all
 * four kinds, ordered by each item's resolution (unresolved oldest first, then resolved latest first) and paged and
 * counted in SQL, with the open count on the dashboard; a call to the safeguarding module could only do that by reading
 * every flag. The people's names, emails and bans come from UsersService, one lookup per page. Its owner is the chat
 * module; it writes nothing.
 */

/**
 * One item of the moderation queue: a flagged message's, a report's, (for a block) a conversation's or (for a masked
 * text written outside chat: feedback, a description, a purpose, notes, a motivation) its safeguarding flag's id.
 */
export interface ModerationKey {
  kind: ChatModerationResolutionRow['subjectKind'];
  id: string;
}

/**
 * Every item of the queue, resolved or not, with when it arose (`kind`, `id`, `at`): the one definition of what the
 * queue holds, which both its pages and its open count read. A chat message's own safeguarding flag is its message's
 * item, not a text's.
 */
const queueItems = sql`(
  select 'message'::chat_moderation_subject as kind, m.id, m.created_at as at from ${chatMessages} m where cardinality(m.flags) > 0
  union all select 'report'::chat_moderation_subject, p.id, p.created_at from ${chatReports} p
  union all select 'block'::chat_moderation_subject, c.id, c.blocked_at from ${chatConversations} c where c.blocked_at is not null
  union all select 'text'::chat_moderation_subject, f.id, f.created_at from ${safeguardingFlags} f where f.source_kind <> 'chat_message'
)`;

@Injectable()
export class ChatModerationReadModel {
  constructor(@Inject(DRIZZLE) private readonly db: Database) {}

  /**
   * One page of the moderation queue, all four kinds together (flagged messages, reports, blocks, masked texts from
   * outside chat; a chat message's own flag is its message's item): unresolved items
   * first, oldest first (the longest waiting on top); then resolved ones, latest resolution first. Answers the
   * page's keys in that order and how many items there are in all.
   */
  async moderationQueue(page: { offset: number; limit: number }, tx: DbOrTx = this.db): Promise<{ items: ModerationKey[]; total: number }> {
    const items = queueItems;
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

  /** Items not yet resolved: flagged messages, reports, blocks and masked texts (the dashboard's safeguarding figure). */
  async openModerationCount(tx: DbOrTx = this.db): Promise<number> {
    const [row] = await tx.execute<{ open: number }>(sql`select count(*)::int as open from ${queueItems} i
      where not exists (select 1 from ${chatModerationResolutions} r where r.subject_kind = i.kind and r.subject_id = i.id)`).then((r) => r.rows);
    return Number(row?.open ?? 0);
  }
}
