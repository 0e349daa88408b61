import { describe, expect, it } from '@jest/globals';
import { ageOn, parseDate, ukIsoDate } from '@redpen/shared/dates';
import { RIGHT_TO_WORK_REFUSAL, TUTOR_MAX_AGE as MAX_AGE, TUTOR_MIN_AGE as MIN_AGE } from '@redpen/shared/account-rules';
import { parseBool, validateOnboarding, validateSubjects } from './onboarding-submission.validator.js';

// Layer 1: the pure onboarding rules, no Nest, no database.
const NOW = new Date('2030-06-15T12:00:00Z');

const file = (field: string) => ({ field });

/** A complete, valid submission (British passport, existing DBS); each test changes one thing. */
function form(fields: Record<string, string | undefined> = {}, fileFields = ['profilePicture', 'documentFile', 'certificateFile']) {
  const base: Record<string, string> = {
    university: 'UCL',
    course: 'Mathematics',
    dateOfBirth: '2005-01-01',
    motivation: 'I like teaching.',
    aLevelsCompletionDate: '2023-07-01',
    universityStartDate: '2023-09-20',
    expectedGraduationDate: '2026-06-30',
    aLevels: JSON.stringify([{ subject: 'Maths', grade: 'A*' }]),
    subjects: JSON.stringify([{ name: 'Maths', levels: ['GCSE', 'A-Level'] }]),
    hasRight: 'yes',
    nationality: 'BritishIrish',
    documentType: 'passport',
    hasDBS: 'true',
    fullNameDBS: 'Jane Doe',
    certificateNumber: 'ABC123456',
  };
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) delete base[k];
    else base[k] = v;
  }
  return validateOnboarding({ fields: base, files: fileFields.map(file), now: NOW });
}

const messages = (result: ReturnType<typeof form>) => result.errors.map((e) => e.message);
const errorsFor = (result: ReturnType<typeof form>, field: string) => result.errors.filter((e) => e.field === field).map((e) => e.message);

/** The date of birth of someone who turns `age` exactly on NOW's day. */
const bornYearsAgo = (age: number) => `${NOW.getUTCFullYear() - age}-06-15`;
/** …and of someone who turns `age` tomorrow (so is still age − 1 today). */
const turnsTomorrow = (age: number) => `${NOW.getUTCFullYear() - age}-06-16`;

describe('validateOnboarding: baseline', () => {
  it('accepts the complete submission and normalises it', () => {
    const result = form();
    expect(result.errors).toEqual([]);
    expect(result.value).toMatchObject({
      eligibility: 'BritishIrish',
      documentKind: 'passport',
      documentType: 'passport',
      hasDbs: true,
      appliedForDbs: false,
      dbsDetails: { fullName: 'Jane Doe', certificateNumber: 'ABC123456' },
      dbsApplicationDetails: null,
      aLevels: [{ subject: 'Maths', grade: 'A*' }],
      subjects: [{ name: 'Maths', levels: ['GCSE', 'A-Level'] }],
    });
  });
});

describe('validateOnboarding: age', () => {
  it.each([MIN_AGE, MAX_AGE])('accepts age %i on the birthday itself', (age) => {
    const result = form({ dateOfBirth: bornYearsAgo(age) });
    expect(errorsFor(result, 'dateOfBirth')).toEqual([]);
    expect(result.value?.dateOfBirth).toBe(bornYearsAgo(age));
  });

  it('refuses 15 (the day before the 16th birthday) with the spec message', () => {
    const result = form({ dateOfBirth: turnsTomorrow(16) });
    expect(result.value).toBeUndefined();
    expect(errorsFor(result, 'dateOfBirth')).toEqual(['You must be between 16 and 100 years old']);
  });

  it('refuses 101 with the spec message, and accepts 100 the day before the 101st birthday', () => {
    expect(errorsFor(form({ dateOfBirth: bornYearsAgo(101) }), 'dateOfBirth')).toEqual(['You must be between 16 and 100 years old']);
    expect(errorsFor(form({ dateOfBirth: turnsTomorrow(101) }), 'dateOfBirth')).toEqual([]);
  });

  it('refuses a date that is not a calendar date', () => {
    expect(errorsFor(form({ dateOfBirth: '2005-02-30' }), 'dateOfBirth')).toEqual(['Please enter a valid date']);
  });

  it('ageOn counts whole years, birthday included', () => {
    const today = ukIsoDate(NOW);
    expect(ageOn('2014-06-15', today)).toBe(16);
    expect(ageOn('2014-06-16', today)).toBe(15);
    expect(ageOn('2014-07-01', today)).toBe(15);
  });
});

