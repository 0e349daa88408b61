import { describe, expect, it } from 'vitest';
import { essayWordCount } from './format';
import {
  agreedWordCountProblem,
  markingRules,
  MESSAGES,
  discussionDeadline,
  essayBadge,
  feedbackProblem,
  formatCountdown,
  formatDuration,
  isPayoutEligible,
  markedFileProblem,
  markedFileRequired,
  markingDeadline,
  matchesReviewsFilter,
  payoutDate,
  scoreProblem,
} from './rules';
import { validatePoolSearch, validateReviewsSearch } from './search';
import { essay } from './test-fixtures';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('essay rules (tutor side)', () => {
  it('formats the badge time as days, hours, minutes and the countdown as hh:mm:ss', () => {
    expect(formatDuration(26 * HOUR + 5 * 60_000 + 59_000)).toBe('1d 2h 5m');
    expect(formatDuration(3 * HOUR)).toBe('3h 0m');
    expect(formatDuration(59_000)).toBe('0m');
    expect(formatCountdown(23 * HOUR + 59 * 60_000 + 59_000)).toBe('23:59:59');
    expect(formatCountdown(500)).toBe('00:00:01');
    expect(formatCountdown(-5)).toBe('00:00:00');
  });

  it('dates the discussion, the marking and the payout from the server’s instants only', () => {
    expect(discussionDeadline(essay({ state: 'accepted', acceptedAt: iso(NOW), discussionEndsAt: iso(NOW + 2_000) }))).toBe(NOW + 2_000);
    expect(discussionDeadline(essay({ state: 'accepted', acceptedAt: iso(NOW), discussionEndsAt: null }))).toBeNull();
    expect(markingDeadline(essay({ paid_time: iso(NOW), markingDueAt: iso(NOW + HOUR) }))).toBe(NOW + HOUR);
    // No fallback window of the client's own: without markingDueAt there is no deadline to show.
    expect(markingDeadline(essay({ paid_time: iso(NOW), expedited: true, markingDueAt: null }))).toBeNull();
    expect(markingDeadline(essay({ paid_time: null }))).toBeNull();
    expect(payoutDate(essay({ state: 'completed', completedAt: iso(NOW), payoutAvailableAt: iso(NOW + 5_000) }))).toBe(NOW + 5_000);
    expect(payoutDate(essay({ payoutAvailableAt: 'not a date' }))).toBeNull();
  });

  it('badges: In Progress when a paid essay has no payment time, the state label otherwise unknown', () => {
    expect(essayBadge(essay({ state: 'paid', paid_time: null }), NOW)).toEqual({ label: 'In Progress', tone: 'primary' });
    expect(essayBadge(essay({ state: 'revision_requested', overdue: true }), NOW)).toEqual({ label: 'Overdue', tone: 'error' });
    expect(essayBadge(essay({ state: 'cancelled', status: 'Cancelled' }), NOW).label).toBe('Cancelled');
  });

  it('payout: completed, not paid out, and accepted or at the server’s payoutAvailableAt', () => {
    const completed = essay({ state: 'completed', completedAt: iso(NOW - 48 * HOUR), payoutAvailableAt: iso(NOW) });
    expect(isPayoutEligible(completed, NOW - 1)).toBe(false);
    expect(isPayoutEligible(completed, NOW)).toBe(true); // the server allows it from that instant
    // A shortened window: completed a minute ago and payable already.
    expect(isPayoutEligible(essay({ state: 'completed', completedAt: iso(NOW - 60_000), payoutAvailableAt: iso(NOW - 1_000) }), NOW)).toBe(true);
    expect(isPayoutEligible({ ...completed, payoutAvailableAt: null, student_accept: true }, NOW - HOUR)).toBe(true);
    expect(isPayoutEligible({ ...completed, payoutAvailableAt: null }, NOW + HOUR)).toBe(false);
    expect(isPayoutEligible({ ...completed, tutor_paid: true }, NOW + HOUR)).toBe(false);
    expect(isPayoutEligible({ ...completed, state: 'revision_requested' }, NOW + HOUR)).toBe(false);
  });

  it('filters: In Progress is accepted, paid or revision; Completed is completed; cancelled only under All', () => {
    const cancelled = essay({ state: 'cancelled' });
    expect(matchesReviewsFilter(cancelled, 'all')).toBe(true);
    expect(matchesReviewsFilter(cancelled, 'in-progress')).toBe(false);
    expect(matchesReviewsFilter(cancelled, 'completed')).toBe(false);
    expect(matchesReviewsFilter(essay({ state: 'revision_requested' }), 'in-progress')).toBe(true);
  });

  it('checks the marking fields with the spec messages', () => {
    expect(scoreProblem('1')).toBeNull();
    expect(scoreProblem('10')).toBeNull();
    for (const bad of ['', '0', '11', '7.5', 'x']) expect(scoreProblem(bad)).toBe('Score must be between 1 and 10');
    expect(feedbackProblem('x'.repeat(250))).toBeNull();
    expect(feedbackProblem(` ${'x'.repeat(249)} `)).toBe('Feedback must be at least 250 characters long.');
    expect(markedFileProblem(new File(['x'], 'Essay.DOCX'))).toBeNull();
    expect(markedFileProblem(new File(['x'], 'essay.rtf'))).toBeNull();
    expect(markedFileProblem(new File(['x'], 'essay.odt'))).toBe('Allowed file types: PDF, DOC, DOCX, RTF');
    const big = new File(['x'], 'essay.pdf');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    expect(markedFileProblem(big)).toBe('File size must be less than 10 MB');
    expect(markedFileRequired(essay({ requestType: 'feedback_model', modelURL: null }))).toBe(true);
    expect(markedFileRequired(essay({ requestType: 'feedback_model', modelURL: 'https://x' }))).toBe(false);
    expect(markedFileRequired(essay({ requestType: 'feedback-only' }))).toBe(false);
  });

  it('takes an agreed word count only within the band', () => {
    const band = { minWordCount: 1350, maxWordCount: 1650 };
    expect(agreedWordCountProblem('', band)).toBeNull();
    expect(agreedWordCountProblem('1350', band)).toBeNull();
    expect(agreedWordCountProblem('1650', band)).toBeNull();
    expect(agreedWordCountProblem('1651', band)).toBe('Word count must be within ±10% of the original (1350-1650)');
    expect(agreedWordCountProblem('15.5', band)).toBe('Word count must be a whole number above 0');
    expect(agreedWordCountProblem('0', band)).toBe('Word count must be a whole number above 0');
  });

  it('takes any whole count for an essay whose count is to be agreed (an image uploaded without one)', () => {
    const toBeAgreed = { minWordCount: 1, maxWordCount: 1, wordCountToBeAgreed: true };
    expect(agreedWordCountProblem('2400', toBeAgreed)).toBeNull();
    expect(agreedWordCountProblem('0', toBeAgreed)).toBe('Word count must be a whole number above 0');
    expect(essayWordCount({ wordCount: 1, wordCountToBeAgreed: true })).toBe('Count to be agreed');
    expect(essayWordCount({ wordCount: 1500, wordCountToBeAgreed: false })).toBe('1,500 words');
  });

  it("takes any whole count, once, for a count that is the student's (an image or a document with no text)", () => {
    const estimated = { minWordCount: 90, maxWordCount: 110, wordCountEstimated: true };
    expect(agreedWordCountProblem('2400', estimated)).toBeNull();
    expect(agreedWordCountProblem('2400', { ...estimated, wordCountEstimated: false })).toBe('Word count must be within ±10% of the original (90-110)');
  });
});

