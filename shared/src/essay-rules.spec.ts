import { describe, expect, it } from '@jest/globals';
import {
  bandMessage,
  bandRangeMessage,
  EDITABLE_ESSAY_STATES,
  ESSAY_STATES,
  isWithinBand,
  UNPAID_CANCELLABLE_ESSAY_STATES,
  wordCountBand,
} from '@redpen/shared/essay-rules';

describe('the word-count band', () => {
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

  it('words the refusal as the spec does, from the original count or from the band', () => {
    expect(bandMessage(1001)).toBe('Word count must be within ±10% of the original (900-1102)');
    expect(bandRangeMessage({ min: 900, max: 1100 })).toBe('Word count must be within ±10% of the original (900-1100)');
  });
});

describe('the states a student acts in', () => {
  it('lets the count change only before a tutor accepts', () => {
    expect(ESSAY_STATES.filter((state) => EDITABLE_ESSAY_STATES.includes(state))).toEqual(['awaiting_confirmation', 'open']);
  });

  it('cancels without a refund until the essay is paid', () => {
    expect(UNPAID_CANCELLABLE_ESSAY_STATES).toEqual(['awaiting_confirmation', 'open', 'accepted']);
  });
});
