/**
 * What happens to a tutoring session, as other modules hear of it (docs/architecture.md "Domain events"). Recorded
 * by the tutoring module in the transaction of the change; Chat opens and closes the pair's conversation,
 * Notifications mails the invites, cancellations and reminders, the tutoring timers schedule and remove their jobs.
 * Self-contained (a subscriber reads no tutoring table): times are ISO strings, amounts integer pence.
 */
export interface SessionRef {
  sessionId: string;
  studentId: string;
  tutorId: string;
  purpose: string;
  startTime: string;
  endTime: string;
}

declare module '../../infra/events/domain-event-registry.js' {
  interface DomainEventPayloads {
    /** A student booked a slot: it is held unpaid until `holdExpiresAt`. */
    'session.held': SessionRef & { holdExpiresAt: string };
    /** The payment landed while the hold stood: the session is booked (invites, chat, reminders). */
    'session.confirmed': SessionRef & { meetingLink: string; pricePence: number; paidAt: string };
    /** The hold ran out unpaid: the slot is free again. */
    'session.expired': SessionRef;
    /**
     * A confirmed session was cancelled and refunded in full (before it started). `accountClosed` names the side whose
     * account was banned when the platform cancelled it: that side is told neutrally, the other why.
     */
    'session.cancelled': SessionRef & { cancelledBy: 'student' | 'tutor' | 'platform'; cancelledAt: string; refundedPence: number; accountClosed?: 'student' | 'tutor' };
    /**
     * A ban of one side (`bannedUserId`) ends this confirmed session: it is to be refunded in full and so cancelled by
     * the platform. Recorded with the ban's consequences; the refund (a gateway call) is made by its own subscriber.
     */
    'session.banRefundDue': SessionRef & { bannedUserId: string; bannedBy: string };
    /** A reminder is due (24 h or 1 h before the start) for a session still booked. */
    'session.reminderDue': SessionRef & { meetingLink: string; hoursBefore: number };
    /** A paid session ended (its end time passed while booked): the student is asked to rate it. */
    'session.completed': SessionRef & { completedAt: string };
    /** The student rated the session. */
    'session.rated': SessionRef & { rating: number };
  }
}

export function sessionRef(row: { id: string; studentId: string; tutorId: string; purpose: string; startTime: Date; endTime: Date }): SessionRef {
  return { sessionId: row.id, studentId: row.studentId, tutorId: row.tutorId, purpose: row.purpose, startTime: row.startTime.toISOString(), endTime: row.endTime.toISOString() };
}
