import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { coded } from '../../common/errors.js';
import { pageOf, paginationOf, type PageQueryDto } from '../../common/pagination.js';
import { Clock } from '../../infra/clock/clock.service.js';
import type { ChatMessageRow, ChatModerationResolutionRow } from './chat.schema.js';
import { DomainEvents } from '../../infra/events/domain-events.service.js';
import { AuditLog } from '../admin/audit-log.service.js';
import { UsersAdminService } from '../users/users-admin.service.js';
import { UsersService } from '../users/users.service.js';
import { presentMessage } from './chat.service.js';
import { ChatModerationReadModel } from './chat-moderation.read-model.js';
import { ChatRepository } from './chat.repository.js';
import type { ChatModerationDto, ResolveModerationDto } from './dto/chat.dto.js';
import type { MaskKind } from '../safeguarding/safeguarding.service.js';
import './chat.events.js';

/** How many of a conversation's latest messages each item shows. */
export const EXCERPT_LENGTH = 10;

const SUBJECT_TYPES = { message: 'chat_message', report: 'chat_report', block: 'chat_conversation', text: 'safeguarding_flag' } as const;

/**
 * Chat as the admins see it: flagged messages (with their originals), reports and blocks, each
 * with the two people, the conversation's latest messages and its resolution; the texts masked outside chat
 * (feedback, descriptions, purposes, notes, motivations: SafeguardingService's flags) with their source, author,
 * reader and original; and the resolution itself (dismiss, warn by email, ban), stored once and audited. The admin slice of the module (docs/architecture.md "Guards, access policies and admin slices"):
 * only `chat.admin.controller.ts` and the dashboard call it.
 */
@Injectable()
export class ChatAdminService {
  constructor(
    private readonly repository: ChatRepository,
    private readonly queue: ChatModerationReadModel,
    private readonly events: DomainEvents,
    private readonly audit: AuditLog,
    private readonly users: UsersAdminService,
    private readonly accounts: UsersService,
    private readonly clock: Clock,
  ) {}

  /** One page of the queue (unresolved first, oldest first; then resolved, latest first), `order` giving that order. */
  async moderation(query: PageQueryDto): Promise<ChatModerationDto> {
    const { page, limit, offset } = pageOf(query);
    const queue = await this.queue.moderationQueue({ offset, limit });
    const { flagged, reports, blocks, texts } = await this.queue.moderationItems(queue.items);
    const conversations = [...flagged.map((r) => r.message.conversationId), ...reports.map((r) => r.report.conversationId), ...blocks.map((r) => r.conversationId)];
    const peopleIds = [...[...flagged, ...reports, ...blocks].flatMap((r) => [r.studentId, r.tutorId]), ...texts.flatMap((r) => (r.readerId ? [r.authorId, r.readerId] : [r.authorId]))];
    const [people, excerpts, messageResolutions, reportResolutions, blockResolutions, textResolutions, originals] = await Promise.all([
      this.people([...new Set(peopleIds)]),
      this.repository.excerpts([...new Set(conversations)], EXCERPT_LENGTH),
      this.repository.resolutions('message', flagged.map((r) => r.message.id)),
      this.repository.resolutions('report', reports.map((r) => r.report.id)),
      this.repository.resolutions('block', blocks.map((r) => r.conversationId)),
      this.repository.resolutions('text', texts.map((r) => r.id)),
      this.queue.messageOriginals(flagged.map((r) => r.message.id)),
    ]);
    const person = (id: string) => {
      const p = people.get(id);
      return { _id: id, name: p?.name ?? '', email: p?.email ?? '', banned: p?.banned ?? false };
    };
    const context = (conversationId: string, studentId: string, tutorId: string, resolution: ChatModerationResolutionRow | undefined) => ({
      conversationId,
      studentId,
      tutorId,
      student: person(studentId),
      tutor: person(tutorId),
      excerpt: (excerpts.get(conversationId) ?? ([] as ChatMessageRow[])).map(presentMessage),
      resolution: resolution ? presentResolution(resolution) : null,
    });
    return {
      flaggedMessages: flagged.map((row) => ({
        ...presentMessage(row.message),
        original: originals.get(row.message.id) ?? null,
        source: { kind: 'chat_message' as const, id: row.message.id },
        studentId: row.studentId,
        tutorId: row.tutorId,
        context: context(row.message.conversationId, row.studentId, row.tutorId, messageResolutions.get(row.message.id)),
      })),
      reports: reports.map((row) => ({
        _id: row.report.id,
        reporter: row.report.reporterId,
        studentId: row.studentId,
        tutorId: row.tutorId,
        reason: row.report.reason,
        createdAt: row.report.createdAt.toISOString(),
        context: context(row.report.conversationId, row.studentId, row.tutorId, reportResolutions.get(row.report.id)),
      })),
      blocks: blocks.map((row) => ({
        _id: row.conversationId,
        studentId: row.studentId,
        tutorId: row.tutorId,
        blockedAt: row.blockedAt!.toISOString(),
        context: context(row.conversationId, row.studentId, row.tutorId, blockResolutions.get(row.conversationId)),
      })),
      flaggedTexts: texts.map((row) => {
        const resolution = textResolutions.get(row.id);
        return {
          _id: row.id,
          source: { kind: row.sourceKind, id: row.sourceId },
          authorId: row.authorId,
          readerId: row.readerId,
          author: person(row.authorId),
          reader: row.readerId ? person(row.readerId) : null,
          content: row.masked,
          original: row.original,
          masked: row.kinds as MaskKind[],
          createdAt: row.createdAt.toISOString(),
          resolution: resolution ? presentResolution(resolution) : null,
        };
      }),
      order: queue.items.map((item) => ({ kind: item.kind, _id: item.id })),
      pagination: paginationOf(page, limit, queue.total),
    };
  }

