import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Length, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { FormText } from '../../../common/uploads/upload-rule.js';
import { ACADEMIC_LEVELS } from '@redpen/shared/essay-levels';
import { ESSAY_STATES, FEEDBACK_MAX_LENGTH, FEEDBACK_MIN_LENGTH, FEEDBACK_TOO_SHORT_MESSAGE, SCORE_MAX, SCORE_MESSAGE, SCORE_MIN } from '@redpen/shared/essay-rules';
import { ChatMessageDto } from '../../chat/dto/chat.dto.js';
import { CHAT_CLIENT_ID_MESSAGE, CHAT_CLIENT_ID_PATTERN } from '@redpen/shared/chat-rules';
import { ESSAY_NOT_FOUND } from '../essay-errors.js';

/** Far above any essay's price (a million words with both surcharges), within a PostgreSQL integer. */
const MAX_PRICE_PENCE = 100_000_000;

export const REQUEST_TYPES = ['feedback-only', 'feedback_model'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];
/** The labels the API answers in `studentRequest`, accepted back on upload. */
export const STUDENT_REQUEST_LABELS: Readonly<Record<string, RequestType>> = {
  'feedback only': 'feedback-only',
  'feedback and model answer': 'feedback_model',
};
const STUDENT_REQUEST_VALUES = [...REQUEST_TYPES, 'Feedback Only', 'Feedback and Model Answer'];

/** A request type by its code or by its label, any letter case; anything else is left for the validator to refuse. */
const RequestTypeOf = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const v = value.trim();
    if (v === '') return undefined;
    return REQUEST_TYPES.find((t) => t === v.toLowerCase()) ?? STUDENT_REQUEST_LABELS[v.toLowerCase().replace(/\s+/g, ' ')] ?? v;
  });

/** The upload form's Subject is free text (a level's listed subjects are stored in the list's spelling). */
export const SUBJECT_MIN_LENGTH = 2;
export const SUBJECT_MAX_LENGTH = 100;
const SUBJECT_LENGTH_MESSAGE = `Subject must be ${SUBJECT_MIN_LENGTH} to ${SUBJECT_MAX_LENGTH} characters`;

const WORD_COUNT_MESSAGE = 'Word count must be a whole number above 0';
/** The largest count a tutor may set (freely, for a student's estimate); beyond it the database's integer would overflow. */
const MAX_SET_WORD_COUNT = 1_000_000;
const MAX_WORD_COUNT_MESSAGE = 'Word count must be at most 1,000,000';

/** A multipart flag: "true"/"1"/"on" is true, "false"/"0"/"off" false; anything else is left for the validator. */
const FormFlag = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const v = value.trim().toLowerCase();
    if (v === '') return undefined;
    if (v === 'true' || v === '1' || v === 'on') return true;
    if (v === 'false' || v === '0' || v === 'off') return false;
    return value;
  });

/** A multipart whole number; anything that is not one is left as text for the validator to refuse. */
const FormInt = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const v = value.trim();
    if (v === '') return undefined;
    return /^\d+$/.test(v) ? Number(v) : value;
  });

/**
 * The text fields of `POST /student/uploadEssay`, checked by the upload helper.
 * The level and the subject are checked against the level's subject list by the service.
 */
export class UploadEssayFormDto {
  @ApiProperty({ maxLength: 200 })
  // Checked right to left (class-validator stops at the first failure): presence first.
  @FormText() @MaxLength(200, { message: 'Title must be at most 200 characters' }) @IsString({ message: 'Title is required' }) @IsNotEmpty({ message: 'Title is required' })
  title: string;

  @ApiProperty({ minLength: SUBJECT_MIN_LENGTH, maxLength: SUBJECT_MAX_LENGTH, description: "Free text, trimmed; one of the level's listed subjects (shared/essay-levels.ts) is stored in the list's spelling" })
  @FormText()
  @Length(SUBJECT_MIN_LENGTH, SUBJECT_MAX_LENGTH, { message: SUBJECT_LENGTH_MESSAGE })
  @IsString({ message: 'Subject is required' }) @IsNotEmpty({ message: 'Subject is required' })
  subject: string;

