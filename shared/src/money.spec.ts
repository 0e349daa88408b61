import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { penceFromPounds, poundsFromPence } from '@redpen/shared/money';

describe('poundsFromPence', () => {
  it('writes pence as pounds with at most two decimals', () => {
    expect(poundsFromPence(1815)).toBe(18.15);
    expect(poundsFromPence(1800)).toBe(18);
    expect(poundsFromPence(5)).toBe(0.05);
    expect(poundsFromPence(0)).toBe(0);
    expect(poundsFromPence(-250)).toBe(-2.5);
    expect(JSON.stringify({ price: poundsFromPence(1815) })).toBe('{"price":18.15}');
  });

  it('refuses what is not whole pence', () => {
    expect(() => poundsFromPence(18.5)).toThrow(RangeError);
    expect(() => poundsFromPence(Number.NaN)).toThrow(RangeError);
  });

  it('property: exact for every amount up to £10m — its JSON text is the two-decimal amount, and the inverse gives the pence back', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (pence) => {
        const pounds = poundsFromPence(pence);
        const written = (Math.abs(pence) / 100).toFixed(2).replace(/\.?0+$/, '') || '0';
        expect(JSON.stringify(Math.abs(pounds))).toBe(written);
        expect(penceFromPounds(pounds)).toBe(pence);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('penceFromPounds', () => {
  it('reads pounds as numbers or text', () => {
    expect(penceFromPounds(18.15)).toBe(1815);
    expect(penceFromPounds(18)).toBe(1800);
    expect(penceFromPounds('25.5')).toBe(2550);
    expect(penceFromPounds(' 0.07 ')).toBe(7);
    expect(penceFromPounds(-2.5)).toBe(-250);
  });

  it('refuses more than two decimals and anything that is not an amount', () => {
    for (const bad of [18.155, '18.155', 0.1 + 0.2, '£18', '1e3', '', ' ', '18.', '.5', Number.NaN, Number.POSITIVE_INFINITY, null, undefined, true, {}]) {
      expect(penceFromPounds(bad)).toBeUndefined();
    }
  });
});
