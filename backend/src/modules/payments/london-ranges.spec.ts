import { describe, expect, it } from '@jest/globals';
import { londonMidnight, rangeStart } from './london-ranges.js';

describe('London date ranges', () => {
  it('finds midnight in London on both sides of a clock change', () => {
    expect(londonMidnight(2026, 1, 15).toISOString()).toBe('2026-01-15T00:00:00.000Z');
    expect(londonMidnight(2026, 7, 15).toISOString()).toBe('2026-07-14T23:00:00.000Z');
    // The clocks go forward at 01:00 UTC on 29 March 2026 and back at 01:00 UTC on 25 October 2026.
    expect(londonMidnight(2026, 3, 29).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(londonMidnight(2026, 3, 30).toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(londonMidnight(2026, 10, 25).toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(londonMidnight(2026, 10, 26).toISOString()).toBe('2026-10-26T00:00:00.000Z');
  });

  it('counts today from London midnight, not UTC midnight', () => {
    // 23:30 UTC on 14 July is 00:30 on 15 July in London.
    expect(rangeStart('today', new Date('2026-07-14T23:30:00Z'))?.toISOString()).toBe('2026-07-14T23:00:00.000Z');
    expect(rangeStart('today', new Date('2026-07-14T22:59:59Z'))?.toISOString()).toBe('2026-07-13T23:00:00.000Z');
    expect(rangeStart('today', new Date('2026-12-01T00:00:00Z'))?.toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });

  it('starts the week on Monday, the month on the 1st and the year on 1 January, all London time', () => {
    // Friday 27 November 2026.
    expect(rangeStart('week', new Date('2026-11-27T12:00:00Z'))?.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    // Sunday 29 March 2026 (the clocks went forward that morning): the week began on Monday 23 March, in GMT.
    expect(rangeStart('week', new Date('2026-03-29T12:00:00Z'))?.toISOString()).toBe('2026-03-23T00:00:00.000Z');
    // Monday 30 March, 00:10 BST: the week began 10 minutes earlier.
    expect(rangeStart('week', new Date('2026-03-29T23:10:00Z'))?.toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(rangeStart('month', new Date('2026-08-31T23:30:00Z'))?.toISOString()).toBe('2026-08-31T23:00:00.000Z');
    expect(rangeStart('year', new Date('2026-06-01T00:00:00Z'))?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(rangeStart('all', new Date())).toBeUndefined();
  });
});
