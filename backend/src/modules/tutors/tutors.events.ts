/**
 * An admin's decision about a tutor, as other modules hear of it (docs/architecture.md "Domain events"): recorded
 * by TutorsAdminService in the decision's transaction; Notifications emails the tutor (tutors.mails.ts).
 */
export type TutorDecision =
  | { kind: 'approval'; approvedEssay: boolean; approvedTutoring: boolean; studyLevel: string; withdrawn: ('essay' | 'tutoring')[] }
  | { kind: 'rejection'; reason: string }
  | { kind: 'profilePicture'; approved: boolean; reason: string | null }
  | { kind: 'studyLevel'; approved: boolean; studyLevel: string; reason: string | null };

declare module '../../infra/events/domain-event-registry.js' {
  interface DomainEventPayloads {
    'tutor.reviewed': { tutorId: string; at: string; decision: TutorDecision };
    /** The tutor sent their onboarding: an admin reviews it next (Notifications tells the tutor it is pending). */
    'tutor.onboarding-submitted': { tutorId: string; at: string };
  }
}

export {};
