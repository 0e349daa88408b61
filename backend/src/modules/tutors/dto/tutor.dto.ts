import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { FormText } from '../../../common/uploads/upload-rule.js';
import { MOTIVATION_MAX, STUDY_LEVELS } from '@redpen/shared/account-rules';
import { studyLevelOf } from '@redpen/shared/essay-levels';
import { ONBOARDING_MESSAGES } from '@redpen/shared/onboarding-fields';
import { UserDto } from '../../auth/user.presenter.js';

/**
 * The one reading of a StudyLevel a client sends (the tutor's profile form and the admin's approval alike): "Bachelor"
 * and "Master" (the spec's names) and any letter case are the stored levels, an empty one is absent, and any other word
 * is kept as sent (trimmed) so that the check refusing it can name it.
 */
export const toStudyLevel = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? (value.trim() === '' ? undefined : (studyLevelOf(value) ?? value.trim())) : value;

export class SubjectDto {
  @ApiProperty() name: string;
  @ApiProperty({ type: [String], enum: ['GCSE', 'A-Level', 'Bachelor', 'Masters', 'PhD'] }) levels: string[];
}
class ALevelDto {
  @ApiProperty() subject: string;
  @ApiProperty() grade: string;
}
class UserNameDto {
  @ApiProperty() name: string;
  @ApiProperty() email: string;
}
class DbsDetailsDto {
  @ApiProperty() fullName: string;
  @ApiProperty() certificateNumber: string;
  @ApiProperty({ type: String, nullable: true }) certificateFileUrl: string | null;
}
class DbsApplicationDetailsDto {
  @ApiProperty() fullName: string;
  @ApiProperty() email: string;
  @ApiProperty() phone: string;
}
const SIGNED = 'Presigned link, short-lived';

export class BritishIrishDocumentsDto {
  @ApiProperty({ type: String, nullable: true, description: SIGNED }) passportURL: string | null;
  @ApiProperty({ type: String, nullable: true }) NINumber: string | null;
  @ApiProperty({ type: String, nullable: true, description: SIGNED }) UkBornOrAdoptedCertificateURL: string | null;
}

export class EuEeaSwissDocumentsDto {
  @ApiProperty({ type: String, nullable: true, description: SIGNED }) passportURL: string | null;
  @ApiProperty({ type: String, nullable: true }) shareCode: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date' }) DOB: string | null;
}

export class NonEuEeaDocumentsDto {
  @ApiProperty({ type: String, nullable: true, description: SIGNED }) biometricResidencePermitURL: string | null;
  @ApiProperty({ type: String, nullable: true, description: SIGNED }) validVisaURL: string | null;
}

/** The documents, grouped by nationality; only the tutor's own eligibility's group is filled, the others are null. */
export class RightToWorkDocumentsDto {
  @ApiProperty({ type: BritishIrishDocumentsDto, nullable: true }) BritishIrish: BritishIrishDocumentsDto | null;
  @ApiProperty({ type: EuEeaSwissDocumentsDto, nullable: true }) EuEeaSwiss: EuEeaSwissDocumentsDto | null;
  @ApiProperty({ type: NonEuEeaDocumentsDto, nullable: true }) NonEuEea: NonEuEeaDocumentsDto | null;
}

/** The tutor profile, files as short-lived presigned URLs. */
export class TutorProfileDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ type: UserNameDto }) userId: UserNameDto;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true, description: 'Presigned URL of the approved picture' }) profilePicture: string | null;
  @ApiProperty({ description: 'A new picture is waiting for admin approval' }) pendingProfilePicture: boolean;
  @ApiProperty({ type: String, nullable: true, enum: ['PhD', 'Masters', 'Bachelors'], description: "An approved tutor's StudyLevel change waiting for admin approval" }) pendingStudyLevel: string | null;
  @ApiProperty({ type: String, nullable: true }) university: string | null;
  @ApiProperty({ type: String, nullable: true }) course: string | null;
  @ApiProperty({ type: String, nullable: true, enum: ['PhD', 'Masters', 'Bachelors'] }) StudyLevel: string | null;
  @ApiProperty({ type: Number, nullable: true }) yearsOfExperience: number | null;
  @ApiProperty({ type: String, nullable: true }) motivation: string | null;
  @ApiProperty({ type: [SubjectDto] }) subjects: SubjectDto[];
  @ApiProperty({ type: String, nullable: true }) dateOfBirth: string | null;
  @ApiProperty({ type: String, nullable: true }) aLevelsCompletionDate: string | null;
  @ApiProperty({ type: String, nullable: true }) universityStartDate: string | null;
  @ApiProperty({ type: String, nullable: true }) expectedGraduationDate: string | null;
  @ApiProperty() approved: boolean;
  @ApiProperty() approved_essay: boolean;
  @ApiProperty() approved_tutoring: boolean;
  @ApiProperty() hasDBS: boolean;
  @ApiProperty() appliedForDBS: boolean;
  @ApiProperty({ type: DbsDetailsDto, nullable: true }) dbsDetails: DbsDetailsDto | null;
  @ApiProperty({ type: DbsApplicationDetailsDto, nullable: true }) dbsApplicationDetails: DbsApplicationDetailsDto | null;
  @ApiProperty({ type: String, nullable: true, enum: ['BritishIrish', 'EuEeaSwiss', 'NonEuEea'] }) eligibility: string | null;
  @ApiProperty() rightToWork: boolean;
  @ApiProperty({ type: RightToWorkDocumentsDto }) documents: RightToWorkDocumentsDto;
  @ApiProperty({ type: [ALevelDto] }) aLevels: ALevelDto[];
  @ApiProperty({ type: [String] }) universityDocuments: string[];
  @ApiProperty({ type: String, nullable: true }) aLevelsCertificate: string | null;
  @ApiProperty({ type: [String] }) gcseDocuments: string[];
}

