import type { TutoringSessionRow } from './tutoring.schema.js';
import type { TutoringSessionDto } from './dto/tutoring.dto.js';
import { poundsFromPence as penceToPounds } from '@redpen/shared/money';
import { tutorEarnings } from '@redpen/shared/pricing';
import { canRateSession, canStudentCancel, canTutorCancel } from './tutoring.access.js';
import { STARTS_SOON_MINUTES, sessionTiming, studentCancelDeadline } from './tutoring-rules.js';

/** Who is looking, and what the presenter needs besides the row. */
export interface SessionView {
  viewer: { id: string; side: 'student' | 'tutor' };
  now: Date;
  /** User id → name, for both sides of every row presented. */
  names: ReadonlyMap<string, string>;
  /** PAYOUT_ELIGIBILITY_SECONDS in milliseconds: the payout is eligible this long after the end. */
  payoutDelayMs: number;
  /** PLATFORM_COMMISSION_PERCENT: the tutor's view carries what they earn (Get Paid states the amount). */
  commissionPercent: number;
}

/** The instant the tutor may be paid for a confirmed session (48 h after it ends). */
export function payoutAvailableAt(session: Pick<TutoringSessionRow, 'endTime'>, payoutDelayMs: number): Date {
  return new Date(session.endTime.getTime() + payoutDelayMs);
}

function paymentStatus(row: TutoringSessionRow): TutoringSessionDto['paymentStatus'] {
  if (row.status === 'confirmed') return 'Paid';
  if (row.status === 'held') return 'Pending';
  return row.status === 'cancelled' && row.paidAt ? 'Refunded' : 'Expired';
}

/** A session row as the spec's JSON, with the flags each card decides from (so the client holds no rule). */
export function presentSession(row: TutoringSessionRow, view: SessionView): TutoringSessionDto {
  const { now, viewer } = view;
  const timing = sessionTiming(row, now);
  const confirmed = row.status === 'confirmed';
  const minutesToStart = Math.ceil((row.startTime.getTime() - now.getTime()) / 60_000);
  const payoutAt = confirmed ? payoutAvailableAt(row, view.payoutDelayMs) : null;
  const caller = { id: viewer.id };
  const canCancel = viewer.side === 'student' ? canStudentCancel(caller, row, now).allowed : canTutorCancel(caller, row, now).allowed;
  return {
    _id: row.id,
    purpose: row.purpose,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    durationMinutes: Math.round((row.endTime.getTime() - row.startTime.getTime()) / 60_000),
    meetingLink: row.meetingLink,
    rated: row.rated,
    paymentStatus: paymentStatus(row),
    tutor_paid: row.tutorPaid,
    status: row.status,
    timing,
    startsInMinutes: confirmed && timing === 'upcoming' && minutesToStart <= STARTS_SOON_MINUTES ? minutesToStart : null,
    canJoin: confirmed && timing === 'active' && row.meetingLink !== null,
    canRate: viewer.side === 'student' && canRateSession(caller, row, now).allowed,
    canCancel,
    cancellableUntil: viewer.side === 'student' && confirmed ? studentCancelDeadline(row.startTime).toISOString() : null,
    canGetPaid: viewer.side === 'tutor' && confirmed && timing === 'completed' && !row.tutorPaid && payoutAt !== null && now.getTime() >= payoutAt.getTime(),
    payoutAvailableAt: payoutAt?.toISOString() ?? null,
    holdExpiresAt: row.status === 'held' ? (row.holdExpiresAt?.toISOString() ?? null) : null,
    price: penceToPounds(row.pricePence),
    pricePence: row.pricePence,
    ...(viewer.side === 'tutor' ? tutorEarnings(row.pricePence, view.commissionPercent) : {}),
    tutor: { _id: row.tutorId, name: view.names.get(row.tutorId) ?? '' },
    student: { _id: row.studentId, name: view.names.get(row.studentId) ?? '' },
    cancelledBy: row.cancelledBy,
    createdAt: row.createdAt.toISOString(),
  };
}
