import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILES,
  EMPTY_VALUES,
  ONBOARDING_MESSAGES,
  buildOnboardingFormData,
  errorsFromApi,
  validateBasicInfo,
  validateFile,
  validateVerification,
  type OnboardingValues,
} from './schemas';
import { ageOn, ukIsoDate } from '@redpen/shared/dates';

const TODAY = new Date('2026-06-15T12:00:00Z');
const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
const pdf = new File(['%PDF-1.4'], 'doc.pdf', { type: 'application/pdf' });

const STEP1: OnboardingValues = {
  ...EMPTY_VALUES,
  university: 'UCL',
  course: 'History',
  dateOfBirth: '2000-01-01',
  motivation: 'I love teaching.',
  aLevelsCompletionDate: '2018-06-30',
  universityStartDate: '2018-09-20',
  expectedGraduationDate: '2021-06-30',
  aLevels: [{ subject: 'History', grade: 'A*' }],
  subjects: [{ name: 'History', levels: ['GCSE', 'A-Level'] }],
};

describe('onboarding step 1', () => {
  it('requires every field and the profile picture', () => {
    const errors = validateBasicInfo(EMPTY_VALUES, EMPTY_FILES, TODAY);
    expect(errors.profilePicture).toBe('Profile picture is required');
    for (const key of ['university', 'course', 'dateOfBirth', 'motivation', 'aLevelsCompletionDate', 'universityStartDate', 'expectedGraduationDate', 'aLevels', 'subjects']) {
      expect(errors[key], key).toBeTruthy();
    }
  });

  it('passes with a complete step', () => {
    expect(validateBasicInfo(STEP1, { ...EMPTY_FILES, profilePicture: png }, TODAY)).toEqual({});
  });

  it('needs an age from 16 to 100', () => {
    expect(ageOn('2010-06-16', ukIsoDate(TODAY))).toBe(15);
    expect(ageOn('2010-06-15', ukIsoDate(TODAY))).toBe(16);
    const files = { ...EMPTY_FILES, profilePicture: png };
    expect(validateBasicInfo({ ...STEP1, dateOfBirth: '2010-06-16' }, files, TODAY).dateOfBirth).toBe(ONBOARDING_MESSAGES.age);
    expect(validateBasicInfo({ ...STEP1, dateOfBirth: '2010-06-15' }, files, TODAY).dateOfBirth).toBeUndefined();
    expect(validateBasicInfo({ ...STEP1, dateOfBirth: '1925-06-14' }, files, TODAY).dateOfBirth).toBe(ONBOARDING_MESSAGES.age);
    expect(validateBasicInfo({ ...STEP1, dateOfBirth: '1926-06-15' }, files, TODAY).dateOfBirth).toBeUndefined();
  });

  it('needs real dates, and the graduation after the university start', () => {
    const files = { ...EMPTY_FILES, profilePicture: png };
    expect(validateBasicInfo({ ...STEP1, universityStartDate: '2018-02-30' }, files, TODAY).universityStartDate).toBe('Please enter a valid date');
    expect(validateBasicInfo({ ...STEP1, expectedGraduationDate: '2018-09-20' }, files, TODAY).expectedGraduationDate).toBe(
      'Expected graduation date must be after the university start date',
    );
  });

  it('rejects a half-filled A-level and a subject without levels', () => {
    const errors = validateBasicInfo(
      { ...STEP1, aLevels: [{ subject: 'History', grade: 'A' }, { subject: 'Maths', grade: '' }], subjects: [{ name: 'Maths', levels: [] }] },
      { ...EMPTY_FILES, profilePicture: png },
      TODAY,
    );
    expect(errors['aLevels.1']).toBe(ONBOARDING_MESSAGES.aLevelHalf);
    expect(errors['subjects.0']).toBe(ONBOARDING_MESSAGES.subjectHalf);
  });

  it('checks file type and size (PDF, JPEG, PNG, 5 MB)', () => {
    expect(validateFile(pdf)).toBeNull();
    expect(validateFile(new File(['x'], 'a.docx', { type: 'application/msword' }))).toBe('Allowed file types: PDF, JPEG, PNG');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    expect(validateFile(big)).toBe('File size must be less than 5 MB');
  });
});