export class TutorEnvelopeDto {
  @ApiProperty({ type: TutorProfileDto }) tutor: TutorProfileDto;
}

export class TutorUpdatedDto {
  @ApiProperty({ example: 'Profile updated successfully' }) message: string;
  @ApiProperty({ type: TutorProfileDto }) tutor: TutorProfileDto;
}

export class OnboardingResultDto {
  @ApiProperty({ example: 'Onboarding submitted. Your profile is awaiting admin approval.' }) message: string;
  @ApiProperty({ description: 'Re-issued with onboardingCompleted true' }) token: string;
  @ApiProperty({ type: UserDto }) user: UserDto;
}

/** A text field of a multipart form: trimmed, empty = not sent, a string of at most `max` characters. */
const Text = (max: number, message?: string): PropertyDecorator => (target, key) => {
  FormText()(target, key);
  IsOptional()(target, key);
  IsString()(target, key);
  MaxLength(max, message ? { message } : undefined)(target, key);
};

/**
 * The onboarding form (its documented payload) as `POST /tutor/update-info` takes it: the spec's field names
 * and nothing else. Presence and the step rules are checked with the spec's messages by
 * `onboarding-submission.validator.ts`; this DTO fixes which text fields exist and their sizes.
 */
export class TutorOnboardingFormDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'JPEG or PNG by content, ≤ 5 MB' }) profilePicture: unknown;
  @ApiProperty({ maxLength: MOTIVATION_MAX }) @Text(MOTIVATION_MAX, ONBOARDING_MESSAGES.motivationLength) motivation: string;
  @ApiProperty({ description: 'JSON text: [{ name, levels: ["GCSE"|"A-Level"|"Bachelor"|"Masters"|"PhD"] }]' }) @Text(20000) subjects: string;
  @ApiProperty() @Text(200) university: string;
  @ApiProperty() @Text(200) course: string;
  @ApiProperty({ description: 'JSON text: [{ subject, grade }]' }) @Text(20000) aLevels: string;
  @ApiProperty({ format: 'date' }) @Text(40) aLevelsCompletionDate: string;
  @ApiProperty({ format: 'date' }) @Text(40) universityStartDate: string;
  @ApiProperty({ format: 'date' }) @Text(40) expectedGraduationDate: string;
  @ApiProperty({ format: 'date', description: 'Age 16 to 100' }) @Text(40) dateOfBirth: string;
  @ApiPropertyOptional({ type: 'array', items: { type: 'string', format: 'binary' }, description: 'Up to 5 (PDF, JPEG, PNG, ≤ 5 MB each)' }) universityDocuments?: unknown[];
  @ApiPropertyOptional({ type: 'string', format: 'binary' }) universityDocument?: unknown;
  @ApiPropertyOptional({ type: 'string', format: 'binary' }) aLevelsCertificate?: unknown;
  @ApiPropertyOptional({ type: 'array', items: { type: 'string', format: 'binary' }, description: 'Up to 5' }) gcseDocuments?: unknown[];
  @ApiPropertyOptional({ description: 'The right-to-work answers as one JSON object { hasRight, nationality, documentType, niNumber, shareCode, dateOfBirth }, or a flat "yes"/"no"' })
  @Text(4000)
  rightToWork?: string;
  @ApiProperty({ description: '"yes"/"no" (or "true"/"false"); "no" is refused' }) @Text(10) hasRight: string;
  @ApiProperty({ enum: ['BritishIrish', 'EuEeaSwiss', 'NonEuEea'], description: 'Or under its spec name, eligibility' }) @Text(40) nationality: string;
  @ApiPropertyOptional({ enum: ['BritishIrish', 'EuEeaSwiss', 'NonEuEea'], description: "The spec's name of nationality" }) @Text(40) eligibility?: string;
  @ApiPropertyOptional({
    enum: ['passport', 'ukBirthCertificate', 'ukAdoptionCertificate', 'ukBornOrAdoptedCertificate', 'residencePermit', 'validVisa', 'birth-cert', 'adoption-cert', 'brp'],
    description:
      'birth-cert, adoption-cert and brp are the short codes of ukBirthCertificate, ukAdoptionCertificate and residencePermit. Absent: the document\'s own field names it (passportURL a passport, UkBornOrAdoptedCertificate a UK birth or adoption certificate, biometricResidencePermit a residence permit, validVisa a visa); with documentFile it must be sent',
  })
  @Text(60)
  documentType?: string;
  @ApiProperty({ type: 'string', format: 'binary', description: 'The right-to-work document (PDF, JPEG or PNG, ≤ 5 MB)' }) documentFile: unknown;
  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'Alternative to documentFile (spec document field)' }) passportURL?: unknown;
  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'Alternative to documentFile' }) UkBornOrAdoptedCertificate?: unknown;
  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'Alternative to documentFile' }) biometricResidencePermit?: unknown;
  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'Alternative to documentFile' }) validVisa?: unknown;
  @ApiPropertyOptional({ description: 'BritishIrish with a birth or adoption certificate' }) @Text(20) niNumber?: string;
  @ApiPropertyOptional({ description: 'Same as niNumber (spec document field)' }) @Text(20) NINumber?: string;
  @ApiPropertyOptional({ description: 'EuEeaSwiss (9 characters)' }) @Text(20) shareCode?: string;
  @ApiPropertyOptional({ format: 'date', description: 'EuEeaSwiss: date of birth on the share-code check (spec document field)' }) @Text(40) DOB?: string;
  @ApiPropertyOptional({ format: 'date', description: 'Same as DOB (the web form\'s name)' }) @Text(40) rightToWorkDateOfBirth?: string;
  @ApiPropertyOptional({ description: 'The DBS answers as one JSON object { hasDBS, fullNameDBS, certificateNumber, startApplication, applicationDetails }' })
  @Text(4000)
  dbsCheck?: string;
  @ApiProperty({ description: '"true" or "false"' }) @Text(10) hasDBS: string;
  @ApiPropertyOptional({ description: '"true" to start a DBS application (when hasDBS is false)' }) @Text(10) appliedForDBS?: string;
  @ApiPropertyOptional() @Text(100) fullNameDBS?: string;
  @ApiPropertyOptional() @Text(40) certificateNumber?: string;
  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'With hasDBS true only' }) certificateFile?: unknown;
  @ApiPropertyOptional({ description: 'JSON text: { fullName, phone, email } (the agreement is confirmed in the form)' }) @Text(2000) dbsApplicationDetails?: string;
}

