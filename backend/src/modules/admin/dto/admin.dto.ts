import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageQueryDto } from '../../../common/pagination.js';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';

const trimToUndefined = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

/**
 * `GET /admin/getAllStudents` and `/admin/getAllTutors`: without any of these the spec's whole list; with `page`,
 * `limit` or `search`, one page and `pagination` (the search runs in PostgreSQL).
 */
export class AdminListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Case-insensitive, partial: name, email or phone (students); name, email, university or course (tutors)', maxLength: 100 })
  @IsOptional()
  @Transform(trimToUndefined)
  @IsString()
  @MaxLength(100, { message: 'search must be at most 100 characters' })
  search?: string;
}

/** `GET /admin/getDashboardData` plus the "Needs attention" figures. */
export class NeedsAttentionDto {
  @ApiProperty({ description: 'Completed onboardings not yet decided' }) tutorApplications: number;
  @ApiProperty({ description: 'DBS certificates submitted and not yet verified' }) dbsCertificates: number;
  @ApiProperty({ description: 'Pending profile pictures' }) profilePictures: number;
  @ApiProperty({ description: 'Pending StudyLevel changes' }) studyLevelChanges: number;
  @ApiProperty({ description: 'Open safeguarding items: unresolved reports, flagged messages and blocks' }) safeguarding: number;
  @ApiProperty({ description: 'Failed jobs kept in the queues (Bull Board at /api/admin/queues)' }) failedJobs: number;
}

export class DashboardDataDto {
  @ApiProperty({ description: 'Accounts with a student or tutor profile, each once' }) totalUsers: number;
  @ApiProperty() totalStudents: number;
  @ApiProperty() totalTutors: number;
  @ApiProperty({ description: 'Accepted, paid or in revision' }) activeEssays: number;
  @ApiProperty({ description: 'Waiting for a tutor: awaiting the word-count confirmation or in the pool' }) pendingEssays: number;
  @ApiProperty() completedEssays: number;
  @ApiProperty({ type: NeedsAttentionDto }) needsAttention: NeedsAttentionDto;
}

export class AuditActorDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
}

export class AuditEntryDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ type: AuditActorDto }) actor: AuditActorDto;
  @ApiProperty({
    enum: ['tutor.approve', 'tutor.withdraw', 'tutor.reject', 'tutor.picture.approve', 'tutor.picture.reject', 'tutor.studyLevel.approve', 'tutor.studyLevel.reject', 'user.ban', 'user.unban', 'payment.status', 'moderation.resolve'],
  })
  action: string;
  @ApiProperty({ enum: ['user', 'payment', 'chat_message', 'chat_report', 'chat_conversation', 'safeguarding_flag'] }) subjectType: string;
  @ApiProperty({ format: 'uuid' }) subjectId: string;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true }) before: Record<string, unknown> | null;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true }) after: Record<string, unknown> | null;
  @ApiProperty({ type: String, nullable: true }) reason: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class AuditListDto {
  @ApiProperty({ type: [AuditEntryDto], description: 'Newest first, at most 200' }) entries: AuditEntryDto[];
}

export class AuditQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'The user, payment or moderation item; without it, the latest entries' })
  @IsOptional()
  @IsUUID('all', { message: 'subjectId must be an id' })
  subjectId?: string;
}

/** `PUT /admin/updateStudent/{id}` and `/admin/updateTutor/{id}`. */
export class UpdateBanDto {
  @ApiProperty({ description: 'true bans (sessions and sockets end at once), false unbans (access only)' })
  @IsBoolean({ message: 'banned must be true or false' })
  banned: boolean;
}
