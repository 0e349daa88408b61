/** The two services a tutor is approved for separately (spec: `approved_essay`, `approved_tutoring`). */
export type TutorService = 'essay' | 'tutoring';

/**
 * What ApprovedTutorGuard asks, implemented by the tutors module (which owns the approval flags) and
 * provided under this class as token, so `common/` never imports a module.
 */
export abstract class TutorApprovals {
  abstract isApproved(userId: string, service: TutorService): Promise<boolean>;
  /** The tutor's StudyLevel (the essay pool's ceiling), null without a profile or a level. */
  abstract studyLevel(userId: string): Promise<string | null>;
}
