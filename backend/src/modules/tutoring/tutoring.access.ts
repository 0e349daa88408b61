import type { TutoringSessionRow } from './tutoring.schema.js';
import { sessionTiming, studentCancelDeadline } from './tutoring-rules.js';

/**
 * Who may do what with a session, as pure functions of the caller, the session and the time (docs/architecture.md
 * "Tutoring"). Controllers and services ask these; a `false` for reading means "not found" (the API does not admit
 * another's session exists). The answers with a reason say why a participant is refused.
 */
export interface Caller {
  id: string;
}

type SessionFacts = Pick<TutoringSessionRow, 'studentId' | 'tutorId' | 'status' | 'startTime' | 'endTime' | 'rated'>;

export type Decision = { allowed: true } | { allowed: false; reason: string };
const allow: Decision = { allowed: true };
const deny = (reason: string): Decision => ({ allowed: false, reason });

/** The student always; the tutor once it is paid (a held session is shown to the student only). */
export function canReadSession(caller: Caller, session: SessionFacts): boolean {
  if (caller.id === session.studentId) return true;
  return caller.id === session.tutorId && session.status !== 'held';
}

/**
 * The student: an unpaid hold any time; a confirmed session up to 24 hours before it starts.
 */
export function canStudentCancel(caller: Caller, session: SessionFacts, now: Date): Decision {
  if (caller.id !== session.studentId) return deny('Not your session');
  if (session.status === 'held') return allow;
  if (session.status !== 'confirmed') return deny('This session is no longer booked');
  if (now.getTime() >= session.startTime.getTime()) return deny('This session has already started');
  if (now.getTime() > studentCancelDeadline(session.startTime).getTime()) return deny('Sessions can be cancelled up to 24 hours before they start');
  return allow;
}

/** The tutor: a confirmed session any time before it starts. */
export function canTutorCancel(caller: Caller, session: SessionFacts, now: Date): Decision {
  if (caller.id !== session.tutorId || session.status === 'held') return deny('Not your session');
  if (session.status !== 'confirmed') return deny('This session is no longer booked');
  if (now.getTime() >= session.startTime.getTime()) return deny('This session has already started');
  return allow;
}

/** The student, once, after a paid session ended (spec: Rate Session when past and not rated). */
export function canRateSession(caller: Caller, session: SessionFacts, now: Date): Decision {
  if (caller.id !== session.studentId) return deny('Not your session');
  if (session.status !== 'confirmed' || sessionTiming(session, now) !== 'completed') return deny('You can rate a session once it has taken place');
  if (session.rated) return deny('You have already rated this session');
  return allow;
}

/** docs/decisions.md "Nobody deals with themselves": a user holding both profiles never books a session with themselves (409 `SELF_DEALING`). */
export function booksThemselves(student: Caller, tutorId: string): boolean {
  return student.id === tutorId;
}
