import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsDateString, IsIn, IsInt, IsNotEmpty, IsNumber, IsObject, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { FormText } from '../../../common/uploads/upload-rule.js';
import { BOOKING_HORIZON_DAYS, DESCRIPTION_MAX_LENGTH, HOURLY_RATE_MAX_PENCE, HOURLY_RATE_MIN_PENCE, PURPOSE_MAX_LENGTH, SLOT_TIMES, SUBJECT_MAX_LENGTH, TUTORING_STATUS } from '../tutoring-rules.js';

export const FILL_IN_ALL = 'Please fill in all required fields';
export const STUDY_LEVELS = ['PhD', 'Masters', 'Bachelors'] as const;

/** The weekly availability on the wire: lower-case weekday → the spec's hourly slots, wall-clock times in `timeZone`. */
export class WeeklyAvailabilityDto {
  @ApiPropertyOptional({ enum: SLOT_TIMES, isArray: true, example: ['09:00-10:00', '10:00-11:00'] }) monday?: string[];
  @ApiPropertyOptional({ enum: SLOT_TIMES, isArray: true }) tuesday?: string[];
  @ApiPropertyOptional({ enum: SLOT_TIMES, isArray: true }) wednesday?: string[];
  @ApiPropertyOptional({ enum: SLOT_TIMES, isArray: true }) thursday?: string[];
  @ApiPropertyOptional({ enum: SLOT_TIMES, isArray: true }) friday?: string[];
  @ApiPropertyOptional({ enum: SLOT_TIMES, isArray: true }) saturday?: string[];
  @ApiPropertyOptional({ enum: SLOT_TIMES, isArray: true }) sunday?: string[];
}

const HOURLY_UTC = '^([01]\\d|2[0-3]):[0-5]\\d-([01]\\d|2[0-3]):[0-5]\\d$';

/** The weekly availability in UTC: lower-case weekday → hourly `HH:MM-HH:MM` ranges (a half-hour zone gives `:30`). */
export class UtcWeeklyAvailabilityDto {
  @ApiPropertyOptional({ type: String, pattern: HOURLY_UTC, isArray: true, example: ['08:00-09:00', '09:00-10:00'] }) monday?: string[];
  @ApiPropertyOptional({ type: String, pattern: HOURLY_UTC, isArray: true }) tuesday?: string[];
  @ApiPropertyOptional({ type: String, pattern: HOURLY_UTC, isArray: true }) wednesday?: string[];
  @ApiPropertyOptional({ type: String, pattern: HOURLY_UTC, isArray: true }) thursday?: string[];
  @ApiPropertyOptional({ type: String, pattern: HOURLY_UTC, isArray: true }) friday?: string[];
  @ApiPropertyOptional({ type: String, pattern: HOURLY_UTC, isArray: true }) saturday?: string[];
  @ApiPropertyOptional({ type: String, pattern: HOURLY_UTC, isArray: true }) sunday?: string[];
}

/** `availability` on the way out: UTC ("GMT"), as the wall-clock slots stand for the coming week. */
const AVAILABILITY_UTC_SCHEMA = {
  type: UtcWeeklyAvailabilityDto,
  description: 'UTC weekdays and times of the tutor’s slots as they stand for the coming week (a London tutor’s 09:00 is 08:00 in summer time). `availabilityLocal` and `timeZone` give the wall clock.',
};
/** `availabilityLocal`: the slots as the tutor keeps them. */
const AVAILABILITY_LOCAL_SCHEMA = {
  type: WeeklyAvailabilityDto,
  description: 'Wall-clock slots in `timeZone`, Monday to Sunday, as the tutor keeps them (they follow the zone’s clock changes).',
};

// ── DBS application ──────────────────────────────────────────────────────────────────────────────────

/** `POST /tutor/applyForDBS` text fields; `certificateFile` is the file field. */
export class DbsApplicationFormDto {
  @ApiProperty({ maxLength: 200 })
  @FormText() @MaxLength(200, { message: 'Full name must be at most 200 characters' }) @IsString({ message: FILL_IN_ALL }) @IsNotEmpty({ message: FILL_IN_ALL })
  fullName: string;

  @ApiProperty({ maxLength: 50, description: 'The 12-digit number on the DBS certificate' })
  @FormText() @MaxLength(50, { message: 'Certificate number must be at most 50 characters' }) @IsString({ message: FILL_IN_ALL }) @IsNotEmpty({ message: FILL_IN_ALL })
  certificateNumber: string;

  @ApiProperty({ type: 'string', format: 'binary', description: 'PDF, JPG, JPEG or PNG (by content), 5 MB at most' })
  certificateFile?: unknown;
}

