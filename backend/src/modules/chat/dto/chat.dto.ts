import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min, MinLength } from 'class-validator';
import { CHAT_HISTORY_PAGE } from '@redpen/shared/chat-rules';

/** One message as the spec's client reads it (part 2 §3), plus what the safeguarding masked. */
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

/** A chat contact (spec part 2 §3) with what the list shows beside the name. */
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

class FlaggedMessageDto extends ChatMessageDto {
  @ApiProperty({ format: 'uuid' }) studentId: string;
  @ApiProperty({ format: 'uuid' }) tutorId: string;
}

class ChatReportRowDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) reporter: string;
  @ApiProperty({ format: 'uuid' }) studentId: string;
  @ApiProperty({ format: 'uuid' }) tutorId: string;
  @ApiProperty() reason: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

class ChatBlockRowDto {
  @ApiProperty({ format: 'uuid' }) studentId: string;
  @ApiProperty({ format: 'uuid' }) tutorId: string;
  @ApiProperty({ format: 'date-time' }) blockedAt: string;
}

export class ChatModerationDto {
  @ApiProperty({ type: [FlaggedMessageDto] }) flaggedMessages: FlaggedMessageDto[];
  @ApiProperty({ type: [ChatReportRowDto] }) reports: ChatReportRowDto[];
  @ApiProperty({ type: [ChatBlockRowDto] }) blocks: ChatBlockRowDto[];
}