describe('validateOnboarding: dates', () => {
  it('needs the expected graduation after the university start', () => {
    expect(errorsFor(form({ expectedGraduationDate: '2023-09-20' }), 'expectedGraduationDate')).toEqual([
      'Expected graduation date must be after the university start date',
    ]);
    expect(errorsFor(form({ universityStartDate: '2023-13-01' }), 'universityStartDate')).toEqual(['Please enter a valid date']);
  });
});

describe('validateOnboarding: A-levels', () => {
  it.each([
    ['a subject without a grade', [{ subject: 'Maths', grade: '' }], 'aLevels.0'],
    ['a grade without a subject', [{ subject: '', grade: 'A' }], 'aLevels.0'],
    ['a good row followed by a half-filled one', [{ subject: 'Maths', grade: 'A' }, { subject: 'Physics' }], 'aLevels.1'],
  ])('refuses %s, on that row', (_label, rows, field) => {
    const result = form({ aLevels: JSON.stringify(rows) });
    expect(result.value).toBeUndefined();
    expect(result.errors).toEqual([{ field, message: 'Enter both a subject and a grade, or remove this A-Level' }]);
  });

  it('skips empty rows the form left behind but needs at least one real one', () => {
    expect(form({ aLevels: JSON.stringify([{ subject: 'Maths', grade: 'A' }, { subject: '', grade: '' }]) }).value?.aLevels).toEqual([{ subject: 'Maths', grade: 'A' }]);
    expect(errorsFor(form({ aLevels: JSON.stringify([{ subject: ' ', grade: '' }]) }), 'aLevels')).toEqual(['Add at least one A-Level with a subject and a grade']);
    expect(errorsFor(form({ aLevels: undefined }), 'aLevels')).toEqual(['Add at least one A-Level with a subject and a grade']);
  });
});