  openModerationCount(): Promise<number> {
    return this.queue.openModerationCount();
  }

  /**
   * Resolves one item once (409 when it already was): the resolution, its audit row and, for a warning, the
   * `chat.warningIssued` event (the email) commit together; a ban then goes through UsersAdminService (its own
   * audit row, sessions, sockets and work released). Warn and ban name one of the conversation's two people (for a
   * masked text, its author or its reader).
   */
  async resolve(adminId: string, body: ResolveModerationDto) {
    const subject = await this.queue.moderationSubject(body.kind, body.id);
    if (!subject) throw new NotFoundException(coded('NOT_FOUND', 'No such moderation item'));
    const target = body.action === 'dismiss' ? null : body.userId;
    const people = 'authorId' in subject ? [subject.authorId, subject.readerId] : [subject.studentId, subject.tutorId];
    if (body.action !== 'dismiss' && (!target || !people.includes(target))) {
      throw new BadRequestException(coded('VALIDATION_FAILED', 'authorId' in subject ? 'Choose the author or the reader of this text' : 'Choose the student or the tutor of this conversation'));
    }
    const note = body.note || null;
    const resolution = await this.events.transaction(async (tx) => {
      const row = await this.repository.resolve({ subjectKind: body.kind, subjectId: body.id, action: body.action, targetUserId: target ?? null, note, resolvedBy: adminId }, tx);
      if (!row) throw new ConflictException('This item has already been resolved.');
      await this.audit.record(
        { actorId: adminId, action: 'moderation.resolve', subjectType: SUBJECT_TYPES[body.kind], subjectId: body.id, before: { resolved: false }, after: { resolved: true, action: body.action, targetUserId: target ?? null }, reason: note },
        tx,
      );
      if (body.action === 'warn') await this.events.record(tx, 'chat.warningIssued', { userId: target!, resolutionId: row.id, note, at: this.clock.now().toISOString() });
      return row;
    });
    if (body.action === 'ban') await this.users.setBanned(adminId, target!, true, note);
    return { message: 'Resolved', resolution: presentResolution(resolution) };
  }

  /** The people of a page of the queue (name, email, whether banned), from the users module: for the whole page at once, never per row. */
  private async people(ids: string[]): Promise<Map<string, { name: string; email: string; banned: boolean }>> {
    if (!ids.length) return new Map();
    const [contacts, banned] = await Promise.all([this.accounts.contacts(ids), this.accounts.bannedOf(ids)]);
    return new Map(contacts.map((contact) => [contact.id, { name: contact.name, email: contact.email, banned: banned.get(contact.id) ?? false }]));
  }
}

function presentResolution(row: ChatModerationResolutionRow) {
  return { action: row.action, targetUserId: row.targetUserId, note: row.note, resolvedBy: row.resolvedBy, resolvedAt: row.resolvedAt.toISOString() };
}