export class DbsApplicationDto {
  @ApiProperty() fullName: string;
  @ApiProperty() certificateNumber: string;
  @ApiProperty({ type: String, nullable: true, description: 'A short-lived link to the certificate file' }) certificateFileUrl: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'Null when the certificate was given at onboarding' }) submittedAt: string | null;
}

// ── Tutoring profile ─────────────────────────────────────────────────────────────────────────────────

export class SlotDto {
  @ApiProperty({ format: 'date-time', example: '2027-01-11T09:00:00.000Z' }) startTime: string;
  @ApiProperty({ format: 'date-time', example: '2027-01-11T10:00:00.000Z' }) endTime: string;
}

export class TutoringProfileDto {
  @ApiProperty({ type: String, nullable: true }) subject: string | null;
  @ApiProperty({ type: Number, nullable: true, example: 35, description: 'Pounds per hour' }) hourlyRate: number | null;
  @ApiProperty({ type: Number, nullable: true, example: 3500, description: 'The same in integer pence' }) hourlyRatePence: number | null;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ enum: TUTORING_STATUS }) status: (typeof TUTORING_STATUS)[number];
  @ApiProperty(AVAILABILITY_UTC_SCHEMA) availability: UtcWeeklyAvailabilityDto;
  @ApiProperty(AVAILABILITY_LOCAL_SCHEMA) availabilityLocal: WeeklyAvailabilityDto;
  @ApiProperty({ example: 'Europe/London', description: 'IANA zone of availabilityLocal' }) timeZone: string;
  @ApiProperty({ type: [SlotDto], description: `Bookable UTC slots of the next ${BOOKING_HORIZON_DAYS} days (what students see)` }) nextSlots: SlotDto[];
}

export const PROFILE_STATES = ['apply', 'pending', 'editable'] as const;

/** `GET /tutor/getTutoringProfile` plus the state the page shows and the submitted application. */
export class TutoringProfileEnvelopeDto {
  @ApiProperty({ type: TutoringProfileDto }) profile: TutoringProfileDto;
  @ApiProperty() hasDBS: boolean;
  @ApiProperty() appliedForDBS: boolean;
  @ApiProperty() approved_tutoring: boolean;
  @ApiProperty() approved: boolean;
  @ApiProperty({
    enum: PROFILE_STATES,
    description: 'What the page shows: apply (no certificate on file), pending (submitted, not yet verified and approved), editable (approved && approved_tutoring && hasDBS)',
  })
  state: (typeof PROFILE_STATES)[number];
  @ApiProperty({ type: DbsApplicationDto, nullable: true }) dbsApplication: DbsApplicationDto | null;
}

export class DbsAppliedDto extends TutoringProfileEnvelopeDto {
  @ApiProperty({ example: 'DBS application submitted successfully' }) message: string;
}

/** `POST /tutor/updateTutoringProfile {subject, hourlyRate, description, status, availability}` (+ optional timeZone). */
export class UpdateTutoringProfileDto {
  @ApiProperty({ maxLength: SUBJECT_MAX_LENGTH })
  @MaxLength(SUBJECT_MAX_LENGTH, { message: `Subject must be at most ${SUBJECT_MAX_LENGTH} characters` }) @IsString({ message: 'Subject is required' }) @IsNotEmpty({ message: 'Subject is required' })
  subject: string;

  @ApiProperty({ example: 35, minimum: HOURLY_RATE_MIN_PENCE / 100, maximum: HOURLY_RATE_MAX_PENCE / 100, description: 'Pounds per hour, at most two decimals' })
  @Type(() => Number)
  @Max(HOURLY_RATE_MAX_PENCE / 100, { message: `Hourly rate must be at most £${HOURLY_RATE_MAX_PENCE / 100}` })
  @Min(HOURLY_RATE_MIN_PENCE / 100, { message: `Hourly rate must be at least £${HOURLY_RATE_MIN_PENCE / 100}` })
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, { message: 'Hourly rate must be an amount in pounds, such as 35 or 35.50' })
  hourlyRate: number;

  @ApiProperty({ maxLength: DESCRIPTION_MAX_LENGTH })
  @MaxLength(DESCRIPTION_MAX_LENGTH, { message: `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters` }) @IsString({ message: 'Description is required' }) @IsNotEmpty({ message: 'Description is required' })
  description: string;

  @ApiProperty({ enum: TUTORING_STATUS })
  @IsIn(TUTORING_STATUS, { message: 'Status must be Available or Unavailable' })
  status: (typeof TUTORING_STATUS)[number];

  @ApiProperty({
    type: UtcWeeklyAvailabilityDto,
    description: "Without `timeZone`: UTC slots, read into the tutor's zone as they stand for the coming week. With `timeZone`: wall-clock slots in that zone. Keys may also be capitalised ('Monday').",
  })
  @IsObject({ message: 'Availability must be a map from weekday to a list of slots' })
  availability: Record<string, unknown>;

  @ApiPropertyOptional({ example: 'Europe/London', description: 'Sent: the availability is wall-clock times in this IANA zone, which becomes the tutor’s. Absent: the availability is UTC and the zone stays (Europe/London at first)' })
  @IsOptional() @IsString() @MaxLength(64)
  timeZone?: string;
}

