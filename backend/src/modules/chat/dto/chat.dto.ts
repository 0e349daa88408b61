import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min, MinLength } from 'class-validator';
import { CHAT_HISTORY_PAGE } from '@redpen/shared/chat-rules';
import { PaginationDto } from '../../../common/pagination.js';

/** One message as the spec's client reads it, plus what the safeguarding masked. */
export class ChatMessageDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) sender: string;
  @ApiProperty({ format: 'uuid' }) recipient: string;
  @ApiProperty({ enum: ['Student', 'Tutor'] }) senderModel: 'Student' | 'Tutor';
  @ApiProperty({ enum: ['student', 'tutor'] }) senderRole: 'student' | 'tutor';
  @ApiProperty() content: string;
  @ApiProperty({ format: 'date-time' }) timestamp: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) essayId: string | null;
  @ApiProperty({ type: [String], enum: ['phone', 'email', 'link', 'handle'], description: 'Contact details masked out of this message' })
  masked: ('phone' | 'email' | 'link' | 'handle')[];
}

export class ChatLastMessageDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) sender: string;
  @ApiProperty() content: string;
  @ApiProperty({ format: 'date-time' }) timestamp: string;
}

/** A chat contact with what the list shows beside the name. */
export class ChatContactDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true, description: 'Presigned URL, short-lived' }) profilePicture: string | null;
  @ApiProperty({ type: ChatLastMessageDto, nullable: true }) lastMessage: ChatLastMessageDto | null;
  @ApiProperty() unreadCount: number;
  @ApiProperty() online: boolean;
  @ApiProperty({ description: 'The student has blocked this conversation' }) blocked: boolean;
}

export class StudentContactsDto {
  @ApiProperty({ type: [ChatContactDto] }) tutors: ChatContactDto[];
}

export class TutorContactsDto {
  @ApiProperty({ type: [ChatContactDto] }) students: ChatContactDto[];
}

export class ChatMessagesDto {
  @ApiProperty({ type: [ChatMessageDto], description: 'Oldest first' }) messages: ChatMessageDto[];
  @ApiProperty({ description: 'Older messages exist: ask again with before = the first _id' }) hasMore: boolean;
}

export class ChatHistoryQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Return messages older than this message' })
  @IsOptional()
  @IsUUID('all', { message: 'before must be a message id' })
  before?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: CHAT_HISTORY_PAGE.max, default: CHAT_HISTORY_PAGE.default })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be at least 1' })
  @Max(CHAT_HISTORY_PAGE.max, { message: `limit must be at most ${CHAT_HISTORY_PAGE.max}` })
  limit?: number;
}

export class ChatReportDto {
  @ApiProperty({ minLength: 3, maxLength: 1000 })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(1000, { message: 'The reason must be at most 1000 characters' })
  @MinLength(3, { message: 'Please give a reason' })
  @IsString({ message: 'Please give a reason' })
  reason: string;
}

export class ChatDoneDto {
  @ApiProperty() message: string;
}

export const MODERATION_SUBJECTS = ['message', 'report', 'block', 'text'] as const;
/** Where a masked text was written: the moderation item's source kind. */
export const MODERATION_SOURCES = ['chat_message', 'essay_feedback', 'tutoring_description', 'session_purpose', 'essay_notes', 'tutor_motivation'] as const;
const MASK_KINDS = ['phone', 'email', 'link', 'handle'] as const;
export const MODERATION_ACTIONS = ['dismiss', 'warn', 'ban'] as const;

class ModerationPersonDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty() banned: boolean;
}

class ModerationResolutionDto {
  @ApiProperty({ enum: MODERATION_ACTIONS }) action: (typeof MODERATION_ACTIONS)[number];
  @ApiProperty({ type: String, nullable: true, format: 'uuid', description: 'Who was warned or banned' }) targetUserId: string | null;
  @ApiProperty({ type: String, nullable: true }) note: string | null;
  @ApiProperty({ format: 'uuid' }) resolvedBy: string;
  @ApiProperty({ format: 'date-time' }) resolvedAt: string;
}

/** What every moderation item carries for the Content & safeguarding screen: the two people, the thread's excerpt, its resolution. */
class ModerationContextDto {
  @ApiProperty({ format: 'uuid' }) conversationId: string;
  @ApiProperty({ format: 'uuid' }) studentId: string;
  @ApiProperty({ format: 'uuid' }) tutorId: string;
  @ApiProperty({ type: ModerationPersonDto }) student: ModerationPersonDto;
  @ApiProperty({ type: ModerationPersonDto }) tutor: ModerationPersonDto;
  @ApiProperty({ type: [ChatMessageDto], description: 'The latest messages of the conversation (oldest first, at most 10, already masked)' }) excerpt: ChatMessageDto[];
  @ApiProperty({ type: ModerationResolutionDto, nullable: true }) resolution: ModerationResolutionDto | null;
}

/** What a masked text belongs to: its kind and the thing's id (a description's or motivation's is the tutor's user id). */
class ModerationSourceDto {
  @ApiProperty({ enum: MODERATION_SOURCES }) kind: (typeof MODERATION_SOURCES)[number];
  @ApiProperty({ format: 'uuid', description: "The chat message's, essay's, tutoring session's or (description, motivation) tutor's id" }) id: string;
}

