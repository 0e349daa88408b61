import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, IsUUID, MaxLength, MinLength, type ValidationArguments } from 'class-validator';
import { STUDY_LEVELS } from '@redpen/shared/account-rules';
import { STUDY_LEVELS as STUDY_LEVELS_ASCENDING } from '@redpen/shared/essay-levels';
import { AdminListQueryDto } from '../../admin/dto/admin.dto.js';
import { PaginationDto } from '../../../common/pagination.js';
import { SubjectDto, toStudyLevel, TutorProfileDto } from './tutor.dto.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export const TUTOR_LIST_FILTERS = ['all', 'approved', 'pending', 'essay', 'tutoring'] as const;
export const WAITING_KINDS = ['application', 'dbs', 'profilePicture', 'studyLevel'] as const;
export const PLEASE_SELECT_STUDY_LEVEL = 'Please select a study level';
/** A StudyLevel that is none of the three (after toStudyLevel's reading), named in the answer. */
export const notAStudyLevel = (word: unknown, field = 'StudyLevel') => `${field} "${String(word)}" is not one of ${STUDY_LEVELS_ASCENDING.join(', ')}`;
const studyLevelMessage = ({ value, property }: ValidationArguments) => (value === undefined || value === null ? PLEASE_SELECT_STUDY_LEVEL : notAStudyLevel(value, property));

/** `GET /admin/getAllTutors` query: the list's paging and search, plus Tutor Management's five filters. */
export class TutorAdminListQueryDto extends AdminListQueryDto {
  @ApiPropertyOptional({ enum: TUTOR_LIST_FILTERS, default: 'all', description: 'All Tutors, Approved, Pending Approval, Essay Approved, Tutoring Approved' })
  @IsOptional()
  @IsIn(TUTOR_LIST_FILTERS, { message: 'Unknown filter' })
  filter?: (typeof TUTOR_LIST_FILTERS)[number];
}

/** A tutor as Tutor Management shows it. */
export class AdminTutorDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true }) phone: string | null;
  @ApiProperty({ type: String, nullable: true }) dateOfBirth: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Presigned URL of the approved picture' }) profilePicture: string | null;
  @ApiProperty({ type: String, nullable: true }) university: string | null;
  @ApiProperty({ type: String, nullable: true }) course: string | null;
  @ApiProperty({ type: String, nullable: true, enum: STUDY_LEVELS }) StudyLevel: string | null;
  @ApiProperty({ type: String, nullable: true }) universityStartDate: string | null;
  @ApiProperty({ type: Number, nullable: true }) yearsOfExperience: number | null;
  @ApiProperty({ description: 'Mean of the ratings, one decimal (0 with none)' }) averageRating: number;
  @ApiProperty() totalRatings: number;
  @ApiProperty() approved: boolean;
  @ApiProperty() approved_essay: boolean;
  @ApiProperty() approved_tutoring: boolean;
  @ApiProperty() banned: boolean;
  @ApiProperty() emailVerified: boolean;
  @ApiProperty() onboardingCompleted: boolean;
  @ApiProperty({ description: 'DBS check Completed (verified by an admin)' }) hasDBS: boolean;
  @ApiProperty() appliedForDBS: boolean;
  @ApiProperty({ type: [SubjectDto] }) subjects: SubjectDto[];
  @ApiProperty({ type: String, nullable: true }) motivation: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ enum: ['Banned', 'Approved', 'Pending'], description: 'Banned takes precedence, then Approved, otherwise Pending' })
  status: 'Banned' | 'Approved' | 'Pending';
  @ApiProperty({ type: [String], enum: WAITING_KINDS, description: 'What waits for an admin on this tutor' }) waiting: (typeof WAITING_KINDS)[number][];
}

/**
 * One tutor in full for the admin: the profile (every document as a short-lived signed link), the admin view's fields
 * and what waits for review (the pending picture's link, the level asked for, the DBS certificate on file).
 */
export class AdminTutorDetailDto extends TutorProfileDto {
  @ApiProperty({ type: String, nullable: true }) phone: string | null;
  @ApiProperty() averageRating: number;
  @ApiProperty() totalRatings: number;
  @ApiProperty() banned: boolean;
  @ApiProperty() emailVerified: boolean;
  @ApiProperty() onboardingCompleted: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ enum: ['Banned', 'Approved', 'Pending'] }) status: 'Banned' | 'Approved' | 'Pending';
  @ApiProperty({ type: [String], enum: WAITING_KINDS }) waiting: (typeof WAITING_KINDS)[number][];
  @ApiProperty({ type: String, nullable: true, description: 'Presigned URL of the picture waiting for approval' }) pendingProfilePictureUrl: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The stored key of the picture waiting for approval: what an approval of it names (reviewTutorChange profilePictureKey)' })
  pendingProfilePictureKey: string | null;
  @ApiProperty({ description: 'A DBS certificate is on file (required to approve tutoring)' }) dbsCertificateOnFile: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'When the onboarding was submitted' }) onboardingSubmittedAt: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'When an admin last decided the application' }) applicationReviewedAt: string | null;
  @ApiProperty({ type: String, nullable: true }) applicationRejectionReason: string | null;
}

