import { Injectable } from '@nestjs/common';
import type { DbOrTx } from '../../infra/database/database.types.js';
import { AuditLogRepository } from './audit-log.repository.js';
import type { AuditEntryDto } from './dto/admin.dto.js';

/** Every admin action the log records (docs/architecture.md "admin (the admin area)"). */
export type AuditAction =
  | 'tutor.approve'
  | 'tutor.withdraw'
  | 'tutor.reject'
  | 'tutor.picture.approve'
  | 'tutor.picture.reject'
  | 'tutor.studyLevel.approve'
  | 'tutor.studyLevel.reject'
  | 'user.ban'
  | 'user.unban'
  | 'payment.status'
  | 'moderation.resolve';

export interface AuditEntry {
  actorId: string;
  action: AuditAction;
  subjectType: 'user' | 'payment' | 'chat_message' | 'chat_report' | 'chat_conversation' | 'safeguarding_flag';
  subjectId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
}

/** How many entries one answer lists. */
export const AUDIT_LIST_LIMIT = 200;

/**
 * The admins' audit log: who did what to whom, when, with the state before and after. Written in
 * the transaction of the action itself (`record(entry, tx)`), so an action and its row commit together or not at
 * all; never updated or deleted (the table's trigger refuses both).
 */
@Injectable()
export class AuditLog {
  constructor(private readonly repository: AuditLogRepository) {}

  async record(entry: AuditEntry, tx: DbOrTx): Promise<void> {
    await this.repository.insert(
      {
        actorId: entry.actorId,
        action: entry.action,
        subjectType: entry.subjectType,
        subjectId: entry.subjectId,
        before: entry.before ?? null,
        after: entry.after ?? null,
        reason: entry.reason ?? null,
      },
      tx,
    );
  }

  /**
   * A subject's history or the latest entries, each with its admin's name. The names are the users module's: the
   * caller passes its lookup (UsersService.contacts), since Users itself records here and cannot be imported back.
   */
  async list(subjectId: string | undefined, namesOf: (ids: readonly string[]) => Promise<{ id: string; name: string }[]>): Promise<AuditEntryDto[]> {
    const rows = subjectId ? await this.repository.forSubject(subjectId, AUDIT_LIST_LIMIT) : await this.repository.latest(AUDIT_LIST_LIMIT);
    const names = new Map((await namesOf([...new Set(rows.map((entry) => entry.actorId))])).map((user) => [user.id, user.name]));
    return rows.map((entry) => ({
      _id: entry.id,
      actor: { _id: entry.actorId, name: names.get(entry.actorId) ?? null },
      action: entry.action,
      subjectType: entry.subjectType,
      subjectId: entry.subjectId,
      before: entry.before,
      after: entry.after,
      reason: entry.reason,
      createdAt: entry.createdAt.toISOString(),
    }));
  }
}