export class TutoringProfileUpdatedDto {
  @ApiProperty({ example: 'Tutoring profile updated successfully' }) message: string;
  @ApiProperty({ type: TutoringProfileDto }) profile: TutoringProfileDto;
}

// ── Find Your Tutor ──────────────────────────────────────────────────────────────────────────────────

/** A tutor card with its rating and the bookable slots. */
export class TutorCardDto {
  @ApiProperty({ format: 'uuid', description: "The tutor's user id (what createTutoringSession takes as tutorId)" }) _id: string;
  @ApiProperty() fullName: string;
  @ApiProperty({ type: String, nullable: true }) subject: string | null;
  @ApiProperty({ type: String, nullable: true }) university: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Years' }) experience: number | null;
  @ApiProperty({ example: 35, description: 'Pounds per hour' }) hourlyRate: number;
  @ApiProperty({ example: 3500 }) hourlyRatePence: number;
  @ApiProperty({ type: String, nullable: true, enum: STUDY_LEVELS }) studyLevel: string | null;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'A short-lived link' }) profilePicture: string | null;
  @ApiProperty(AVAILABILITY_UTC_SCHEMA) availability: UtcWeeklyAvailabilityDto;
  @ApiProperty(AVAILABILITY_LOCAL_SCHEMA) availabilityLocal: WeeklyAvailabilityDto;
  @ApiProperty({ example: 'Europe/London', description: 'IANA zone of availabilityLocal' }) timeZone: string;
  @ApiPropertyOptional({ type: [SlotDto], description: `Paged answers only (with page or limit): bookable UTC start/end pairs of the next ${BOOKING_HORIZON_DAYS} days (booked, held and too-soon slots removed)` }) nextSlots?: SlotDto[];
  @ApiProperty({ description: 'Out of 5.0, one decimal; 0 with none' }) averageRating: number;
  @ApiProperty() totalRatings: number;
}

export class TutorListQueryDto {
  @ApiPropertyOptional({ minimum: 1, description: 'With limit: one page; without both, the whole list' })
  @IsOptional() @Type(() => Number) @IsInt({ message: 'Page must be a whole number from 1' }) @Min(1, { message: 'Page must be a whole number from 1' })
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100 })
  @IsOptional() @Type(() => Number) @IsInt({ message: 'Limit must be a whole number from 1 to 100' }) @Min(1, { message: 'Limit must be a whole number from 1 to 100' }) @Max(100, { message: 'Limit must be a whole number from 1 to 100' })
  limit?: number;

  @ApiPropertyOptional({ description: 'Case-insensitive part of the full name or subject' })
  @IsOptional() @IsString() @MaxLength(100)
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value))
  search?: string;

  @ApiPropertyOptional({ enum: [...STUDY_LEVELS, 'all'] })
  @IsOptional() @IsIn([...STUDY_LEVELS, 'all'], { message: 'Study level must be all, PhD, Masters or Bachelors' })
  studyLevel?: string;

  @ApiPropertyOptional({ enum: ['experience', 'hourlyRate'], description: 'experience: most first; hourlyRate: cheapest first; absent: by name' })
  @IsOptional() @IsIn(['experience', 'hourlyRate'], { message: 'Sort must be experience or hourlyRate' })
  sort?: 'experience' | 'hourlyRate';
}

export class TutorListDto {
  @ApiProperty({ type: [TutorCardDto] }) tutors: TutorCardDto[];
  @ApiProperty({ description: 'Matching tutors in all (the list length without paging)' }) total: number;
  @ApiPropertyOptional() page?: number;
  @ApiPropertyOptional() limit?: number;
}

// ── Sessions ─────────────────────────────────────────────────────────────────────────────────────────