class FlaggedMessageDto extends ChatMessageDto {
  @ApiProperty({ type: String, nullable: true, description: 'The message as its sender wrote it, for the moderators only (none for a message flagged before originals were kept)' })
  original: string | null;
  @ApiProperty({ type: ModerationSourceDto }) source: ModerationSourceDto;
  @ApiProperty({ format: 'uuid' }) studentId: string;
  @ApiProperty({ format: 'uuid' }) tutorId: string;
  @ApiProperty({ type: ModerationContextDto }) context: ModerationContextDto;
}

class ChatReportRowDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) reporter: string;
  @ApiProperty({ format: 'uuid' }) studentId: string;
  @ApiProperty({ format: 'uuid' }) tutorId: string;
  @ApiProperty() reason: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: ModerationContextDto }) context: ModerationContextDto;
}

class ChatBlockRowDto {
  @ApiProperty({ format: 'uuid', description: "The conversation's id: a block's id when resolving it" }) _id: string;
  @ApiProperty({ format: 'uuid' }) studentId: string;
  @ApiProperty({ format: 'uuid' }) tutorId: string;
  @ApiProperty({ format: 'date-time' }) blockedAt: string;
  @ApiProperty({ type: ModerationContextDto }) context: ModerationContextDto;
}

/**
 * A text written outside chat (essay feedback or notes, a tutoring description, a session purpose, a tutor's
 * motivation) whose contact details were masked as it was written: stored and served masked; the original is here.
 */
class FlaggedTextDto {
  @ApiProperty({ format: 'uuid', description: "The item's id when resolving it" }) _id: string;
  @ApiProperty({ type: ModerationSourceDto }) source: ModerationSourceDto;
  @ApiProperty({ format: 'uuid' }) authorId: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The one person it was written for, when there is one' }) readerId: string | null;
  @ApiProperty({ type: ModerationPersonDto }) author: ModerationPersonDto;
  @ApiProperty({ type: ModerationPersonDto, nullable: true }) reader: ModerationPersonDto | null;
  @ApiProperty({ description: 'As stored and shown (masked)' }) content: string;
  @ApiProperty({ description: 'As its author wrote it, for the moderators only' }) original: string;
  @ApiProperty({ type: [String], enum: MASK_KINDS }) masked: (typeof MASK_KINDS)[number][];
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: ModerationResolutionDto, nullable: true }) resolution: ModerationResolutionDto | null;
}

/** `POST /admin/chat/moderation/resolve`: dismiss, warn by email, or ban one of the two people. */
export class ResolveModerationDto {
  @ApiProperty({ enum: MODERATION_SUBJECTS }) @IsIn(MODERATION_SUBJECTS, { message: 'Unknown moderation item' }) kind: (typeof MODERATION_SUBJECTS)[number];
  @ApiProperty({ format: 'uuid', description: "The message's, report's, (for a block) conversation's or (for a text) item's id" }) @IsUUID('all', { message: 'id must be an id' }) id: string;
  @ApiProperty({ enum: MODERATION_ACTIONS }) @IsIn(MODERATION_ACTIONS, { message: 'Unknown action' }) action: (typeof MODERATION_ACTIONS)[number];
  @ApiPropertyOptional({ format: 'uuid', description: "Who is warned or banned: the student or the tutor of the conversation, or a text's author or reader (required for warn and ban)" })
  @IsOptional()
  @IsUUID('all', { message: 'userId must be an id' })
  userId?: string;
  @ApiPropertyOptional({ maxLength: 2000, description: 'Stored; a warning emails it' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MaxLength(2000, { message: 'The note must be at most 2000 characters' })
  note?: string;
}

export class ModerationResolvedDto {
  @ApiProperty() message: string;
  @ApiProperty({ type: ModerationResolutionDto }) resolution: ModerationResolutionDto;
}

/** Where an item of the page stands in the queue: its kind and id (a block's id is its conversation's). */
class ModerationOrderDto {
  @ApiProperty({ enum: MODERATION_SUBJECTS }) kind: (typeof MODERATION_SUBJECTS)[number];
  @ApiProperty({ format: 'uuid' }) _id: string;
}

/** One page of the moderation queue: the page's items by kind, their queue order, and the admin lists' pagination. */
export class ChatModerationDto {
  @ApiProperty({ type: [FlaggedMessageDto], description: "This page's flagged messages" }) flaggedMessages: FlaggedMessageDto[];
  @ApiProperty({ type: [ChatReportRowDto], description: "This page's reports" }) reports: ChatReportRowDto[];
  @ApiProperty({ type: [ChatBlockRowDto], description: "This page's blocks" }) blocks: ChatBlockRowDto[];
  @ApiProperty({ type: [FlaggedTextDto], description: "This page's texts masked outside chat (feedback, descriptions, purposes, notes, motivations)" }) flaggedTexts: FlaggedTextDto[];
  @ApiProperty({ type: [ModerationOrderDto], description: "The page's items in queue order: unresolved first, oldest first; then resolved, latest resolution first" })
  order: ModerationOrderDto[];
  @ApiProperty({ type: PaginationDto, description: 'totalPayments is the number of items in the whole queue' }) pagination: PaginationDto;
}
