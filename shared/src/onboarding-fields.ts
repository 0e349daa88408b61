// Tutor onboarding field rules both sides check: the browser before each step, the API on
// submit (the API's whole-submission check is modules/tutors/onboarding-submission.validator.ts). One wording
// per problem, so a tutor reads the same message whichever side caught it. The spec fixes only
// "Profile picture is required" and the right-to-work refusal; the rest is worded here (docs/decisions.md).
import { MOTIVATION_MAX, RIGHT_TO_WORK_REFUSAL, TUTOR_MAX_AGE, TUTOR_MIN_AGE } from '@redpen/shared/account-rules';

/** National Insurance number: two prefix letters (never D, F, I, Q, U or V), six digits, a suffix A–D. */
export const NI_NUMBER_PATTERN = /^[A-CEGHJ-PR-TW-Z]{2}\d{6}[A-D]$/;
/** Home Office share code, as entered without its spaces: nine letters or digits. */
export const SHARE_CODE_PATTERN = /^[A-Z0-9]{9}$/;
/** DBS certificate number: 6–20 letters or digits (the 12-digit number, or an older reference). */
export const DBS_CERTIFICATE_PATTERN = /^[A-Za-z0-9]{6,20}$/;

/** NI numbers and share codes are compared without spaces and in capitals ("ab 12 34 56 c" is AB123456C). */
export const normaliseReference = (value: string): string => value.toUpperCase().replace(/\s+/g, '');

/** A tutor's age must be within 16–100. */
export const isTutorAge = (age: number): boolean => age >= TUTOR_MIN_AGE && age <= TUTOR_MAX_AGE;

export const ONBOARDING_MESSAGES = {
  // step 1
  profilePicture: 'Profile picture is required',
  university: 'University is required',
  course: 'Course is required',
  dateOfBirth: 'Date of birth is required',
  dateInvalid: 'Please enter a valid date',
  age: `You must be between ${TUTOR_MIN_AGE} and ${TUTOR_MAX_AGE} years old`,
  motivation: 'Motivation is required',
  motivationLength: `Motivation must be ${MOTIVATION_MAX} characters or fewer`,
  aLevelsCompletionDate: 'A-Level completion date is required',
  universityStartDate: 'University start date is required',
  expectedGraduationDate: 'Expected graduation date is required',
  graduationOrder: 'Expected graduation date must be after the university start date',
  aLevelsNone: 'Add at least one A-Level with a subject and a grade',
  aLevelHalf: 'Enter both a subject and a grade, or remove this A-Level',
  subjectsNone: 'Add at least one subject with its levels',
  subjectHalf: 'Enter a subject name and choose at least one level, or remove this subject',
  // step 2: right to work
  hasRight: 'Please tell us whether you have the right to work in the UK',
  noRight: RIGHT_TO_WORK_REFUSAL,
  nationality: 'Please select your nationality',
  documentType: 'Please select a document type',
  documentNotAccepted: 'This document is not accepted for the selected nationality',
  documentFile: 'Please upload your right-to-work document',
  niNumber: 'National Insurance number is required',
  niNumberInvalid: 'Please enter a valid National Insurance number, like AB 12 34 56 C',
  shareCode: 'Share code is required',
  shareCodeInvalid: 'Please enter a valid share code: 9 letters or digits',
  rightToWorkDateOfBirth: 'Date of birth is required',
  // step 2: DBS
  hasDBS: 'Please select your DBS status',
  fullNameDBS: 'Full name is required',
  certificateNumber: 'Certificate number is required',
  certificateNumberInvalid: 'Please enter a valid certificate number: 6 to 20 letters or digits',
  certificateFile: 'Please upload your DBS certificate',
  dbsFullName: 'Full name is required',
  dbsPhone: 'Phone number is required',
  dbsEmail: 'Please enter a valid email address',
  dbsAgreement: 'You must accept the agreement to start a DBS application',
} as const;
