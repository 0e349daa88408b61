/**
 * What happens to an essay, as other modules hear of it (docs/architecture.md "Domain events"). Recorded by the
 * essays module in the transaction of the change; Notifications mails people, Chat opens and closes the
 * conversation's context, the essay timers schedule and cancel their jobs. Times are ISO strings (the outbox
 * stores JSON). Nothing here is imported at run time: the names and payloads join the registry by declaration
 * merging.
 */
interface EssayRef {
  essayId: string;
  title: string;
  studentId: string;
}

declare module '../../infra/events/domain-event-registry.js' {
  interface DomainEventPayloads {
    /** A tutor won the atomic accept: the 24 h word-count discussion starts. */
    'essay.accepted': EssayRef & { tutorId: string; acceptedAt: string; discussionEndsAt?: string };
    /** An accepted, unpaid essay went back to the pool: its discussion expired, its tutor cancelled the review, or its tutor was banned. */
    'essay.returnedToPool': EssayRef & { tutorId: string; acceptedAt: string; reason: 'expired' | 'cancelled' | 'tutorBanned' };
    /**
     * The tutor confirmed the word count in the discussion (at the count as uploaded, or repriced within the band):
     * the student is asked to pay `pricePence` before `discussionEndsAt`.
     */
    'essay.wordCountConfirmed': EssayRef & { tutorId: string; acceptedAt: string; wordCount: number; pricePence: number; discussionEndsAt: string };
    /** The student's payment completed: the marking deadline starts (24 h when expedited), due at `markingDueBy`. */
    'essay.paid': EssayRef & { tutorId: string; acceptedAt: string | null; paidAt: string; expedited: boolean; markingDueBy?: string };
    /**
     * The tutor marked it (the first time, or again after a revision: `revision` true): the payout and revision
     * clocks start.
     */
    'essay.completed': EssayRef & { tutorId: string; completedAt: string; score: number; revision?: boolean };
    /** The student accepted the feedback: the review is final and the tutor may be paid at once. */
    'essay.feedbackAccepted': EssayRef & { tutorId: string; acceptedAt: string };
    /** The student asked for a revision: the resubmission is due a marking deadline later. */
    'essay.revisionRequested': EssayRef & { tutorId: string; requestedAt: string; dueBy: string };
    /** A paid essay passed its marking deadline unmarked. */
    'essay.markingOverdue': EssayRef & { tutorId: string };
    /** A requested revision passed its deadline. */
    'essay.revisionOverdue': EssayRef & { tutorId: string; requestedAt: string };
    /** The payout became eligible by time (48 h after the completion). */
    'essay.payoutEligible': EssayRef & { tutorId: string; completedAt: string; tutorEarningsPence: number };
    /** The revision window passed unused: the review is final. */
    'essay.revisionWindowClosed': EssayRef & { completedAt: string };
    /** The essay was cancelled (unpaid by the student, or refunded): whoever held it is freed. */
    'essay.cancelled': EssayRef & { tutorId: string | null; refunded: boolean };
  }
}

export {};
