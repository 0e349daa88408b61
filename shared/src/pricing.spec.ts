import { describe, expect, it } from '@jest/globals';
import { ESSAY_PRICE_TEXT, essayChargePence, essayPricePence, formatPounds, MIN_CHARGE_PENCE, MIN_CHARGE_TEXT } from '@redpen/shared/pricing';

describe('essayPricePence', () => {
  it('charges nothing for no words', () => {
    expect(essayPricePence(0)).toBe(0);
  });

  it('charges 1.5p per word up to 1000 words, rounding half up at the end', () => {
    expect(essayPricePence(1)).toBe(2); // 1.5p
    expect(essayPricePence(2)).toBe(3); // 3.0p
    expect(essayPricePence(3)).toBe(5); // 4.5p
    expect(essayPricePence(999)).toBe(1499); // 1498.5p
    expect(essayPricePence(1000)).toBe(1500);
  });

  it('charges 0.7p per word for words 1001-3000', () => {
    expect(essayPricePence(1001)).toBe(1501); // 1500.7p
    expect(essayPricePence(1005)).toBe(1504); // 1503.5p
    expect(essayPricePence(2000)).toBe(2200);
    expect(essayPricePence(3000)).toBe(2900);
  });

  it('charges 0.3p per word beyond 3000 words', () => {
    expect(essayPricePence(3001)).toBe(2900); // 2900.3p
    expect(essayPricePence(3002)).toBe(2901); // 2900.6p
    expect(essayPricePence(5000)).toBe(3500);
    expect(essayPricePence(10000)).toBe(5000);
  });

  it('never decreases as the word count grows', () => {
    let previous = 0;
    for (let words = 0; words <= 6000; words += 1) {
      const price = essayPricePence(words);
      expect(price).toBeGreaterThanOrEqual(previous);
      previous = price;
    }
  });

  it('rejects counts that are negative, fractional or not finite', () => {
    expect(() => essayPricePence(-1)).toThrow(RangeError);
    expect(() => essayPricePence(1.5)).toThrow(RangeError);
    expect(() => essayPricePence(Number.NaN)).toThrow(RangeError);
    expect(() => essayPricePence(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('formatPounds', () => {
  it('formats pence as pounds with two decimals', () => {
    expect(formatPounds(0)).toBe('£0.00');
    expect(formatPounds(5)).toBe('£0.05');
    expect(formatPounds(1234)).toBe('£12.34');
    expect(formatPounds(1500)).toBe('£15.00');
  });

  it('groups thousands and keeps the sign', () => {
    expect(formatPounds(123456789)).toBe('£1,234,567.89');
    expect(formatPounds(-250)).toBe('-£2.50');
  });

  it('rejects fractional pence', () => {
    expect(() => formatPounds(1.5)).toThrow(RangeError);
  });
});

describe('ESSAY_PRICE_TEXT', () => {
  it('is the spec wording', () => {
    expect(ESSAY_PRICE_TEXT).toBe(
      '1.5p per word for the first 1000 words, 0.7p per word for words 1001-3000, 0.3p per word thereafter',
    );
  });
});

describe('essayChargePence (never below the smallest card charge)', () => {
  it.each([
    [1, 30],
    [19, 30],
    [20, 30],
    [21, 32],
    [1000, 1500],
  ])('%i words cost %ip', (words, pence) => {
    expect(essayChargePence(words)).toBe(pence);
  });

  it("is Stripe's GBP minimum, 30p, and quoted as such", () => {
    expect(MIN_CHARGE_PENCE).toBe(30);
    expect(MIN_CHARGE_TEXT).toBe('The smallest charge for an essay is £0.30, however short it is');
  });
});
