import { describe, expect, it } from 'vitest';
import { turnOffTwoFactorRules, tutorProfileRules, type TutorProfileValues } from './schemas';

const VALID: TutorProfileValues = { university: '', StudyLevel: '', yearsOfExperience: '', motivation: '', subjects: [{ name: 'History', levels: ['GCSE'] }], picture: [] };
const problems = (values: TutorProfileValues) => Object.fromEntries(Object.entries(tutorProfileRules(values)).filter(([, message]) => message));

describe('tutorProfileRules', () => {
  it('passes an empty years field and complete subjects', () => {
    expect(problems(VALID)).toEqual({});
    expect(problems({ ...VALID, yearsOfExperience: '3' })).toEqual({});
  });
  it('asks for whole years and points at a half-filled subject or an empty list', () => {
    expect(problems({ ...VALID, yearsOfExperience: '1.5' })).toEqual({ yearsOfExperience: 'Enter a whole number of years' });
    expect(problems({ ...VALID, yearsOfExperience: '-1' })).toEqual({ yearsOfExperience: 'Enter a whole number of years' });
    expect(problems({ ...VALID, subjects: [...VALID.subjects, { name: 'Politics', levels: [] }] })).toEqual({
      'subjects.1': 'Enter a subject name and choose at least one level, or remove this subject',
    });
    expect(problems({ ...VALID, subjects: [] })).toEqual({ subjects: 'Add at least one subject with its levels' });
  });
});

describe('turnOffTwoFactorRules', () => {
  it('asks for the password', () => {
    expect(turnOffTwoFactorRules({ password: '' })).toEqual({ password: 'Please enter your password to turn off two-factor sign-in' });
    expect(turnOffTwoFactorRules({ password: 'x' })).toEqual({});
  });
});
