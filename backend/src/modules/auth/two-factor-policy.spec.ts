import { describe, expect, it } from '@jest/globals';
import { policyDemandsTwoFactor, requiresTwoFactor } from './two-factor-policy.js';

describe('two-factor policy', () => {
  const cases = [
    // policy, role, user's own choice, needs a code, policy demands it
    ['optional', 'admin', false, false, false],
    ['optional', 'student', true, true, false],
    ['staff', 'admin', false, true, true],
    ['staff', 'tutor', false, true, true],
    ['staff', 'student', false, false, false],
    ['staff', 'student', true, true, false],
    ['required', 'student', false, true, true],
  ] as const;
  it.each(cases)('%s: a %s (own choice %s) needs a code: %s', (policy, role, own, needs, demands) => {
    expect(requiresTwoFactor({ role, twoFactorEnabled: own }, policy)).toBe(needs);
    expect(policyDemandsTwoFactor({ role }, policy)).toBe(demands);
  });
});
