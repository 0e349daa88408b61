import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { splitCommission } from '@redpen/shared/pricing';

describe('splitCommission', () => {
  it('adds up exactly, in whole pence, for every amount from 1p to £1,000 at every percent', () => {
    for (const percent of [0, 1, 15, 20, 33, 50, 99, 100]) {
      for (let amount = 1; amount <= 100_000; amount++) {
        const { platformCommissionPence: c, tutorEarningsPence: e } = splitCommission(amount, percent);
        if (c + e !== amount || !Number.isInteger(c) || !Number.isInteger(e) || c < 0 || e < 0) {
          throw new Error(`split of ${amount}p at ${percent}% is ${c} + ${e}`);
        }
      }
    }
  });

  it('property: the commission is the percentage rounded half up, never more than the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 100 }), (amount, percent) => {
        const { platformCommissionPence: c, tutorEarningsPence: e } = splitCommission(amount, percent);
        expect(c + e).toBe(amount);
        expect(Math.abs(c - (amount * percent) / 100)).toBeLessThanOrEqual(0.5);
        expect(c).toBeLessThanOrEqual(amount);
      }),
      { numRuns: 2000 },
    );
  });

  it('rounds half up: 20 % of 1p is 0p, of 3p is 1p (0.6p), of 5p is 1p', () => {
    expect(splitCommission(1, 20)).toEqual({ platformCommissionPence: 0, tutorEarningsPence: 1 });
    expect(splitCommission(3, 20)).toEqual({ platformCommissionPence: 1, tutorEarningsPence: 2 });
    expect(splitCommission(5, 20)).toEqual({ platformCommissionPence: 1, tutorEarningsPence: 4 });
    expect(splitCommission(1500, 20)).toEqual({ platformCommissionPence: 300, tutorEarningsPence: 1200 });
  });

  it('refuses fractional or negative money and impossible percentages', () => {
    expect(() => splitCommission(1.5, 20)).toThrow(RangeError);
    expect(() => splitCommission(-1, 20)).toThrow(RangeError);
    expect(() => splitCommission(100, 101)).toThrow(RangeError);
  });
});
