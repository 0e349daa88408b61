// @vitest-environment node
import { essayPricePence } from '@redpen/shared/pricing';
import { describe, expect, it } from 'vitest';
import { confirmRangeMessage, essayActions, inlineRangeMessage, priceAtCount, tutorCheckNote, wordCountProblem } from './essay-rules';
import { validateEssaysSearch, visibleEssays } from './schemas';
import { essayIn, hoursAgo, makeEssay } from './test-support';

const on = (actions: ReturnType<typeof essayActions>) =>
  Object.entries(actions)
    .filter(([, value]) => value)
    .map(([key]) => key)
    .sort();

describe('essayActions', () => {
  it('offers each action only in the states the server allows', () => {
    expect(on(essayActions(essayIn.awaitingConfirmation()))).toEqual(['cancel', 'editWordCount', 'needsConfirmation']);
    expect(on(essayActions(essayIn.open()))).toEqual(['cancel', 'editWordCount']);
    expect(on(essayActions(essayIn.accepted()))).toEqual(['cancel']);
    expect(on(essayActions(essayIn.accepted({ tutorConfirmed: true })))).toEqual(['cancel', 'pay']);
    expect(on(essayActions(essayIn.paid()))).toEqual(['cancel', 'refund']);
    expect(on(essayActions(essayIn.completed()))).toEqual(['acceptFeedback', 'requestRevision']);
    expect(on(essayActions(essayIn.completed({ student_accept: true })))).toEqual(['rate']);
    expect(on(essayActions(essayIn.completed({ student_accept: true, rated: true })))).toEqual([]);
    expect(on(essayActions(essayIn.cancelled()))).toEqual([]);
    expect(on(essayActions(makeEssay({ state: 'revision_requested', status: 'Revision Requested', paymentStatus: 'Paid' })))).toEqual([]);
  });

  it('offers no payment while an estimated count waits for the tutor, and Confirm New Price before paying the price it gives', () => {
    expect(on(essayActions(essayIn.accepted({ tutorConfirmed: true, wordCountEstimated: true })))).toEqual(['cancel']);
    expect(on(essayActions(essayIn.accepted({ tutorConfirmed: true, wordCountToBeAgreed: true })))).toEqual(['cancel']);
    expect(on(essayActions(essayIn.accepted({ tutorConfirmed: true, priceConfirmationNeeded: true })))).toEqual(['cancel', 'confirmPrice']);
    expect(tutorCheckNote(essayIn.accepted({ wordCountEstimated: true }))).toMatch(/your tutor sets it/);
    expect(tutorCheckNote(essayIn.accepted({ tutorConfirmed: true, priceConfirmationNeeded: true, wordCount: 2400, pricePence: 3100 }))).toBe(
      'Your tutor set the word count to 2,400 words, so the price is now £31.00. Confirm the new price to pay.',
    );
  });

  it('closes the refund and the revision at the server\'s instants', () => {
    expect(essayActions(essayIn.paid({ paid_time: hoursAgo(23.9), refundableUntil: hoursAgo(-0.1) })).refund).toBe(true);
    expect(on(essayActions(essayIn.paid({ paid_time: hoursAgo(24.1), refundableUntil: hoursAgo(0.1) })))).toEqual([]);
    // A shortened window: paid a minute ago and the refund already over — the server's instant, not 24 h, decides.
    expect(on(essayActions(essayIn.paid({ paid_time: hoursAgo(1 / 60), refundableUntil: hoursAgo(1 / 120) })))).toEqual([]);
    // Inclusive, as the server checks it; none without the server's instant.
    const edge = Date.parse('2026-03-10T12:00:00.000Z');
    expect(essayActions(essayIn.paid({ refundableUntil: new Date(edge).toISOString() }), edge).refund).toBe(true);
    expect(on(essayActions(essayIn.paid({ refundableUntil: null })))).toEqual([]);
    expect(essayActions(essayIn.completed({ revisionAvailableUntil: hoursAgo(-1) })).requestRevision).toBe(true);
    expect(essayActions(essayIn.completed({ revisionAvailableUntil: hoursAgo(1) })).requestRevision).toBe(false);
    // The server sends no deadline once the revision is impossible (a tutor already paid, say).
    expect(essayActions(essayIn.completed({ tutor_paid: true })).requestRevision).toBe(false);
  });

  it('offers Make Payment only while the accepted essay is unpaid', () => {
    expect(essayActions(essayIn.accepted({ paymentStatus: 'Paid', tutorConfirmed: true })).pay).toBe(false);
  });

  it('offers Make Payment only once the tutor has confirmed the word count (the price is then final)', () => {
    expect(essayActions(essayIn.accepted()).pay).toBe(false);
    expect(essayActions(essayIn.accepted({ tutorConfirmed: true })).pay).toBe(true);
    expect(tutorCheckNote(essayIn.accepted())).toMatch(/You can pay once it is agreed/);
    expect(tutorCheckNote(essayIn.accepted({ tutorConfirmed: true }))).toMatch(/final once paid/);
  });
});