/** `POST /tutor/updateProfile` and `PATCH /tutor/updateTutorProfile`: only the fields sent change. */
export class TutorProfileUpdateFormDto {
  @ApiPropertyOptional({ maxLength: 200 }) @Text(200, 'University must be at most 200 characters') university?: string;

  @ApiPropertyOptional({ enum: [...STUDY_LEVELS, 'Bachelor', 'Master'], description: "Bachelor and Master (the spec's level names) are Bachelors and Masters" })
  @Transform(toStudyLevel)
  @IsOptional() @IsIn(STUDY_LEVELS, { message: `Study level must be one of ${STUDY_LEVELS.join(', ')}` })
  StudyLevel?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 80 })
  @FormText() @IsOptional() @Matches(/^(?:[0-7]?\d|80)$/, { message: 'Years of experience must be a whole number from 0 to 80' })
  yearsOfExperience?: string;

  @ApiPropertyOptional({ maxLength: MOTIVATION_MAX }) @Text(MOTIVATION_MAX, ONBOARDING_MESSAGES.motivationLength) motivation?: string;
  @ApiPropertyOptional({ description: 'JSON text: [{ name, levels }]' }) @Text(20000) subjects?: string;
  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'JPEG or PNG by content, ≤ 5 MB; held for admin approval' }) profilePicture?: unknown;
}