  @ApiProperty({ enum: ACADEMIC_LEVELS })
  @FormText() @MaxLength(20, { message: 'Please choose an academic level from the list' }) @IsString({ message: 'Academic level is required' }) @IsNotEmpty({ message: 'Academic level is required' })
  academicLevel: string;

  @ApiPropertyOptional({ enum: STUDENT_REQUEST_VALUES, default: 'feedback-only', description: 'The code (feedback-only, feedback_model) or the label the API answers (Feedback Only, Feedback and Model Answer)' })
  @RequestTypeOf() @IsOptional() @IsIn(REQUEST_TYPES, { message: 'Student request must be Feedback Only or Feedback and Model Answer' })
  studentRequest?: RequestType;

  @ApiPropertyOptional({ maxLength: 2000, description: 'Additional notes (the spec also calls them comments)' })
  @FormText() @IsOptional() @IsString() @MaxLength(2000, { message: 'Notes must be at most 2000 characters' })
  notes?: string;

  @ApiPropertyOptional({ maxLength: 2000, description: 'Same as notes' })
  @FormText() @IsOptional() @IsString() @MaxLength(2000, { message: 'Notes must be at most 2000 characters' })
  comments?: string;

  @ApiPropertyOptional({ type: Boolean, description: 'The 24 h review (adds ESSAY_EXPEDITED_SURCHARGE_PENCE)' })
  @FormFlag() @IsOptional() @IsBoolean({ message: 'Expedited must be true or false' })
  expedited?: boolean;

  @ApiPropertyOptional({ type: 'integer', description: "Only for an image: the student's count, which becomes the original. Without it the count is to be agreed with the tutor (wordCountToBeAgreed)" })
  @FormInt() @IsOptional() @IsInt({ message: WORD_COUNT_MESSAGE }) @Min(1, { message: WORD_COUNT_MESSAGE })
  wordCount?: number;

  @ApiProperty({ type: 'string', format: 'binary', description: 'The essay: PDF, DOC, DOCX, TXT or an image (JPEG, PNG, GIF, WebP, BMP) by content, ≤ 10 MB' })
  file?: unknown;

  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'The mark scheme, same types, ≤ 10 MB' })
  markingScheme?: unknown;
}


export class UploadEssayResultDto {
  @ApiProperty({ format: 'uuid' }) essayId: string;
  @ApiProperty({ description: 'The detected count (or the student’s, for an image): the original' }) wordCount: number;
  @ApiProperty({ description: 'Pounds with at most 2 decimals (18.15), surcharges included' }) price: number;
  @ApiProperty({ type: 'integer', description: 'The same amount in integer pence (1815)' }) pricePence: number;
  @ApiProperty({ description: 'No count yet (an image uploaded without one): priced at the minimum, the tutor sets the count in the discussion' }) wordCountToBeAgreed: boolean;
  @ApiProperty() originalWordCount: number;
  @ApiProperty({ description: 'The lowest count the student may confirm' }) minWordCount: number;
  @ApiProperty({ description: 'The highest count the student may confirm' }) maxWordCount: number;
}

export class UpdateWordCountDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: ESSAY_NOT_FOUND })
  essayId: string;

  @ApiProperty({ type: 'integer', minimum: 1 })
  @Type(() => Number) @IsInt({ message: WORD_COUNT_MESSAGE }) @Min(1, { message: WORD_COUNT_MESSAGE })
  wordCount: number;

  @ApiPropertyOptional({ description: 'Ignored: the original count is the one recorded at upload' })
  @IsOptional()
  originalWordCount?: unknown;
}

export class TutorEssayIdDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: ESSAY_NOT_FOUND })
  essayID: string;
}

/** `POST /tutor/acceptEssay`: the spec's `essayID`, and optionally the count the tutor sets. */
export class AcceptEssayDto extends TutorEssayIdDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_SET_WORD_COUNT,
    description: "The essay's word count as the tutor sets it on accepting: freely, once, for a count that is the student's (wordCountEstimated); otherwise within ±10 % of the original. Reprices the essay",
  })
  @IsOptional() @Type(() => Number) @IsInt({ message: WORD_COUNT_MESSAGE }) @Min(1, { message: WORD_COUNT_MESSAGE }) @Max(MAX_SET_WORD_COUNT, { message: MAX_WORD_COUNT_MESSAGE })
  wordCount?: number;
}

