import { describe, expect, it } from '@jest/globals';
import { canSubmitOnboarding } from './tutors.access.js';

describe('submitting tutor onboarding', () => {
  const submitted = { onboardingSubmittedAt: new Date('2026-11-20T10:00:00Z'), approved: false };
  it.each([
    ['a student without a tutor profile', 'student', undefined, 'allowed'],
    ['a tutor whose profile is not submitted yet', 'tutor', { onboardingSubmittedAt: null, approved: false }, 'allowed'],
    ['a tutor who has submitted', 'tutor', submitted, 'already-submitted'],
    ['a tutor approved without a submission date (seeded, or before the column)', 'tutor', { onboardingSubmittedAt: null, approved: true }, 'already-submitted'],
    ['a student who has submitted (the token still says student)', 'student', submitted, 'already-submitted'],
    ['an admin', 'admin', undefined, 'admin'],
    ['an admin, whatever the profile', 'admin', submitted, 'admin'],
  ] as const)('%s: %s', (_name, role, profile, want) => {
    expect(canSubmitOnboarding({ role }, profile)).toBe(want);
  });
});
