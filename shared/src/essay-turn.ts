// Whose move is next on an essay, in words: one line beside the spec's status badge that changes at
// every step and reads the same to the student and the tutor ("Agree the word count by 28 November, 16:18").
// The one place the line is computed: the web app shows it on every essay card and page, and the API may send it.
// Pure TypeScript; dates through the one formatter (./dates.ts), in `timeZone` (the viewer's when omitted).
import { formatDayTime } from '@redpen/shared/dates';

/** What the line needs of an essay: the API's `EssayDto` fields of the same names. */
export interface EssayTurnInput {
  state: 'awaiting_confirmation' | 'open' | 'accepted' | 'paid' | 'completed' | 'revision_requested' | 'cancelled';
  tutorConfirmed: boolean;
  wordCountToBeAgreed?: boolean;
  /** The count is the student's estimate: payment waits until the tutor sets it. */
  wordCountEstimated?: boolean;
  /** The tutor set an estimated count: payment waits until the student confirms the price it gives. */
  priceConfirmationNeeded?: boolean;
  discussionEndsAt: string | null;
  markingDueAt: string | null;
  overdue: boolean;
  student_accept: boolean;
  tutor_paid: boolean;
  paymentStatus?: 'Pending' | 'Paid' | 'Refunded';
}

/** Who acts next: the line's tone in the web app (whose turn it is, not a colour). */
export type EssayTurnActor = 'student' | 'tutor' | 'both' | 'nobody';

export interface EssayTurn {
  /** The words, the same on both sides. */
  line: string;
  /** Whose move it is. */
  actor: EssayTurnActor;
}

/** The essay's next move at `now` (for "overdue" when the server has not flagged it yet). */
export function essayTurn(essay: EssayTurnInput, now: number = Date.now(), timeZone?: string): EssayTurn {
  const at = (iso: string | null) => (iso ? formatDayTime(iso, timeZone) : null);
  const late = (iso: string | null) => essay.overdue || (iso !== null && Date.parse(iso) <= now);
  switch (essay.state) {
    case 'awaiting_confirmation':
      return { line: 'Waiting for the student to confirm the word count', actor: 'student' };
    case 'open':
      return { line: 'Waiting for a tutor', actor: 'tutor' };
    case 'accepted': {
      if (essay.priceConfirmationNeeded) return { line: 'Waiting for the student to confirm the new price', actor: 'student' };
      const countSet = !essay.wordCountToBeAgreed && !essay.wordCountEstimated;
      if (essay.tutorConfirmed && countSet) return { line: "Awaiting the student's payment", actor: 'student' };
      if (essay.tutorConfirmed) return { line: 'Waiting for the tutor to set the word count', actor: 'tutor' };
      const by = at(essay.discussionEndsAt);
      return { line: by ? `Agree the word count by ${by}` : 'Agree the word count', actor: 'both' };
    }
    case 'paid': {
      const due = at(essay.markingDueAt);
      if (late(essay.markingDueAt)) return { line: due ? `Marking overdue — was due ${due}` : 'Marking overdue', actor: 'tutor' };
      return { line: due ? `Being marked — due ${due}` : 'Being marked', actor: 'tutor' };
    }
    case 'revision_requested': {
      const due = at(essay.markingDueAt);
      if (late(essay.markingDueAt)) return { line: due ? `Revision overdue — was due ${due}` : 'Revision overdue', actor: 'tutor' };
      return { line: due ? `Revision requested — due ${due}` : 'Revision requested', actor: 'tutor' };
    }
    case 'completed':
      if (essay.tutor_paid) return { line: 'Complete — the tutor has been paid', actor: 'nobody' };
      if (essay.student_accept) return { line: 'Feedback accepted — the tutor can be paid', actor: 'tutor' };
      return { line: 'Feedback ready', actor: 'student' };
    case 'cancelled':
      return { line: essay.paymentStatus === 'Refunded' ? 'Cancelled and refunded in full' : 'Cancelled — no payment was taken', actor: 'nobody' };
  }
}