export class EssayPoolQueryDto {
  @ApiPropertyOptional({ enum: [...ACADEMIC_LEVELS, 'all'], description: '"all" or absent: every level the tutor may see' })
  @IsOptional() @IsString() @MaxLength(20)
  level?: string;

  @ApiPropertyOptional({ description: "One of the level's subjects; ignored while the level is all" })
  @IsOptional() @IsString() @MaxLength(100)
  subject?: string;

  @ApiPropertyOptional({ description: 'Case-insensitive part of the title' })
  @IsOptional() @IsString() @MaxLength(200)
  search?: string;
}

export class EssayStudentRatingDto {
  @ApiProperty({ minimum: 1, maximum: 5 }) rating: number;
  @ApiProperty({ type: String, nullable: true }) feedback: string | null;
  @ApiProperty({ format: 'date-time' }) ratingDate: string;
}

/** An essay as the spec's screens read it (the student's and the tutor's views). Money in pounds, with its pence twin. */
export class EssayDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() title: string;
  @ApiProperty() subject: string;
  @ApiProperty({ enum: ACADEMIC_LEVELS }) academicLevel: string;
  @ApiProperty({ enum: ACADEMIC_LEVELS, description: 'Same as academicLevel (tutor view)' }) qualification: string;
  @ApiProperty() wordCount: number;
  @ApiProperty() originalWordCount: number;
  @ApiProperty({ description: 'The counts the student may confirm (±10 % of the original)' }) minWordCount: number;
  @ApiProperty() maxWordCount: number;
  @ApiProperty({ description: 'Pounds with at most 2 decimals (18.15), surcharges included' }) price: number;
  @ApiProperty({ type: 'integer', description: 'The same amount in integer pence (1815)' }) pricePence: number;
  @ApiProperty({ description: 'The count is to be agreed (an image uploaded without one): wordCount is a placeholder, the price the minimum, until the accepting tutor sets the count in the discussion' }) wordCountToBeAgreed: boolean;
  @ApiProperty({ description: "The count is the student's, not read from the document (an image, or a document with no text layer): the accepting tutor may set it once, freely, at acceptance or in the discussion (it reprices the essay)" })
  wordCountEstimated: boolean;
  @ApiProperty({
    description:
      "The tutor has set the count of an essay whose count was not read from the document, and the student has not yet confirmed the price it gives (POST /essays/{essayId}/confirm-price): until they do, payment is refused (409 PRICE_NOT_CONFIRMED). While the count is still the student's (wordCountEstimated, wordCountToBeAgreed) payment is refused too (409 WORD_COUNT_NOT_SET)",
  })
  priceConfirmationNeeded: boolean;
  @ApiProperty({ description: 'The model-answer surcharge inside price (0 without one), pounds; fixed at upload' }) modelAnswerSurcharge: number;
  @ApiProperty({ type: 'integer', description: 'The same amount in integer pence' }) modelAnswerSurchargePence: number;
  @ApiProperty({ description: 'The expedited-review surcharge inside price (0 without one), pounds; fixed at upload' }) expeditedSurcharge: number;
  @ApiProperty({ type: 'integer', description: 'The same amount in integer pence' }) expeditedSurchargePence: number;
  @ApiPropertyOptional({ description: "Tutor view only: what the tutor earns for this essay after the platform's commission (PLATFORM_COMMISSION_PERCENT), in pounds" })
  tutorEarnings?: number;
  @ApiPropertyOptional({ type: 'integer', description: 'Tutor view only: the same amount in integer pence' })
  tutorEarningsPence?: number;
  @ApiProperty({ enum: ['Feedback Only', 'Feedback and Model Answer'] }) studentRequest: string;
  @ApiProperty({ enum: REQUEST_TYPES }) requestType: RequestType;
  @ApiProperty() expedited: boolean;
  @ApiProperty({ type: String, nullable: true }) notes: string | null;
  @ApiProperty({ type: String, nullable: true }) comments: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The essay's opening lines as read at upload (about 300 characters, one line); null for an image or a scan" })
  preview: string | null;
  @ApiProperty({ enum: ['Pending', 'In Progress', 'Completed', 'Revision Requested', 'Cancelled'] }) status: string;
  @ApiProperty({ enum: ESSAY_STATES, description: 'The lifecycle state' }) state: string;
  @ApiProperty() accepted: boolean;
  @ApiProperty({ enum: ['Pending', 'Paid', 'Refunded'], description: 'Refunded: cancelled after paying (always a full refund)' }) paymentStatus: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) paid_time: string | null;
  @ApiProperty() student_accept: boolean;
  @ApiProperty() tutor_paid: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'Presigned link, short-lived' }) fileUrl: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Presigned link to the mark scheme, short-lived' }) markingScheme: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Presigned link to the model answer / marked file, short-lived' }) modelURL: string | null;
  @ApiProperty({ type: Number, nullable: true }) score: number | null;
  @ApiProperty({ type: String, nullable: true }) feedback: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) acceptedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) completedAt: string | null;
  @ApiProperty({ description: 'Paid (or sent back for a revision) and not marked by its deadline (the tutor badge Overdue)' }) overdue: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the marking is due (paid: 48 h, or 24 h expedited; revision: 48 h after the request)' }) markingDueAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'The latest revision request' }) revisionRequestedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Until when the student may ask for a revision (completed and not accepted)' }) revisionAvailableUntil: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Until when the tutor and the student may agree the word count (accepted and unpaid: acceptedAt + WORDCOUNT_WINDOW_SECONDS, 24 h); once it passes, the essay returns to the pool' }) discussionEndsAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'From when the tutor may be paid without the student accepting (completed, not accepted, not paid out: completedAt + PAYOUT_ELIGIBILITY_SECONDS, 48 h); null when not completed, accepted (payable at once) or paid out' }) payoutAvailableAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Until when (inclusive) the student may cancel for a full refund (paid and not yet marked: paid_time + 24 h)' }) refundableUntil: string | null;
  @ApiProperty({ description: "The tutor confirmed the word count in the discussion" }) tutorConfirmed: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'The tutor holding it' }) tutorName: string | null;
  @ApiProperty() studentName: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: "The student's user id (their chat contact); null on pool cards" }) studentId: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty() rated: boolean;
  @ApiProperty({ type: EssayStudentRatingDto, nullable: true }) studentRating: EssayStudentRatingDto | null;
}