export class AdminTutorListDto {
  @ApiProperty({ type: [AdminTutorDto] }) tutors: AdminTutorDto[];
  @ApiPropertyOptional({ type: PaginationDto, description: 'With page, limit or search only (totalPayments is the number of tutors matching)' }) pagination?: PaginationDto;
}

export class UnapprovedTutorsDto {
  @ApiProperty({ type: [AdminTutorDetailDto] }) tutors: AdminTutorDetailDto[];
}

export class AdminTutorEnvelopeDto {
  @ApiProperty({ type: AdminTutorDetailDto }) tutor: AdminTutorDetailDto;
}

export class AdminTutorUpdatedDto {
  @ApiProperty() message: string;
  @ApiProperty({ type: AdminTutorDetailDto }) tutor: AdminTutorDetailDto;
}

/** `POST /admin/approveTutor`. */
export class ApproveTutorDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'tutorId must be an id' })
  tutorId: string;

  @ApiProperty() @IsBoolean({ message: 'approved_essay must be true or false' }) approved_essay: boolean;
  @ApiProperty({ description: 'Verifies the DBS certificate on file (refused without one)' }) @IsBoolean({ message: 'approved_tutoring must be true or false' }) approved_tutoring: boolean;

  @ApiProperty({ enum: [...STUDY_LEVELS, 'Bachelor', 'Master'], description: "The level the admin confirms (may correct the tutor's). Bachelor and Master (the spec's level names) are Bachelors and Masters" })
  @Transform(toStudyLevel)
  @IsIn(STUDY_LEVELS, { message: studyLevelMessage })
  StudyLevel: (typeof STUDY_LEVELS)[number];

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description:
      'The level the tutor asked for as the admin saw it (their pending change, else their StudyLevel; null: none). When sent and no longer what the tutor asks for, the approval is refused 409 CHANGE_SUPERSEDED. Not sent: not checked',
  })
  @Transform(toStudyLevel)
  @IsOptional()
  @IsString({ message: 'expectedStudyLevel must be text or null' })
  @MaxLength(40, { message: 'expectedStudyLevel must be at most 40 characters' })
  expectedStudyLevel?: string | null;
}

class ReasonField {
  @ApiProperty({ minLength: 3, maxLength: 2000, description: 'Emailed to the tutor' })
  @Transform(trim)
  @IsString({ message: 'Please give a reason' })
  @MinLength(3, { message: 'Please give a reason' })
  @MaxLength(2000, { message: 'The reason must be at most 2000 characters' })
  reason: string;
}

/** `POST /admin/rejectTutor`: the application is declined, with a reason emailed to the tutor. */
export class RejectTutorDto extends ReasonField {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'tutorId must be an id' })
  tutorId: string;
}

/** `POST /admin/reviewTutorChange`: a pending picture or StudyLevel approved, or rejected with a reason. */
export class ReviewTutorChangeDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'tutorId must be an id' })
  tutorId: string;

  @ApiProperty({ enum: ['profilePicture', 'StudyLevel'] })
  @IsIn(['profilePicture', 'StudyLevel'], { message: 'Unknown change' })
  change: 'profilePicture' | 'StudyLevel';

  @ApiProperty() @IsBoolean({ message: 'approve must be true or false' }) approve: boolean;

  @ApiPropertyOptional({
    enum: [...STUDY_LEVELS, 'Bachelor', 'Master'],
    description: 'change StudyLevel: the level the admin saw asked for (pendingStudyLevel). Required to approve; checked when rejecting. Not the pending one any more: 409 CHANGE_SUPERSEDED',
  })
  @Transform(toStudyLevel)
  @IsOptional()
  @IsIn(STUDY_LEVELS, { message: studyLevelMessage })
  StudyLevel?: (typeof STUDY_LEVELS)[number];

  @ApiPropertyOptional({
    maxLength: 500,
    description: 'change profilePicture: the picture the admin saw (pendingProfilePictureKey). Required to approve; checked when rejecting. Not the pending one any more: 409 CHANGE_SUPERSEDED',
  })
  @IsOptional()
  @IsString({ message: 'profilePictureKey must be text' })
  @MaxLength(500, { message: 'profilePictureKey must be at most 500 characters' })
  profilePictureKey?: string;

  @ApiPropertyOptional({ maxLength: 2000, description: 'Required to reject; emailed to the tutor' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(2000, { message: 'The reason must be at most 2000 characters' })
  reason?: string;
}
