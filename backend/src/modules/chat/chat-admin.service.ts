import { Injectable } from '@nestjs/common';
import { presentMessage } from './chat.service.js';
import { ChatRepository } from './chat.repository.js';
import type { ChatModerationDto } from './dto/chat.dto.js';

/** How many of each kind the moderation view lists, newest first. */
export const MODERATION_LIMIT = 200;

/**
 * Chat as the admins see it (DESIGN.md §9 "Chat"): flagged messages, reports and blocks. The admin slice of the
 * module (docs/architecture.md "Access policies and admin slices"): only `chat.admin.controller.ts` calls it.
 */
@Injectable()
export class ChatAdminService {
  constructor(private readonly repository: ChatRepository) {}

  async moderation(): Promise<ChatModerationDto> {
    const { flagged, reports, blocks } = await this.repository.moderation(MODERATION_LIMIT);
    return {
      flaggedMessages: flagged.map((row) => ({ ...presentMessage(row.message), studentId: row.studentId, tutorId: row.tutorId })),
      reports: reports.map((row) => ({
        _id: row.report.id,
        reporter: row.report.reporterId,
        studentId: row.studentId,
        tutorId: row.tutorId,
        reason: row.report.reason,
        createdAt: row.report.createdAt.toISOString(),
      })),
      blocks: blocks.map((row) => ({ studentId: row.studentId, tutorId: row.tutorId, blockedAt: row.blockedAt!.toISOString() })),
    };
  }
}
