import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.js';

/** Right-to-work documents by kind (S3 keys), per the nationality branch of onboarding step 2. */
export interface RightToWorkDocuments {
  passportKey?: string;
  ukBornOrAdoptedCertificateKey?: string;
  biometricResidencePermitKey?: string;
  validVisaKey?: string;
  niNumber?: string;
  shareCode?: string;
  dateOfBirth?: string;
  documentType?: string;
}

/**
 * A tutor's application and standing, the tutors module's own: the onboarding answers and documents, the approvals
 * (essays, tutoring, the verified DBS), the StudyLevel and picture and what waits for an admin. The tutoring profile
 * (rate, subject, description, status, availability) is tutoring's (`tutoring_profiles`); the rating summary is
 * ratings' (`tutor_rating_summaries`).
 */
export const tutorProfiles = pgTable('tutor_profiles', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  approved: boolean('approved').notNull().default(false),
  approvedEssay: boolean('approved_essay').notNull().default(false),
  approvedTutoring: boolean('approved_tutoring').notNull().default(false),
  studyLevel: text('study_level'),
  university: text('university'),
  course: text('course'),
  yearsOfExperience: integer('years_of_experience'),
  motivation: text('motivation'),
  subjects: jsonb('subjects').$type<{ name: string; levels: string[] }[]>().notNull().default([]),
  hasDbs: boolean('has_dbs').notNull().default(false),
  rightToWork: boolean('right_to_work').notNull().default(false),
  profilePictureKey: text('profile_picture_key'),
  /** A new picture waits here until an admin approves it. */
  pendingProfilePictureKey: text('pending_profile_picture_key'),
  /** An approved tutor's change of StudyLevel waits here for an admin, like a picture. */
  pendingStudyLevel: text('pending_study_level'),
  /** When an admin last decided the application (approved or rejected); null: a submitted onboarding waits. */
  applicationReviewedAt: timestamp('application_reviewed_at', { withTimezone: true }),
  /** The reason given with a rejected application (emailed to the tutor); null once approved. */
  applicationRejectionReason: text('application_rejection_reason'),
  dateOfBirth: text('date_of_birth'),
  aLevels: jsonb('a_levels').$type<{ subject: string; grade: string }[]>().notNull().default([]),
  aLevelsCompletionDate: text('a_levels_completion_date'),
  universityStartDate: text('university_start_date'),
  expectedGraduationDate: text('expected_graduation_date'),
  universityDocumentKeys: jsonb('university_document_keys').$type<string[]>().notNull().default([]),
  aLevelsCertificateKey: text('a_levels_certificate_key'),
  gcseDocumentKeys: jsonb('gcse_document_keys').$type<string[]>().notNull().default([]),
  /** BritishIrish, EuEeaSwiss or NonEuEea. */
  eligibility: text('eligibility'),
  rightToWorkDocuments: jsonb('right_to_work_documents').$type<RightToWorkDocuments>().notNull().default({}),
  appliedForDbs: boolean('applied_for_dbs').notNull().default(false),
  /**
   * The certificate on file (`certificateFileKey`), submitted at onboarding or later (`POST /tutor/applyForDBS`).
   * Submitting never sets `hasDbs`: only an admin's verification while approving tutoring does.
   */
  dbsDetails: jsonb('dbs_details').$type<{ fullName: string; certificateNumber: string; certificateFileKey: string; /** ISO time of `POST /tutor/applyForDBS` (absent when given at onboarding). */ submittedAt?: string } | null>(),
  dbsApplicationDetails: jsonb('dbs_application_details').$type<{ fullName: string; email: string; phone: string; /** Older rows only: the agreement is now confirmed in the form. */ agreementAccepted?: boolean } | null>(),
  onboardingSubmittedAt: timestamp('onboarding_submitted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [
  // Tutor Management's search also matches university and course (trigram indexes, like the users' columns).
  index('tutor_profiles_university_trgm_idx').using('gin', table.university.op('gin_trgm_ops')),
  index('tutor_profiles_course_trgm_idx').using('gin', table.course.op('gin_trgm_ops')),
]);

export type TutorProfileRow = typeof tutorProfiles.$inferSelect;
export type NewTutorProfileRow = typeof tutorProfiles.$inferInsert;