export class ConfirmWordCountDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_SET_WORD_COUNT, description: "The agreed count, within ±10 % of the original, or any count once for a count that is the student's (wordCountEstimated, wordCountToBeAgreed): reprices the essay (before payment only)" })
  @IsOptional() @Type(() => Number) @IsInt({ message: WORD_COUNT_MESSAGE }) @Min(1, { message: WORD_COUNT_MESSAGE }) @Max(MAX_SET_WORD_COUNT, { message: MAX_WORD_COUNT_MESSAGE })
  wordCount?: number;
}

export class WordCountConfirmedDto {
  @ApiProperty({ example: 'Word count confirmed' }) message: string;
  @ApiProperty({ type: EssayDto }) essay: EssayDto;
}

export class EssayEnvelopeDto {
  @ApiProperty({ type: EssayDto }) essay: EssayDto;
}

export class EssaysDto {
  @ApiProperty({ type: [EssayDto] }) essays: EssayDto[];
}

export class WordCountUpdatedDto {
  @ApiProperty({ example: 'Word count updated successfully' }) message: string;
  @ApiProperty({ type: EssayDto }) essay: EssayDto;
}

export class EssayRejectedDto {
  @ApiProperty({ example: 'Review cancelled: the essay is back in the pool' }) message: string;
  @ApiProperty({ type: EssayDto }) essay: EssayDto;
}

