import { describe, expect, it } from '@jest/globals';
import { essayTurn, type EssayTurnInput } from '@redpen/shared/essay-turn';

const base: EssayTurnInput = {
  state: 'open',
  tutorConfirmed: false,
  discussionEndsAt: null,
  markingDueAt: null,
  overdue: false,
  student_accept: false,
  tutor_paid: false,
  paymentStatus: 'Pending',
};
const NOW = Date.parse('2026-11-27T16:18:00Z');
const line = (patch: Partial<EssayTurnInput>) => essayTurn({ ...base, ...patch }, NOW, 'Europe/London').line;

describe('whose move is next, in words (one line for both sides)', () => {
  it('changes at every step of the journey', () => {
    const steps = [
      line({ state: 'awaiting_confirmation' }),
      line({ state: 'open' }),
      line({ state: 'accepted', discussionEndsAt: '2026-11-28T16:18:00Z' }),
      line({ state: 'accepted', tutorConfirmed: true, discussionEndsAt: '2026-11-28T16:18:00Z' }),
      line({ state: 'paid', paymentStatus: 'Paid', markingDueAt: '2026-11-29T16:18:00Z' }),
      line({ state: 'completed', paymentStatus: 'Paid' }),
      line({ state: 'revision_requested', paymentStatus: 'Paid', markingDueAt: '2026-11-30T10:00:00Z' }),
      line({ state: 'completed', paymentStatus: 'Paid', student_accept: true }),
      line({ state: 'completed', paymentStatus: 'Paid', student_accept: true, tutor_paid: true }),
    ];
    expect(steps).toEqual([
      'Waiting for the student to confirm the word count',
      'Waiting for a tutor',
      'Agree the word count by 28 November, 16:18',
      "Awaiting the student's payment",
      'Being marked — due 29 November, 16:18',
      'Feedback ready',
      'Revision requested — due 30 November, 10:00',
      'Feedback accepted — the tutor can be paid',
      'Complete — the tutor has been paid',
    ]);
    expect(new Set(steps).size).toBe(steps.length);
  });

  it('waits for the tutor to set an estimated count, then for the student to confirm the price it gives', () => {
    expect(line({ state: 'accepted', tutorConfirmed: true, wordCountEstimated: true })).toBe('Waiting for the tutor to set the word count');
    expect(essayTurn({ ...base, state: 'accepted', tutorConfirmed: true, wordCountToBeAgreed: true }, NOW).actor).toBe('tutor');
    expect(line({ state: 'accepted', tutorConfirmed: true, priceConfirmationNeeded: true })).toBe('Waiting for the student to confirm the new price');
  });

  it('says a deadline has passed, from the server flag or the clock', () => {
    expect(line({ state: 'paid', markingDueAt: '2026-11-27T10:00:00Z' })).toBe('Marking overdue — was due 27 November, 10:00');
    expect(line({ state: 'revision_requested', overdue: true, markingDueAt: '2026-11-28T10:00:00Z' })).toBe('Revision overdue — was due 28 November, 10:00');
  });

  it('names whose turn it is, and a cancelled essay says whether it was refunded', () => {
    expect(essayTurn({ ...base, state: 'accepted', tutorConfirmed: true }, NOW).actor).toBe('student');
    expect(essayTurn({ ...base, state: 'paid' }, NOW).actor).toBe('tutor');
    expect(line({ state: 'cancelled', paymentStatus: 'Refunded' })).toBe('Cancelled and refunded in full');
    expect(line({ state: 'cancelled' })).toBe('Cancelled — no payment was taken');
  });
});