describe('onboarding step 2', () => {
  const base = { ...STEP1, hasRight: 'yes' as const, nationality: 'BritishIrish' as const, documentType: 'passport', hasDBS: 'true' as const, fullNameDBS: 'Ada L', certificateNumber: '001234567890' };

  it('refuses No to right to work with the spec sentence', () => {
    expect(validateVerification({ ...base, hasRight: 'no' }, EMPTY_FILES).hasRight).toBe(
      'Only tutors with the right to work in the UK can be onboarded.',
    );
  });

  it('needs an NI number for a birth certificate, share code and birth date for EU', () => {
    const files = { ...EMPTY_FILES, documentFile: pdf, certificateFile: pdf };
    expect(validateVerification(base, files)).toEqual({});
    expect(validateVerification({ ...base, documentType: 'ukBirthCertificate' }, files).niNumber).toBeTruthy();
    const eu = validateVerification({ ...base, nationality: 'EuEeaSwiss' }, files);
    expect(eu.shareCode).toBeTruthy();
    expect(eu.rightToWorkDateOfBirth).toBeTruthy();
    expect(validateVerification({ ...base, nationality: 'NonEuEea', documentType: 'validVisa' }, files)).toEqual({});
  });

  it('checks the shape of an NI number, a share code and a certificate number (spaces and case aside)', () => {
    const files = { ...EMPTY_FILES, documentFile: pdf, certificateFile: pdf };
    const birth = { ...base, documentType: 'ukBirthCertificate' };
    expect(validateVerification({ ...birth, niNumber: 'QQ123456Z' }, files).niNumber).toBe('Please enter a valid National Insurance number, like AB 12 34 56 C');
    expect(validateVerification({ ...birth, niNumber: 'ab 12 34 56 c' }, files)).toEqual({});
    const eu = { ...base, nationality: 'EuEeaSwiss' as const, rightToWorkDateOfBirth: '2000-01-01' };
    expect(validateVerification({ ...eu, shareCode: 'W123' }, files).shareCode).toBe('Please enter a valid share code: 9 letters or digits');
    expect(validateVerification({ ...eu, shareCode: 'w12 345 678' }, files)).toEqual({});
    expect(validateVerification({ ...base, certificateNumber: 'AB-1' }, files).certificateNumber).toBe(
      'Please enter a valid certificate number: 6 to 20 letters or digits',
    );
  });

  it('checks the DBS branches', () => {
    const files = { ...EMPTY_FILES, documentFile: pdf };
    expect(validateVerification(base, files).certificateFile).toBeTruthy();
    expect(validateVerification({ ...base, hasDBS: 'false' }, files).appliedForDBS).toBeTruthy();
    expect(validateVerification({ ...base, hasDBS: 'false', appliedForDBS: 'false' }, files)).toEqual({});
    const applying = validateVerification({ ...base, hasDBS: 'false', appliedForDBS: 'true', dbsEmail: 'x' }, files);
    expect(Object.keys(applying).sort()).toEqual(['dbsAgreementAccepted', 'dbsEmail', 'dbsFullName', 'dbsPhone']);
  });

  it('builds the multipart body with JSON text for lists', () => {
    const form = buildOnboardingFormData(
      { ...base, hasDBS: 'false', appliedForDBS: 'true', dbsFullName: 'Ada', dbsPhone: '1', dbsEmail: 'a@b.co', dbsAgreementAccepted: true },
      { ...EMPTY_FILES, profilePicture: png, documentFile: pdf, universityDocuments: [pdf, pdf] },
    );
    expect(JSON.parse(String(form.get('subjects')))).toEqual([{ name: 'History', levels: ['GCSE', 'A-Level'] }]);
    expect(JSON.parse(String(form.get('aLevels')))).toEqual([{ subject: 'History', grade: 'A*' }]);
    expect(JSON.parse(String(form.get('dbsApplicationDetails')))).toEqual({ fullName: 'Ada', phone: '1', email: 'a@b.co' });
    expect(form.get('hasDBS')).toBe('false');
    expect(form.getAll('universityDocuments')).toHaveLength(2);
    expect(form.get('certificateFile')).toBeNull();
  });
});

describe('errorsFromApi', () => {
  it('puts each problem on the field the form shows, and goes back to step 1 when one is there', () => {
    const refused = errorsFromApi([
      { field: 'rightToWork', message: 'a' },
      { field: 'dbsApplicationDetails.agreementAccepted', message: 'b' },
      { field: 'passportURL', message: 'c' },
    ]);
    expect(refused).toEqual({ errors: { hasRight: 'a', dbsAgreementAccepted: 'b', documentFile: 'c' }, step: 1 });
    expect(errorsFromApi([{ field: 'niNumber', message: 'x' }, { field: 'subjects.1', message: 'y' }])).toEqual({
      errors: { niNumber: 'x', 'subjects.1': 'y' },
      step: 0,
    });
  });
});