/** `POST /student/createTutoringSession {tutorId, purpose, startTime, endTime}` (ISO UTC). */
export class CreateTutoringSessionDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'Tutor not found' })
  tutorId: string;

  @ApiProperty({ maxLength: PURPOSE_MAX_LENGTH })
  @MaxLength(PURPOSE_MAX_LENGTH, { message: `Purpose must be at most ${PURPOSE_MAX_LENGTH} characters` }) @IsString({ message: 'Purpose is required' }) @IsNotEmpty({ message: 'Purpose is required' })
  purpose: string;

  @ApiProperty({ format: 'date-time', example: '2027-01-11T09:00:00.000Z' })
  @IsDateString({ strict: true }, { message: 'Start time must be an ISO date and time' })
  startTime: string;

  @ApiProperty({ format: 'date-time', example: '2027-01-11T10:00:00.000Z' })
  @IsDateString({ strict: true }, { message: 'End time must be an ISO date and time' })
  endTime: string;
}

export class SessionPersonDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() name: string;
}

export const SESSION_STATES = ['held', 'confirmed', 'expired', 'cancelled'] as const;
export const SESSION_TIMINGS = ['upcoming', 'active', 'completed'] as const;

/** A tutoring session as the spec's screens read it, with what the cards decide from. */
export class TutoringSessionDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() purpose: string;
  @ApiProperty({ format: 'date-time' }) startTime: string;
  @ApiProperty({ format: 'date-time' }) endTime: string;
  @ApiProperty({ enum: [30, 60] }) durationMinutes: number;
  @ApiProperty({ type: String, nullable: true, description: 'Set once paid' }) meetingLink: string | null;
  @ApiProperty() rated: boolean;
  @ApiProperty({ enum: ['Pending', 'Paid', 'Refunded', 'Expired'] }) paymentStatus: 'Pending' | 'Paid' | 'Refunded' | 'Expired';
  @ApiProperty() tutor_paid: boolean;
  @ApiProperty({ enum: SESSION_STATES, description: 'held (unpaid, student only) → confirmed; or expired; or cancelled (refunded)' }) status: (typeof SESSION_STATES)[number];
  @ApiProperty({ enum: SESSION_TIMINGS, description: 'From the time (spec "Session timing")' }) timing: (typeof SESSION_TIMINGS)[number];
  @ApiProperty({ type: Number, nullable: true, description: '"Starts in Nm": minutes to the start when 30 or fewer, else null' }) startsInMinutes: number | null;
  @ApiProperty({ description: 'Join Meeting: confirmed, active and with a link' }) canJoin: boolean;
  @ApiProperty({ description: 'Rate Session: the student, past and not rated' }) canRate: boolean;
  @ApiProperty({ description: 'The caller may cancel it now (student: up to 24 h before; tutor: before the start)' }) canCancel: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'Student: the last moment to cancel' }) cancellableUntil: string | null;
  @ApiProperty({ description: 'Get Paid: the tutor, completed, paid, not paid out and eligible (48 h after the end)' }) canGetPaid: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'When the payout becomes eligible' }) payoutAvailableAt: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'A held session is released at this instant' }) holdExpiresAt: string | null;
  @ApiProperty({ example: 35, description: 'Pounds' }) price: number;
  @ApiProperty({ example: 3500 }) pricePence: number;
  @ApiPropertyOptional({ example: 28, description: "Tutor view only: what the tutor earns after the platform's commission, in pounds" }) tutorEarnings?: number;
  @ApiPropertyOptional({ example: 2800, description: 'Tutor view only: the same amount in integer pence' }) tutorEarningsPence?: number;
  @ApiProperty({ type: SessionPersonDto }) tutor: SessionPersonDto;
  @ApiProperty({ type: SessionPersonDto }) student: SessionPersonDto;
  @ApiProperty({ type: String, nullable: true, enum: ['student', 'tutor', 'platform'] }) cancelledBy: 'student' | 'tutor' | 'platform' | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class SessionBookedDto {
  @ApiProperty({ type: TutoringSessionDto }) tutoringSession: TutoringSessionDto;
  @ApiProperty({ description: 'The checkout to send the student to' }) paymentUrl: string;
}

export class StudentSessionsDto {
  @ApiProperty({ type: [TutoringSessionDto] }) tutoringSessions: TutoringSessionDto[];
}

export class TutorSessionsDto {
  @ApiProperty({ type: [TutoringSessionDto] }) sessions: TutoringSessionDto[];
}

export class SessionCancelledDto {
  @ApiProperty({ example: 'Session cancelled. Your payment will be refunded in full.' }) message: string;
  @ApiProperty({ type: TutoringSessionDto }) tutoringSession: TutoringSessionDto;
}

/** What banning this person would end in tutoring now (the admin's ban dialog states it before the Yes). */
export class BanImpactDto {
  @ApiProperty({ example: 2, description: 'Paid sessions not yet started (as the student or the tutor): cancelled and refunded in full' }) upcomingSessions: number;
  @ApiProperty({ example: 1, description: 'Unpaid holds still live (as the student or the tutor): they end at once' }) unpaidHolds: number;
}