describe('validateOnboarding: right to work', () => {
  it.each(['no', 'false'])('refuses right to work "%s" with the spec message', (answer) => {
    const result = form({ hasRight: answer });
    expect(result.value).toBeUndefined();
    expect(errorsFor(result, 'rightToWork')).toEqual(['Only tutors with the right to work in the UK can be onboarded.']);
    expect(RIGHT_TO_WORK_REFUSAL).toBe('Only tutors with the right to work in the UK can be onboarded.');
  });

  it('refuses a "no" sent inside the rightToWork JSON object too', () => {
    const result = form({ hasRight: undefined, nationality: undefined, documentType: undefined, rightToWork: JSON.stringify({ hasRight: false }) });
    expect(errorsFor(result, 'rightToWork')).toEqual([RIGHT_TO_WORK_REFUSAL]);
  });

  it.each([['false', [RIGHT_TO_WORK_REFUSAL]], ['true', []], ['yes', []]] as const)(
    'reads a flat rightToWork "%s" as the answer',
    (answer, expected) => {
      expect(errorsFor(form({ hasRight: undefined, rightToWork: answer }), 'rightToWork')).toEqual(expected);
    },
  );

  it('asks for an answer when there is none', () => {
    expect(errorsFor(form({ hasRight: undefined }), 'rightToWork')).toEqual(['Please tell us whether you have the right to work in the UK']);
  });

  it('needs the right-to-work document file', () => {
    const result = form({}, ['profilePicture', 'certificateFile']);
    expect(errorsFor(result, 'documentFile')).toEqual(['Please upload your right-to-work document']);
  });

  describe('BritishIrish', () => {
    it.each(['ukBirthCertificate', 'ukAdoptionCertificate'])('%s needs an NI number', (documentType) => {
      const result = form({ documentType });
      expect(result.value).toBeUndefined();
      expect(errorsFor(result, 'niNumber')).toEqual(['National Insurance number is required']);
    });

    it('refuses a malformed NI number and accepts (and normalises) a valid one', () => {
      expect(errorsFor(form({ documentType: 'ukBirthCertificate', niNumber: 'QQ123456Z' }), 'niNumber')).toEqual(['Please enter a valid National Insurance number, like AB 12 34 56 C']);
      const ok = form({ documentType: 'ukBirthCertificate', niNumber: 'ab 12 34 56 c' });
      expect(ok.errors).toEqual([]);
      expect(ok.value).toMatchObject({ niNumber: 'AB123456C', documentKind: 'ukBornOrAdoptedCertificate' });
    });

    it('a passport needs no NI number', () => {
      expect(form({ documentType: 'passport' }).value?.niNumber).toBeUndefined();
    });

    it('refuses a document not accepted for the nationality', () => {
      expect(errorsFor(form({ documentType: 'validVisa' }), 'documentType')).toEqual(['This document is not accepted for the selected nationality']);
    });
  });

  describe('EuEeaSwiss', () => {
    const eu = (extra: Record<string, string | undefined> = {}) => form({ nationality: 'EuEeaSwiss', documentType: 'passport', ...extra });

    it('needs a share code and a date of birth', () => {
      const result = eu();
      expect(result.value).toBeUndefined();
      expect(errorsFor(result, 'shareCode')).toEqual(['Share code is required']);
      expect(errorsFor(result, 'rightToWorkDateOfBirth')).toEqual(['Date of birth is required']);
    });

    it('refuses a malformed share code or date of birth', () => {
      const result = eu({ shareCode: 'ABC', rightToWorkDateOfBirth: '2005-13-01' });
      expect(errorsFor(result, 'shareCode')).toEqual(['Please enter a valid share code: 9 letters or digits']);
      expect(errorsFor(result, 'rightToWorkDateOfBirth')).toEqual(['Please enter a valid date']);
    });

    it('accepts both when given', () => {
      const result = eu({ shareCode: 'a1b 2c3 d4e', rightToWorkDateOfBirth: '2005-01-01' });
      expect(result.errors).toEqual([]);
      expect(result.value).toMatchObject({ eligibility: 'EuEeaSwiss', shareCode: 'A1B2C3D4E', rightToWorkDateOfBirth: '2005-01-01' });
    });

    it('refuses a UK birth certificate', () => {
      expect(errorsFor(eu({ documentType: 'ukBirthCertificate', shareCode: 'A1B2C3D4E', rightToWorkDateOfBirth: '2005-01-01' }), 'documentType')).toEqual([
        'This document is not accepted for the selected nationality',
      ]);
    });
  });

  describe('NonEuEea', () => {
    it.each([
      ['residencePermit', 'biometricResidencePermit'],
      ['validVisa', 'validVisa'],
      ['visa', 'validVisa'],
    ])('accepts %s', (documentType, kind) => {
      const result = form({ nationality: 'NonEuEea', documentType });
      expect(result.errors).toEqual([]);
      expect(result.value?.documentKind).toBe(kind);
    });

    it.each(['passport', 'ukBirthCertificate'])('refuses %s: it needs a residence permit or a visa', (documentType) => {
      const result = form({ nationality: 'NonEuEea', documentType });
      expect(result.value).toBeUndefined();
      expect(errorsFor(result, 'documentType')).toEqual(['This document is not accepted for the selected nationality']);
    });

    it('needs a document type at all', () => {
      expect(errorsFor(form({ nationality: 'NonEuEea', documentType: undefined }), 'documentType')).toEqual(['Please select a document type']);
    });
  });

  it('refuses an unknown nationality', () => {
    expect(errorsFor(form({ nationality: 'Martian' }), 'nationality')).toEqual(['Please select a valid nationality']);
  });
});