/** `POST /essays/{essayId}/confirm-price`: the price the student was shown, which must be the essay's price now. */
export class ConfirmPriceDto {
  @ApiProperty({ type: 'integer', minimum: 0, description: "The price the student was shown, in integer pence (the essay's pricePence): refused if it is no longer the essay's price" })
  @Type(() => Number) @IsInt({ message: 'pricePence must be a whole number of pence' }) @Min(0, { message: 'pricePence must be a whole number of pence' }) @Max(MAX_PRICE_PENCE, { message: 'pricePence must be a whole number of pence' })
  pricePence: number;
}

export class PriceConfirmedDto {
  @ApiProperty({ example: 'Price confirmed: you can now pay' }) message: string;
  @ApiProperty({ type: EssayDto }) essay: EssayDto;
}

/**
 * `GET /essays/{essayId}`: the essay's fields at the top level, and the same essay under `essay` for the clients
 * that read it there. Both are the one presented EssayDto (nothing more is said at the top than under `essay`).
 */
export class EssayReadDto extends EssayDto {
  @ApiProperty({ type: EssayDto, description: 'The same essay as the top-level fields' }) essay: EssayDto;
}

export class EssayMessageDto {
  @ApiProperty({ description: 'The message (contact details are masked, as in every chat)' })
  @IsString({ message: 'Message cannot be empty' })
  content: string;

  @ApiPropertyOptional({
    minLength: 8,
    maxLength: 64,
    pattern: CHAT_CLIENT_ID_PATTERN.source,
    description: "The sending app's id for this message, kept by its retries: a repeat answers the message already saved (same _id)",
  })
  @IsOptional()
  @Matches(CHAT_CLIENT_ID_PATTERN, { message: CHAT_CLIENT_ID_MESSAGE })
  @IsString({ message: CHAT_CLIENT_ID_MESSAGE })
  clientId?: string;
}

export class EssayMessageSentDto {
  @ApiProperty({ type: ChatMessageDto }) message: ChatMessageDto;
}


/** The text fields of `POST /tutor/markEssay` (multipart: essayID, score, feedback, modelAnswerFile?). */
export class MarkEssayFormDto {
  @ApiProperty({ format: 'uuid' })
  @FormText() @IsUUID('all', { message: ESSAY_NOT_FOUND })
  essayID: string;

  @ApiProperty({ type: 'integer', minimum: SCORE_MIN, maximum: SCORE_MAX })
  @FormInt() @Max(SCORE_MAX, { message: SCORE_MESSAGE }) @Min(SCORE_MIN, { message: SCORE_MESSAGE }) @IsInt({ message: SCORE_MESSAGE })
  score: number;

  @ApiProperty({ minLength: FEEDBACK_MIN_LENGTH, maxLength: FEEDBACK_MAX_LENGTH })
  @FormText()
  @MaxLength(FEEDBACK_MAX_LENGTH, { message: `Feedback must be at most ${FEEDBACK_MAX_LENGTH} characters` })
  @MinLength(FEEDBACK_MIN_LENGTH, { message: FEEDBACK_TOO_SHORT_MESSAGE })
  @IsString({ message: 'Feedback is required' })
  feedback: string;

  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'The marked essay / model answer: PDF, DOC, DOCX or RTF by content, ≤ 10 MB; required for feedback_model' })
  modelAnswerFile?: unknown;
}

export class EssayMarkedDto {
  @ApiProperty({ example: 'Essay marked successfully' }) message: string;
  @ApiProperty({ type: EssayDto }) essay: EssayDto;
}

export class FeedbackAcceptedDto {
  @ApiProperty({ example: 'Essay feedback accepted successfully!' }) message: string;
  @ApiProperty({ type: EssayDto }) essay: EssayDto;
}

export class EssayCancelledDto {
  @ApiProperty({ example: 'Essay cancelled' }) message: string;
  @ApiProperty({ type: EssayDto }) essay: EssayDto;
}

export class RevisionRequestedDto {
  @ApiProperty({ example: 'Revision requested' }) message: string;
  @ApiProperty({ type: EssayDto }) essay: EssayDto;
}