describe('search params', () => {
  it('pool: a known level (any case, "Master" too), a subject of that level only, a search text', () => {
    expect(validatePoolSearch({ level: 'master', subject: 'literature', search: 'war' })).toEqual({ level: 'Masters', subject: 'Literature', search: 'war' });
    expect(validatePoolSearch({ level: 'all', subject: 'History' })).toEqual({});
    expect(validatePoolSearch({ level: 'GCSE', subject: 'Thesis Review', search: '   ' })).toEqual({ level: 'GCSE' });
    expect(validatePoolSearch({ search: 'x'.repeat(300) }).search).toHaveLength(200);
  });

  it('reviews: only the known filters', () => {
    expect(validateReviewsSearch({ filter: 'completed', search: 'essay' })).toEqual({ filter: 'completed', search: 'essay' });
    expect(validateReviewsSearch({ filter: 'all' })).toEqual({});
    expect(validateReviewsSearch({ filter: 'nonsense' })).toEqual({});
  });
});

describe('markingRules', () => {
  const feedback = 'x'.repeat(250);
  const problems = (values: Parameters<typeof markingRules>[0], fileRequired: boolean) =>
    Object.fromEntries(Object.entries(markingRules(values, { fileRequired })).filter(([, message]) => message));
  it('checks the score, the feedback and the file in one pass', () => {
    expect(problems({ score: '11', feedback: 'short', file: null }, true)).toEqual({
      score: MESSAGES.score,
      feedback: MESSAGES.feedbackTooShort,
      file: MESSAGES.fileRequired,
    });
    expect(problems({ score: '7', feedback, file: null }, false)).toEqual({});
    expect(problems({ score: '7', feedback, file: new File(['x'], 'marked.png') }, false)).toEqual({ file: MESSAGES.fileType });
    expect(problems({ score: '7', feedback, file: new File(['x'], 'marked.pdf') }, true)).toEqual({});
  });
});