describe('validateOnboarding: DBS', () => {
  it('an existing DBS needs a name, a certificate number and the certificate file', () => {
    const result = form({ fullNameDBS: undefined, certificateNumber: undefined }, ['profilePicture', 'documentFile']);
    expect(result.value).toBeUndefined();
    expect(errorsFor(result, 'fullNameDBS')).toEqual(['Full name is required']);
    expect(errorsFor(result, 'certificateNumber')).toEqual(['Certificate number is required']);
    expect(errorsFor(result, 'certificateFile')).toEqual(['Please upload your DBS certificate']);
  });

  it('refuses a malformed certificate number', () => {
    expect(errorsFor(form({ certificateNumber: 'AB-1' }), 'certificateNumber')).toEqual(['Please enter a valid certificate number: 6 to 20 letters or digits']);
  });

  it('asks for a DBS status when there is none', () => {
    expect(errorsFor(form({ hasDBS: undefined }), 'hasDBS')).toEqual(['Please select your DBS status']);
  });

  describe('applying for one', () => {
    const apply = (details: Record<string, unknown>, extra: Record<string, string> = {}) =>
      form({ hasDBS: 'false', fullNameDBS: undefined, certificateNumber: undefined, appliedForDBS: 'true', dbsApplicationDetails: JSON.stringify(details), ...extra }, ['profilePicture', 'documentFile']);

    it('needs a name, an email and a phone', () => {
      const result = apply({});
      expect(result.value).toBeUndefined();
      expect(result.errors).toEqual([
        { field: 'dbsApplicationDetails.fullName', message: 'Full name is required' },
        { field: 'dbsApplicationDetails.email', message: 'Please enter a valid email address' },
        { field: 'dbsApplicationDetails.phone', message: 'Phone number is required' },
      ]);
    });

    it('needs a valid email', () => {
      const result = apply({ fullName: 'Jane Doe', email: 'jane@nowhere', phone: '07700900123' });
      expect(messages(result)).toEqual(['Please enter a valid email address']);
    });

    it('accepts the spec payload { fullName, phone, email }: the agreement is confirmed in the form', () => {
      const result = apply({ fullName: 'Jane Doe', phone: '07700900123', email: 'jane@example.com' });
      expect(result.errors).toEqual([]);
      expect(result.value).toMatchObject({
        hasDbs: false,
        appliedForDbs: true,
        dbsDetails: null,
        dbsApplicationDetails: { fullName: 'Jane Doe', email: 'jane@example.com', phone: '07700900123' },
      });
    });

    it('reads phoneNumber inside the dbsCheck object', () => {
      const result = form(
        { hasDBS: undefined, fullNameDBS: undefined, certificateNumber: undefined, dbsCheck: JSON.stringify({ hasDBS: false, startApplication: true, applicationDetails: { fullName: 'Jane Doe', email: 'jane@example.com', phoneNumber: '07700900123' } }) },
        ['profilePicture', 'documentFile'],
      );
      expect(result.errors).toEqual([]);
      expect(result.value?.dbsApplicationDetails).toEqual({ fullName: 'Jane Doe', email: 'jane@example.com', phone: '07700900123' });
    });
  });

  it('no DBS and no application asks for nothing more', () => {
    const result = form({ hasDBS: 'no', fullNameDBS: undefined, certificateNumber: undefined }, ['profilePicture', 'documentFile']);
    expect(result.errors).toEqual([]);
    expect(result.value).toMatchObject({ hasDbs: false, appliedForDbs: false, dbsDetails: null, dbsApplicationDetails: null });
  });
});