describe('notes', () => {
  it("says where the tutor's word-count check stands, only between acceptance and payment", () => {
    expect(tutorCheckNote(essayIn.accepted())).toMatch(/checking the word count/);
    expect(tutorCheckNote(essayIn.accepted({ tutorConfirmed: true }))).toMatch(/confirmed the word count/);
    expect(tutorCheckNote(essayIn.paid({ tutorConfirmed: true }))).toBeNull();
    expect(tutorCheckNote(essayIn.open())).toBeNull();
  });
});

describe('word counts and prices', () => {
  const band = { minWordCount: 900, maxWordCount: 1100 };

  it('checks a typed count: whole, above 0, within the band', () => {
    const message = inlineRangeMessage(band);
    expect(message).toBe('Must be within 900-1100 words');
    expect(wordCountProblem('1000', band, message)).toBeNull();
    expect(wordCountProblem(' 900 ', band, message)).toBeNull();
    expect(wordCountProblem('1100', band, message)).toBeNull();
    expect(wordCountProblem('899', band, message)).toBe(message);
    expect(wordCountProblem('1101', band, message)).toBe(message);
    for (const bad of ['', '0', '-5', '10.5', 'abc']) {
      expect(wordCountProblem(bad, band, message)).toBe('Word count must be a whole number above 0');
    }
    expect(confirmRangeMessage(band)).toBe('Word count must be within ±10% of the original (900-1100)');
  });

  it('reprices at the tiers of the new count plus the surcharges already in the price', () => {
    const plain = { wordCount: 1000, pricePence: essayPricePence(1000), modelAnswerSurchargePence: 0, expeditedSurchargePence: 0 };
    expect(priceAtCount(plain, 1100)).toBe(essayPricePence(1100));
    const withSurcharges = { wordCount: 1000, pricePence: essayPricePence(1000) + 1500, modelAnswerSurchargePence: 500, expeditedSurchargePence: 1000 };
    expect(priceAtCount(withSurcharges, 900)).toBe(essayPricePence(900) + 1500);
  });
});

describe('the list search params', () => {
  it('keeps known values, drops defaults and unknowns', () => {
    expect(validateEssaysSearch({ status: 'completed', sort: 'title', q: 'war' })).toEqual({ status: 'completed', sort: 'title', q: 'war' });
    expect(validateEssaysSearch({ status: 'all', sort: 'latest', q: '  ' })).toEqual({});
    expect(validateEssaysSearch({ status: 'nope', sort: 7 })).toEqual({});
  });

  it('searches titles case-insensitively and sorts', () => {
    const a = makeEssay({ title: 'Beta', subject: 'Physics', createdAt: hoursAgo(1) });
    const b = makeEssay({ title: 'alpha war', subject: 'History', createdAt: hoursAgo(5) });
    const c = makeEssay({ title: 'Gamma War', subject: 'Chemistry', createdAt: hoursAgo(3) });
    expect(visibleEssays([b, c, a], {}).map((e) => e.title)).toEqual(['Beta', 'Gamma War', 'alpha war']);
    expect(visibleEssays([a, b, c], { sort: 'title' }).map((e) => e.title)).toEqual(['alpha war', 'Beta', 'Gamma War']);
    expect(visibleEssays([a, b, c], { sort: 'subject' }).map((e) => e.subject)).toEqual(['Chemistry', 'History', 'Physics']);
    expect(visibleEssays([a, b, c], { q: 'WAR' }).map((e) => e.title)).toEqual(['Gamma War', 'alpha war']);
  });
});
