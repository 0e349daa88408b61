import type { Access, Caller } from '../../common/access.js';
import type { EssayRow } from './essays.schema.js';
import type { AcademicLevel } from '@redpen/shared/essay-levels';
import { EDITABLE_ESSAY_STATES } from '@redpen/shared/essay-rules';
import { HELD_STATES } from './essays.repository.js';

/**
 * Who may do what with an essay (docs/architecture.md "Guards, access policies and admin slices"). Pure functions of the
 * caller and the row as read; the services turn a refusal into its answer (404 `NOT_FOUND` when the caller may
 * not learn the essay exists, 409 for a state). The guarded UPDATEs in the repository repeat the owner and the
 * state in their WHERE, so a row that changed between the read and the write is still refused.
 */

type Parties = Pick<EssayRow, 'studentId' | 'tutorId'>;

/** The student who uploaded it. Every student route answers anyone else "not found" (nothing is learnt about it). */
export function isEssayStudent<E extends Parties>(user: Caller, essay: E | undefined): essay is E {
  return essay !== undefined && essay.studentId === user.id;
}

/**
 * The tutor who accepted it and holds it now: reads it with its files, confirms, cancels the review, marks. A
 * cancelled or refunded essay keeps its former tutor's id for the record, but nobody holds it any more
 * (the former tutor gets no more links or details of it).
 */
export function holdsEssay<E extends Parties & Pick<EssayRow, 'status'>>(user: Caller, essay: E | undefined): essay is E {
  return essay !== undefined && essay.tutorId === user.id && HELD_STATES.includes(essay.status);
}

/** The discussion page (`GET /essays/{id}`): its student, or the tutor holding it. */
export function canReadEssay<E extends Parties & Pick<EssayRow, 'status'>>(user: Caller, essay: E | undefined): essay is E {
  return isEssayStudent(user, essay) || holdsEssay(user, essay);
}

/**
 * The side the caller writes from in the essay's discussion, or null: a discussion needs a tutor holding the essay.
 * A user who is both (a row from before the rule that nobody deals with themselves was enforced) writes as its student.
 */
export function discussionSide(user: Caller, essay: (Parties & Pick<EssayRow, 'status'>) | undefined): 'student' | 'tutor' | null {
  // Only while a tutor holds it: a cancelled or refunded essay's discussion is over for both sides.
  if (!essay?.tutorId || !HELD_STATES.includes(essay.status)) return null;
  if (isEssayStudent(user, essay)) return 'student';
  return holdsEssay(user, essay) ? 'tutor' : null;
}

/** The student confirms or adjusts the count (±10 % is checked apart): only their own, only before a tutor accepts. */
export function canUpdateWordCount(student: Caller, essay: Parties & Pick<EssayRow, 'status'>): boolean {
  return isEssayStudent(student, essay) && EDITABLE_ESSAY_STATES.includes(essay.status);
}

/**
 * A rating of the essay's tutor, by its student (`isEssayStudent` first): once, for a review they accepted. The
 * repository's `markRated` guards the same conditions for two submissions at once.
 */
export function canRate(essay: Pick<EssayRow, 'rated' | 'status' | 'studentAccept'>): Access<'already-rated' | 'not-rateable'> {
  if (essay.rated) return 'already-rated';
  return essay.status === 'completed' && essay.studentAccept ? 'allowed' : 'not-rateable';
}

/**
 * A tutor may look at an open essay within their StudyLevel's ceiling before accepting it (without its files);
 * `levels` is that ceiling.
 */
export function canPreviewEssay<E extends Pick<EssayRow, 'status' | 'academicLevel'>>(essay: E | undefined, levels: readonly AcademicLevel[]): essay is E {
  return essay?.status === 'open' && levels.includes(essay.academicLevel);
}

/**
 * What a tutor's accept came to, read after the atomic UPDATE: theirs (also on a repeat); someone else's, or no
 * longer open (409 `ESSAY_ALREADY_ACCEPTED`); or an essay they may not know of (404: missing, above their ceiling,
 * or not yet confirmed by its student); or their own essay (409 `SELF_DEALING`).
 */
export function acceptOutcome(
  tutor: Caller,
  essay: (Parties & Pick<EssayRow, 'status' | 'academicLevel'>) | undefined,
  levels: readonly AcademicLevel[],
): Access<'not-found' | 'taken' | 'own'> {
  if (!essay || !levels.includes(essay.academicLevel) || essay.status === 'awaiting_confirmation') return 'not-found';
  if (dealsWithThemselves(tutor, essay)) return 'own';
  return holdsEssay(tutor, essay) ? 'allowed' : 'taken';
}

/** The tutor's Confirm in the discussion (an agreed count; its state rules follow in the service): the holder only. */
export const canConfirmWordCount = holdsEssay;

/** The tutor's Cancel Review: the holder only (once paid it is refused with 409, by the state). */
export const canCancelReview = holdsEssay;

/** Marking: the holder only (that it is paid, or back for a revision, is the guarded UPDATE's to decide). */
export const canMark = holdsEssay;

/**
 * docs/decisions.md "Nobody deals with themselves": a user holding both profiles never sees, accepts, marks,
 * rates or is paid out for their own essay. The pool and the accept repeat it in SQL (`EssaysRepository.pool`'s
 * `excludeStudentId`, `accept`'s `student_id <> tutor`); the services answer 409 `SELF_DEALING` where the caller
 * names their own essay (selfDealing() below).
 */
export function dealsWithThemselves(user: Caller, essay: Pick<EssayRow, 'studentId'>): boolean {
  return essay.studentId === user.id;
}

