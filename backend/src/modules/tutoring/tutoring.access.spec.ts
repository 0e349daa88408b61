import { describe, expect, it } from '@jest/globals';
import type { TutoringSessionRow } from './tutoring.schema.js';
import { canRateSession, canReadSession, canStudentCancel, canTutorCancel, type Caller } from './tutoring.access.js';

const STUDENT: Caller = { id: 'student' };
const TUTOR: Caller = { id: 'tutor' };
const STRANGER: Caller = { id: 'stranger' };
const START = new Date('2027-01-11T09:00:00Z');
const hoursBefore = (h: number) => new Date(START.getTime() - h * 3_600_000);
const session = (status: TutoringSessionRow['status'], rated = false) => ({ studentId: 'student', tutorId: 'tutor', status, startTime: START, endTime: new Date(START.getTime() + 3_600_000), rated });

describe('canReadSession', () => {
  it.each([
    [STUDENT, 'held', true],
    [TUTOR, 'held', false],
    [STRANGER, 'held', false],
    [STUDENT, 'confirmed', true],
    [TUTOR, 'confirmed', true],
    [STRANGER, 'confirmed', false],
    [TUTOR, 'cancelled', true],
    [STUDENT, 'expired', true],
  ] as const)('%o, %s → %s', (caller, status, expected) => {
    expect(canReadSession(caller, session(status))).toBe(expected);
  });
});

describe('cancellation windows', () => {
  it.each([
    ['student, confirmed, 25 h before', canStudentCancel, STUDENT, 'confirmed', hoursBefore(25), true],
    ['student, confirmed, exactly 24 h before', canStudentCancel, STUDENT, 'confirmed', hoursBefore(24), true],
    ['student, confirmed, 23 h before', canStudentCancel, STUDENT, 'confirmed', hoursBefore(23), false],
    ['student, held, 1 h before', canStudentCancel, STUDENT, 'held', hoursBefore(1), true],
    ['student, cancelled', canStudentCancel, STUDENT, 'cancelled', hoursBefore(48), false],
    ['student, another student', canStudentCancel, STRANGER, 'confirmed', hoursBefore(48), false],
    ['tutor, confirmed, 1 minute before', canTutorCancel, TUTOR, 'confirmed', new Date(START.getTime() - 60_000), true],
    ['tutor, confirmed, at the start', canTutorCancel, TUTOR, 'confirmed', START, false],
    ['tutor, held', canTutorCancel, TUTOR, 'held', hoursBefore(48), false],
    ['tutor, expired', canTutorCancel, TUTOR, 'expired', hoursBefore(48), false],
    ['tutor, another tutor', canTutorCancel, STRANGER, 'confirmed', hoursBefore(48), false],
  ] as const)('%s → %s', (_name, decide, caller, status, now, expected) => {
    expect(decide(caller, session(status), now).allowed).toBe(expected);
  });
});

describe('canRateSession', () => {
  const after = new Date(START.getTime() + 2 * 3_600_000);
  it.each([
    ['the student after the end', STUDENT, session('confirmed'), after, true],
    ['the student while it runs', STUDENT, session('confirmed'), new Date(START.getTime() + 60_000), false],
    ['the student, already rated', STUDENT, session('confirmed', true), after, false],
    ['the student, cancelled', STUDENT, session('cancelled'), after, false],
    ['the tutor', TUTOR, session('confirmed'), after, false],
  ] as const)('%s → %s', (_name, caller, facts, now, expected) => {
    expect(canRateSession(caller, facts, now).allowed).toBe(expected);
  });
});
