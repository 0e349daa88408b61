import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { UserDto } from '../../auth/user.presenter.js';

class SubjectDto {
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
class RightToWorkDocumentsDto {
  @ApiPropertyOptional({ type: String, nullable: true }) passportURL?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) UkBornOrAdoptedCertificateURL?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) NINumber?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) shareCode?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) DOB?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) biometricResidencePermitURL?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) validVisaURL?: string | null;
}

/** The tutor profile (spec part 2 §3), files as short-lived presigned URLs. */
export class TutorProfileDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ type: UserNameDto }) userId: UserNameDto;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true, description: 'Presigned URL of the approved picture' }) profilePicture: string | null;
  @ApiProperty({ description: 'A new picture is waiting for admin approval' }) pendingProfilePicture: boolean;
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

/** Documents the multipart onboarding form for OpenAPI (the server reads it with @fastify/multipart). */
export class TutorOnboardingFormDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'JPEG or PNG, ≤ 5 MB' }) profilePicture: unknown;
  @ApiProperty({ maxLength: 250 }) motivation: string;
  @ApiProperty({ description: 'JSON text: [{ name, levels: ["GCSE"|"A-Level"|"Bachelor"|"Masters"|"PhD"] }]' }) subjects: string;
  @ApiProperty() university: string;
  @ApiProperty() course: string;
  @ApiProperty({ description: 'JSON text: [{ subject, grade }]' }) aLevels: string;
  @ApiProperty({ format: 'date' }) aLevelsCompletionDate: string;
  @ApiProperty({ format: 'date' }) universityStartDate: string;
  @ApiProperty({ format: 'date' }) expectedGraduationDate: string;
  @ApiProperty({ format: 'date', description: 'Age 16 to 100' }) dateOfBirth: string;
  @ApiPropertyOptional({ type: 'array', items: { type: 'string', format: 'binary' } }) universityDocuments?: unknown[];
  @ApiPropertyOptional({ type: 'string', format: 'binary' }) universityDocument?: unknown;
  @ApiPropertyOptional({ type: 'string', format: 'binary' }) aLevelsCertificate?: unknown;
  @ApiPropertyOptional({ type: 'array', items: { type: 'string', format: 'binary' } }) gcseDocuments?: unknown[];
  @ApiProperty({ description: '"yes"/"no" (or "true"/"false"); "no" is refused. May also be sent inside a JSON `rightToWork` object' }) hasRight: string;
  @ApiProperty({ enum: ['BritishIrish', 'EuEeaSwiss', 'NonEuEea'] }) nationality: string;
  @ApiProperty({ enum: ['passport', 'ukBirthCertificate', 'ukAdoptionCertificate', 'residencePermit', 'validVisa'] }) documentType: string;
  @ApiProperty({ type: 'string', format: 'binary', description: 'The right-to-work document (PDF, JPEG or PNG, ≤ 5 MB)' }) documentFile: unknown;
  @ApiPropertyOptional({ description: 'BritishIrish with a birth or adoption certificate' }) niNumber?: string;
  @ApiPropertyOptional({ description: 'EuEeaSwiss (9 characters)' }) shareCode?: string;
  @ApiPropertyOptional({ format: 'date', description: 'EuEeaSwiss: date of birth on the share-code check' }) rightToWorkDateOfBirth?: string;
  @ApiProperty({ description: '"true" or "false"' }) hasDBS: string;
  @ApiPropertyOptional({ description: '"true" to start a DBS application (when hasDBS is false)' }) appliedForDBS?: string;
  @ApiPropertyOptional() fullNameDBS?: string;
  @ApiPropertyOptional() certificateNumber?: string;
  @ApiPropertyOptional({ type: 'string', format: 'binary' }) certificateFile?: unknown;
  @ApiPropertyOptional({ description: 'JSON text: { fullName, phone, email }' }) dbsApplicationDetails?: string;
  @ApiPropertyOptional({ description: '"true" when starting a DBS application' }) dbsAgreementAccepted?: string;
}

export class TutorProfileUpdateFormDto {
  @ApiPropertyOptional() university?: string;
  @ApiPropertyOptional({ enum: ['PhD', 'Masters', 'Bachelors'] }) StudyLevel?: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 80 }) yearsOfExperience?: string;
  @ApiPropertyOptional({ maxLength: 250 }) motivation?: string;
  @ApiPropertyOptional({ description: 'JSON text: [{ name, levels }]' }) subjects?: string;
  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'Held for admin approval' }) profilePicture?: unknown;
}
