import { describe, expect, it } from '@jest/globals';
import {
  clockEnds,
  discussionEndsAt,
  essayTotalPence,
  essayWindows,
  markingDueAt,
  markingWindows,
  payoutAvailableAt,
  REFUND_WINDOW_MS,
  refundableUntil,
  revisionAvailableUntil,
} from './essay-rules.js';

describe('essay rules', () => {
  it('adds the surcharges to the tiered price', () => {
    expect(essayTotalPence(1000, { modelAnswerSurchargePence: 0, expeditedSurchargePence: 0 })).toBe(1500);
    expect(essayTotalPence(1001, { modelAnswerSurchargePence: 500, expeditedSurchargePence: 1000 })).toBe(1501 + 1500);
  });
});

describe('the marking and revision clocks', () => {
  const HOUR = 3_600_000;
  const at = new Date('2026-11-23T09:00:00Z');
  const plus = (ms: number) => new Date(at.getTime() + ms);
  // The defaults of config/env.schema.ts, in seconds, as the app reads them.
  const windows = essayWindows({ wordCountWindowSeconds: 86_400, markingDeadlineSeconds: 172_800, payoutEligibilitySeconds: 172_800, revisionWindowSeconds: 604_800, sweeperIntervalSeconds: 300 });
  const essay = { status: 'paid', paidTime: at, expedited: false, revisionRequestedAt: null, completedAt: null, studentAccept: false, tutorPaid: false };

  it('reads the configured windows in seconds, the refund window fixed at 24 h', () => {
    expect(windows).toEqual({ discussionMs: 24 * HOUR, markingMs: 48 * HOUR, payoutEligibilityMs: 48 * HOUR, revisionMs: 7 * 24 * HOUR, refundMs: 24 * HOUR });
    expect(REFUND_WINDOW_MS).toBe(24 * HOUR);
  });

  it('gives 48 h to mark after payment, 24 h when expedited, 48 h for a revision, and nothing otherwise', () => {
    expect(markingWindows(windows)).toEqual({ standard: 48 * HOUR, expedited: 24 * HOUR });
    expect(markingDueAt(essay, windows)).toEqual(plus(48 * HOUR));
    expect(markingDueAt({ ...essay, expedited: true }, windows)).toEqual(plus(24 * HOUR));
    expect(markingDueAt({ ...essay, status: 'revision_requested', revisionRequestedAt: at }, windows)).toEqual(plus(48 * HOUR));
    expect(markingDueAt({ ...essay, status: 'accepted', paidTime: null }, windows)).toBeNull();
    expect(markingDueAt({ ...essay, status: 'completed' }, windows)).toBeNull();
  });

  it('keeps the revision window open for 7 days after a completion, unless accepted or paid out', () => {
    const completed = { ...essay, status: 'completed', completedAt: at };
    expect(revisionAvailableUntil(completed, windows)).toEqual(plus(7 * 24 * HOUR));
    expect(revisionAvailableUntil({ ...completed, studentAccept: true }, windows)).toBeNull();
    expect(revisionAvailableUntil({ ...completed, tutorPaid: true }, windows)).toBeNull();
    expect(revisionAvailableUntil({ ...completed, status: 'revision_requested' }, windows)).toBeNull();
    // One revision per essay: once asked for, the resubmission cannot be sent back again.
    expect(revisionAvailableUntil({ ...completed, revisionRequestedAt: at }, windows)).toBeNull();
  });

  it('closes the word-count discussion a window after acceptance, only while accepted and unpaid', () => {
    const accepted = { status: 'accepted', acceptedAt: at };
    expect(discussionEndsAt(accepted, windows)).toEqual(plus(24 * HOUR));
    expect(discussionEndsAt(accepted, { ...windows, discussionMs: 2_000 })).toEqual(plus(2_000));
    expect(discussionEndsAt({ status: 'paid', acceptedAt: at }, windows)).toBeNull();
    expect(discussionEndsAt({ status: 'open', acceptedAt: null }, windows)).toBeNull();
  });

  it('makes a completion payable after the payout wait, unless accepted (payable now) or paid out', () => {
    const completed = { ...essay, status: 'completed', completedAt: at };
    expect(payoutAvailableAt(completed, windows)).toEqual(plus(48 * HOUR));
    expect(payoutAvailableAt(completed, { ...windows, payoutEligibilityMs: 5_000 })).toEqual(plus(5_000));
    expect(payoutAvailableAt({ ...completed, studentAccept: true }, windows)).toBeNull();
    expect(payoutAvailableAt({ ...completed, tutorPaid: true }, windows)).toBeNull();
    expect(payoutAvailableAt({ ...completed, status: 'revision_requested' }, windows)).toBeNull();
    expect(payoutAvailableAt(essay, windows)).toBeNull();
  });

  it('allows a refund until 24 h after paying, only while paid and unmarked', () => {
    expect(refundableUntil(essay, windows)).toEqual(plus(24 * HOUR));
    expect(refundableUntil(essay, { ...windows, refundMs: HOUR })).toEqual(plus(HOUR));
    expect(refundableUntil({ status: 'completed', paidTime: at }, windows)).toBeNull();
    expect(refundableUntil({ status: 'cancelled', paidTime: at }, windows)).toBeNull();
    expect(refundableUntil({ status: 'accepted', paidTime: null }, windows)).toBeNull();
  });

  it('ends each clock from its start alone, as the timers schedule them, at the instants the gated functions give', () => {
    expect(clockEnds.discussion(at, windows)).toEqual(discussionEndsAt({ status: 'accepted', acceptedAt: at }, windows));
    expect(clockEnds.marking(at, true, windows)).toEqual(markingDueAt({ ...essay, expedited: true }, windows));
    expect(clockEnds.revision(at, windows)).toEqual(markingDueAt({ ...essay, status: 'revision_requested', revisionRequestedAt: at }, windows));
    const completed = { ...essay, status: 'completed', completedAt: at };
    expect(clockEnds.payoutEligibility(at, windows)).toEqual(payoutAvailableAt(completed, windows));
    expect(clockEnds.revisionWindow(at, windows)).toEqual(revisionAvailableUntil(completed, windows));
    expect(clockEnds.refund(at, windows)).toEqual(refundableUntil(essay, windows));
  });
});
