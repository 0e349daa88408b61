import { describe, expect, it } from '@jest/globals';
import type { EssayRow } from './essays.schema.js';
import type { AcademicLevel } from '@redpen/shared/essay-levels';
import {
  acceptOutcome,
  canCancelReview,
  canConfirmWordCount,
  canMark,
  canPreviewEssay,
  canRate,
  canReadEssay,
  canUpdateWordCount,
  dealsWithThemselves,
  discussionSide,
  holdsEssay,
  isEssayStudent,
} from './essays.access.js';

const STUDENT = { id: 'student' };
const TUTOR = { id: 'tutor' };
const STRANGER = { id: 'stranger' };
type Status = EssayRow['status'];
type Callers = 'student' | 'tutor' | 'stranger';
const CALLERS = { student: STUDENT, tutor: TUTOR, stranger: STRANGER } as const;

/** An essay of STUDENT's, held by TUTOR from `accepted` on (the schema's check: a holder exactly in the held states). */
function essay(status: Status, extra: Partial<EssayRow> = {}): EssayRow {
  const held = ['accepted', 'paid', 'completed', 'revision_requested'].includes(status);
  return { studentId: STUDENT.id, tutorId: held ? TUTOR.id : null, status, academicLevel: 'A-Level', rated: false, studentAccept: false, ...extra } as EssayRow;
}

describe('who an essay belongs to', () => {
  const cases: [string, Callers, EssayRow | undefined, { student: boolean; holder: boolean; read: boolean; side: 'student' | 'tutor' | null }][] = [
    ['an open essay', 'student', essay('open'), { student: true, holder: false, read: true, side: null }],
    ['an open essay', 'tutor', essay('open'), { student: false, holder: false, read: false, side: null }],
    ['an accepted essay', 'student', essay('accepted'), { student: true, holder: false, read: true, side: 'student' }],
    ['an accepted essay', 'tutor', essay('accepted'), { student: false, holder: true, read: true, side: 'tutor' }],
    ['a paid essay', 'stranger', essay('paid'), { student: false, holder: false, read: false, side: null }],
    ['a missing essay', 'student', undefined, { student: false, holder: false, read: false, side: null }],
    ['an essay its own student holds (both profiles)', 'student', essay('accepted', { tutorId: STUDENT.id }), { student: true, holder: true, read: true, side: 'student' }],
    // A cancelled or refunded essay keeps its former tutor's id, but they hold it no more.
    ['a cancelled essay, its former tutor', 'tutor', essay('cancelled', { tutorId: TUTOR.id }), { student: false, holder: false, read: false, side: null }],
    ['a cancelled essay, its student', 'student', essay('cancelled', { tutorId: TUTOR.id }), { student: true, holder: false, read: true, side: null }],
  ];
  it.each(cases)('%s, asked by the %s', (_name, caller, row, want) => {
    const user = CALLERS[caller];
    expect(isEssayStudent(user, row)).toBe(want.student);
    expect(holdsEssay(user, row)).toBe(want.holder);
    // The holder's actions share the holder's rule.
    expect([canMark(user, row), canConfirmWordCount(user, row), canCancelReview(user, row)]).toEqual([want.holder, want.holder, want.holder]);
    expect(canReadEssay(user, row)).toBe(want.read);
    expect(discussionSide(user, row)).toBe(want.side);
  });
});

describe('the student changing the count', () => {
  const cases: [Status, Callers, boolean][] = [
    ['awaiting_confirmation', 'student', true],
    ['open', 'student', true],
    ['open', 'stranger', false],
    ['accepted', 'student', false],
    ['paid', 'student', false],
    ['cancelled', 'student', false],
  ];
  it.each(cases)('%s, asked by the %s: %s', (status, caller, want) => {
    expect(canUpdateWordCount(CALLERS[caller], essay(status))).toBe(want);
  });
});

describe('rating the tutor', () => {
  const cases: [string, ReturnType<typeof canRate>, EssayRow][] = [
    ['a review the student accepted', 'allowed', essay('completed', { studentAccept: true })],
    ['a second time', 'already-rated', essay('completed', { studentAccept: true, rated: true })],
    ['a review not accepted yet', 'not-rateable', essay('completed')],
    ['an essay not marked yet', 'not-rateable', essay('paid')],
    ['back for a revision', 'not-rateable', essay('revision_requested', { studentAccept: false })],
  ];
  it.each(cases)('%s: %s', (_name, want, row) => {
    expect(canRate(row)).toBe(want);
  });
});

describe("a tutor's view of the pool", () => {
  const upToALevel: AcademicLevel[] = ['GCSE', 'A-Level'];
  const upToBachelors: AcademicLevel[] = ['GCSE', 'A-Level', 'Bachelor'];
  const cases: [string, boolean, EssayRow | undefined, AcademicLevel[]][] = [
    ['an open essay at their level', true, essay('open'), upToALevel],
    ['an open essay above their ceiling', false, essay('open', { academicLevel: 'Masters' }), upToBachelors],
    ['an essay its student has not confirmed', false, essay('awaiting_confirmation'), upToALevel],
    ["someone's accepted essay", false, essay('accepted'), upToALevel],
    ['no StudyLevel set yet (no ceiling)', false, essay('open'), []],
    ['a missing essay', false, undefined, upToALevel],
  ];
  it.each(cases)('previewing %s: %s', (_name, want, row, levels) => {
    expect(canPreviewEssay(row, levels)).toBe(want);
  });
});

describe('what an accept came to', () => {
  const levels: AcademicLevel[] = ['GCSE', 'A-Level'];
  const other = { id: 'other-tutor' };
  const cases: [string, ReturnType<typeof acceptOutcome>, { id: string }, EssayRow | undefined][] = [
    ['won (or asked again)', 'allowed', TUTOR, essay('accepted')],
    ['held by them and paid since', 'allowed', TUTOR, essay('paid')],
    ['taken by another tutor', 'taken', other, essay('accepted')],
    ['cancelled by its student', 'taken', TUTOR, essay('cancelled')],
    ['open again (back in the pool since)', 'taken', TUTOR, essay('open')],
    ['not yet confirmed by its student', 'not-found', TUTOR, essay('awaiting_confirmation')],
    ['above their ceiling', 'not-found', TUTOR, essay('accepted', { academicLevel: 'PhD' })],
    ['missing', 'not-found', TUTOR, undefined],
    ['their own essay (both profiles)', 'own', STUDENT, essay('open')],
  ];
  it.each(cases)('%s: %s', (_name, want, tutor, row) => {
    expect(acceptOutcome(tutor, row, levels)).toBe(want);
  });
});

describe('dealing with oneself', () => {
  it.each([
    ['its student', true, STUDENT],
    ['a tutor', false, TUTOR],
  ] as const)('%s deals with themselves: %s', (_name, want, user) => {
    expect(dealsWithThemselves(user, essay('open'))).toBe(want);
  });
});
