import { describe, expect, it } from '@jest/globals';
import {
  bandMessage,
  discussionEndsAt,
  essayTotalPence,
  isWithinBand,
  markingDueAt,
  markingWindows,
  payoutAvailableAt,
  REFUND_WINDOW_MS,
  refundableUntil,
  revisionAvailableUntil,
  wordCountBand,
} from './essay-rules.js';

describe('essay rules', () => {
  it('bands the count at 90–110 % of the original, low end down, high end up', () => {
    expect(wordCountBand(1000)).toEqual({ min: 900, max: 1100 });
    expect(wordCountBand(1001)).toEqual({ min: 900, max: 1102 });
    expect(wordCountBand(15)).toEqual({ min: 13, max: 17 });
    expect(wordCountBand(1)).toEqual({ min: 0, max: 2 });
  });

  it('accepts the edges and refuses one beyond, and never 0', () => {
    expect(isWithinBand(1001, 900)).toBe(true);
    expect(isWithinBand(1001, 1102)).toBe(true);
    expect(isWithinBand(1001, 899)).toBe(false);
    expect(isWithinBand(1001, 1103)).toBe(false);
    expect(isWithinBand(1, 0)).toBe(false);
    expect(isWithinBand(1000, 950.5)).toBe(false);
  });

  it('words the refusal as the spec does', () => {
    expect(bandMessage(1001)).toBe('Word count must be within ±10% of the original (900-1102)');
  });

  it('adds the surcharges to the tiered price', () => {
    expect(essayTotalPence(1000, { modelAnswerSurchargePence: 0, expeditedSurchargePence: 0 })).toBe(1500);
    expect(essayTotalPence(1001, { modelAnswerSurchargePence: 500, expeditedSurchargePence: 1000 })).toBe(1501 + 1500);
  });
});

describe('the marking and revision clocks', () => {
  const HOUR = 3_600_000;
  const at = new Date('2026-11-23T09:00:00Z');
  const essay = { status: 'paid', paidTime: at, expedited: false, revisionRequestedAt: null, completedAt: null, studentAccept: false, tutorPaid: false };

  it('gives 48 h to mark after payment, 24 h when expedited, 48 h for a revision, and nothing otherwise', () => {
    expect(markingWindows(48 * HOUR)).toEqual({ standard: 48 * HOUR, expedited: 24 * HOUR });
    expect(markingDueAt(essay, 48 * HOUR)).toEqual(new Date(at.getTime() + 48 * HOUR));
    expect(markingDueAt({ ...essay, expedited: true }, 48 * HOUR)).toEqual(new Date(at.getTime() + 24 * HOUR));
    expect(markingDueAt({ ...essay, status: 'revision_requested', revisionRequestedAt: at }, 48 * HOUR)).toEqual(new Date(at.getTime() + 48 * HOUR));
    expect(markingDueAt({ ...essay, status: 'accepted', paidTime: null }, 48 * HOUR)).toBeNull();
    expect(markingDueAt({ ...essay, status: 'completed' }, 48 * HOUR)).toBeNull();
  });

  it('keeps the revision window open for 7 days after a completion, unless accepted or paid out', () => {
    const completed = { ...essay, status: 'completed', completedAt: at };
    expect(revisionAvailableUntil(completed, 7 * 24 * HOUR)).toEqual(new Date(at.getTime() + 7 * 24 * HOUR));
    expect(revisionAvailableUntil({ ...completed, studentAccept: true }, 7 * 24 * HOUR)).toBeNull();
    expect(revisionAvailableUntil({ ...completed, tutorPaid: true }, 7 * 24 * HOUR)).toBeNull();
    expect(revisionAvailableUntil({ ...completed, status: 'revision_requested' }, 7 * 24 * HOUR)).toBeNull();
  });

  it('closes the word-count discussion a window after acceptance, only while accepted and unpaid', () => {
    const accepted = { status: 'accepted', acceptedAt: at };
    expect(discussionEndsAt(accepted, 24 * HOUR)).toEqual(new Date(at.getTime() + 24 * HOUR));
    expect(discussionEndsAt(accepted, 2_000)).toEqual(new Date(at.getTime() + 2_000));
    expect(discussionEndsAt({ status: 'paid', acceptedAt: at }, 24 * HOUR)).toBeNull();
    expect(discussionEndsAt({ status: 'open', acceptedAt: null }, 24 * HOUR)).toBeNull();
  });

  it('makes a completion payable after the payout wait, unless accepted (payable now) or paid out', () => {
    const completed = { ...essay, status: 'completed', completedAt: at };
    expect(payoutAvailableAt(completed, 48 * HOUR)).toEqual(new Date(at.getTime() + 48 * HOUR));
    expect(payoutAvailableAt(completed, 5_000)).toEqual(new Date(at.getTime() + 5_000));
    expect(payoutAvailableAt({ ...completed, studentAccept: true }, 48 * HOUR)).toBeNull();
    expect(payoutAvailableAt({ ...completed, tutorPaid: true }, 48 * HOUR)).toBeNull();
    expect(payoutAvailableAt({ ...completed, status: 'revision_requested' }, 48 * HOUR)).toBeNull();
    expect(payoutAvailableAt(essay, 48 * HOUR)).toBeNull();
  });

  it('allows a refund until 24 h after paying, only while paid and unmarked', () => {
    expect(REFUND_WINDOW_MS).toBe(24 * HOUR);
    expect(refundableUntil(essay)).toEqual(new Date(at.getTime() + 24 * HOUR));
    expect(refundableUntil(essay, HOUR)).toEqual(new Date(at.getTime() + HOUR));
    expect(refundableUntil({ status: 'completed', paidTime: at })).toBeNull();
    expect(refundableUntil({ status: 'cancelled', paidTime: at })).toBeNull();
    expect(refundableUntil({ status: 'accepted', paidTime: null })).toBeNull();
  });
});