describe('helpers', () => {
  it('parseBool reads the form spellings and nothing else', () => {
    expect(['true', 'Yes', ' 1 ', 'on', true].map(parseBool)).toEqual([true, true, true, true, true]);
    expect(['false', 'NO', '0', 'off', false].map(parseBool)).toEqual([false, false, false, false, false]);
    expect(['', 'maybe', undefined, 1].map(parseBool)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('parseDate keeps real calendar dates only', () => {
    expect(parseDate('2024-02-29')).toBe('2024-02-29');
    expect(parseDate('2024-02-29T10:00:00Z')).toBe('2024-02-29');
    expect(parseDate('2023-02-29')).toBeUndefined();
    expect(parseDate('29/02/2024')).toBeUndefined();
  });

  it('validateSubjects needs levels from the spec list', () => {
    const errors: { field: string; message: string }[] = [];
    expect(validateSubjects([{ name: 'Maths', levels: ['Primary'] }], errors)).toEqual([]);
    expect(errors).toEqual([{ field: 'subjects.0', message: 'Subject levels must be among GCSE, A-Level, Bachelor, Masters, PhD' }]);
  });

  it('validateSubjects reports each half-filled row on its own field, and an empty list on the list', () => {
    const errors: { field: string; message: string }[] = [];
    expect(validateSubjects([{ name: 'Maths', levels: ['GCSE'] }, { name: 'Physics', levels: [] }, { name: ' ', levels: ['PhD'] }], errors)).toEqual([]);
    expect(errors).toEqual([
      { field: 'subjects.1', message: 'Enter a subject name and choose at least one level, or remove this subject' },
      { field: 'subjects.2', message: 'Enter a subject name and choose at least one level, or remove this subject' },
    ]);
    const none: { field: string; message: string }[] = [];
    validateSubjects([], none);
    expect(none).toEqual([{ field: 'subjects', message: 'Add at least one subject with its levels' }]);
  });

  it('validateSubjects skips empty rows, as for A-Levels, but needs one real row', () => {
    const errors: { field: string; message: string }[] = [];
    expect(validateSubjects([{ name: 'Maths', levels: ['GCSE'] }, { name: ' ', levels: [] }], errors)).toEqual([{ name: 'Maths', levels: ['GCSE'] }]);
    expect(errors).toEqual([]);
    validateSubjects([{ name: '', levels: [] }], errors);
    expect(errors).toEqual([{ field: 'subjects', message: 'Add at least one subject with its levels' }]);
  });

  it('ukIsoDate is the date in the UK, summer time included', () => {
    expect(ukIsoDate(new Date('2026-06-14T23:30:00Z'))).toBe('2026-06-15'); // 00:30 BST
    expect(ukIsoDate(new Date('2026-01-14T23:30:00Z'))).toBe('2026-01-14'); // 23:30 GMT
  });
});

describe('validateOnboarding: documentType from the document field', () => {
  const withFile = (field: string, fields: Record<string, string | undefined> = {}) =>
    form({ documentType: undefined, ...fields }, ['profilePicture', field, 'certificateFile']);

  it.each([
    ['passportURL', 'BritishIrish', { niNumber: undefined }, 'passport', 'passport'],
    ['UkBornOrAdoptedCertificate', 'BritishIrish', { niNumber: 'AB123456C' }, 'ukBornOrAdoptedCertificate', 'ukBornOrAdoptedCertificate'],
    ['biometricResidencePermit', 'NonEuEea', {}, 'residencePermit', 'biometricResidencePermit'],
    ['validVisa', 'NonEuEea', {}, 'validVisa', 'validVisa'],
  ])('%s without documentType is read as its document (%s)', (field, nationality, extra, documentType, documentKind) => {
    const result = withFile(field, { nationality, ...extra });
    expect(result.errors).toEqual([]);
    expect(result.value).toMatchObject({ documentType, documentKind });
  });

  it('a birth or adoption certificate read from its field still needs the NI number', () => {
    expect(errorsFor(withFile('UkBornOrAdoptedCertificate'), 'niNumber')).toEqual(['National Insurance number is required']);
  });

  it('a document the nationality does not accept is refused as if it had been named', () => {
    expect(errorsFor(withFile('validVisa'), 'documentType')).toEqual(['This document is not accepted for the selected nationality']);
  });

  it('documentFile names no type, and a sent documentType wins over the field', () => {
    expect(errorsFor(withFile('documentFile'), 'documentType')).toEqual(['Please select a document type']);
    expect(form({ nationality: 'NonEuEea', documentType: 'validVisa' }, ['profilePicture', 'biometricResidencePermit', 'certificateFile']).value?.documentKind).toBe('validVisa');
  });

  it('fields of two different documents leave the choice to the tutor', () => {
    const result = form({ documentType: undefined }, ['profilePicture', 'passportURL', 'UkBornOrAdoptedCertificate', 'certificateFile']);
    expect(errorsFor(result, 'documentType')).toEqual(['Please select a document type']);
  });
});
