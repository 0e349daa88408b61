/**
 * Tutor onboarding (the documented payload, each step's rules and messages): the form
 * values, the per-step validation (pure, unit-tested) and the multipart body for /tutor/update-info.
 */

import {
  EMAIL_PATTERN,
  MOTIVATION_MAX,
  SUBJECT_LEVELS as ACADEMIC_LEVELS,
  type Nationality,
} from '@redpen/shared/account-rules';
import { ageOn, parseDate, ukIsoDate } from '@redpen/shared/dates';
import {
  DBS_CERTIFICATE_PATTERN,
  NI_NUMBER_PATTERN,
  ONBOARDING_MESSAGES as SHARED_MESSAGES,
  SHARE_CODE_PATTERN,
  isTutorAge,
  normaliseReference,
} from '@redpen/shared/onboarding-fields';

import type { FormRules } from '../../components/form/rules-resolver';
import { FILE_MESSAGES, validateFile } from '../../lib/files';
import { blank, rowErrors, subjectErrors, subjectsJson, type StepErrors, type SubjectEntry } from '../../lib/subjects';

export { ACADEMIC_LEVELS, MOTIVATION_MAX };
export type { Nationality };
// File and subject-row rules are shared with the tutor profile, so they live in lib/.
export { ALLOWED_EXTENSIONS, ALLOWED_FILE_TYPES, FILE_ACCEPT, IMAGE_ACCEPT, validateFile } from '../../lib/files';
export { subjectErrors, subjectsJson, type StepErrors, type SubjectEntry } from '../../lib/subjects';

/** The shared field messages (the API words its refusals the same), plus what only the form says. */
export const ONBOARDING_MESSAGES = {
  ...SHARED_MESSAGES,
  banner: 'Please fill in all required fields before proceeding',
  submissionFailed: 'Submission failed. Please try again.',
  appliedForDBS: 'Please choose whether to start a DBS application',
  fileType: FILE_MESSAGES.fileType,
  fileSize: FILE_MESSAGES.fileSize,
} as const;



export const NATIONALITY_OPTIONS: { value: Nationality; label: string }[] = [
  { value: 'BritishIrish', label: 'British or Irish' },
  { value: 'EuEeaSwiss', label: 'EU, EEA or Swiss' },
  { value: 'NonEuEea', label: 'Non-EU/EEA' },
];

/** Accepted documents per nationality. */
export const DOCUMENT_TYPES: Record<Nationality, { value: string; label: string }[]> = {
  BritishIrish: [
    { value: 'passport', label: 'British or Irish passport (expired allowed)' },
    { value: 'ukBirthCertificate', label: 'UK birth certificate' },
    { value: 'ukAdoptionCertificate', label: 'UK adoption certificate' },
  ],
  EuEeaSwiss: [{ value: 'passport', label: 'EU/EEA/Swiss passport (in date)' }],
  NonEuEea: [
    { value: 'biometricResidencePermit', label: 'Residence permit' },
    { value: 'validVisa', label: 'Valid visa' },
  ],
};

export interface ALevelEntry {
  subject: string;
  grade: string;
}

export interface OnboardingValues {
  // Step 1 — Basic Info
  university: string;
  course: string;
  dateOfBirth: string;
  motivation: string;
  aLevelsCompletionDate: string;
  universityStartDate: string;
  expectedGraduationDate: string;
  aLevels: ALevelEntry[];
  subjects: SubjectEntry[];
  // Step 2 — Verification
  hasRight: '' | 'yes' | 'no';
  nationality: '' | Nationality;
  documentType: string;
  niNumber: string;
  shareCode: string;
  rightToWorkDateOfBirth: string;
  hasDBS: '' | 'true' | 'false';
  /** When there is no DBS: 'true' starts an application, 'false' continues without. */
  appliedForDBS: '' | 'true' | 'false';
  fullNameDBS: string;
  certificateNumber: string;
  dbsFullName: string;
  dbsPhone: string;
  dbsEmail: string;
  dbsAgreementAccepted: boolean;
}

export interface OnboardingFiles {
  profilePicture: File | null;
  universityDocuments: File[];
  aLevelsCertificate: File | null;
  gcseDocuments: File[];
  documentFile: File | null;
  certificateFile: File | null;
}

export const EMPTY_VALUES: OnboardingValues = {
  university: '',
  course: '',
  dateOfBirth: '',
  motivation: '',
  aLevelsCompletionDate: '',
  universityStartDate: '',
  expectedGraduationDate: '',
  aLevels: [{ subject: '', grade: '' }],
  subjects: [{ name: '', levels: [] }],
  hasRight: '',
  nationality: '',
  documentType: '',
  niNumber: '',
  shareCode: '',
  rightToWorkDateOfBirth: '',
  hasDBS: '',
  appliedForDBS: '',
  fullNameDBS: '',
  certificateNumber: '',
  dbsFullName: '',
  dbsPhone: '',
  dbsEmail: '',
  dbsAgreementAccepted: false,
};

export const EMPTY_FILES: OnboardingFiles = {
  profilePicture: null,
  universityDocuments: [],
  aLevelsCertificate: null,
  gcseDocuments: [],
  documentFile: null,
  certificateFile: null,
};

/** Step 1 — Basic Info. */
export function validateBasicInfo(values: OnboardingValues, files: OnboardingFiles, today: Date = new Date()): StepErrors {
  const errors: StepErrors = {};
  if (!files.profilePicture) errors.profilePicture = ONBOARDING_MESSAGES.profilePicture;
  else {
    const fileError = validateFile(files.profilePicture, { imagesOnly: true });
    if (fileError) errors.profilePicture = fileError;
  }
  if (blank(values.university)) errors.university = ONBOARDING_MESSAGES.university;
  if (blank(values.course)) errors.course = ONBOARDING_MESSAGES.course;
  if (blank(values.dateOfBirth)) errors.dateOfBirth = ONBOARDING_MESSAGES.dateOfBirth;
  else {
    const dateOfBirth = parseDate(values.dateOfBirth);
    if (!dateOfBirth) errors.dateOfBirth = ONBOARDING_MESSAGES.dateInvalid;
    else if (!isTutorAge(ageOn(dateOfBirth, ukIsoDate(today)))) errors.dateOfBirth = ONBOARDING_MESSAGES.age;
  }
  if (blank(values.motivation)) errors.motivation = ONBOARDING_MESSAGES.motivation;
  else if (values.motivation.trim().length > MOTIVATION_MAX) errors.motivation = ONBOARDING_MESSAGES.motivationLength;
  for (const field of ['aLevelsCompletionDate', 'universityStartDate', 'expectedGraduationDate'] as const) {
    if (blank(values[field])) errors[field] = ONBOARDING_MESSAGES[field];
    else if (!parseDate(values[field])) errors[field] = ONBOARDING_MESSAGES.dateInvalid;
  }
  const start = parseDate(values.universityStartDate);
  const graduation = parseDate(values.expectedGraduationDate);
  if (start && graduation && graduation <= start) errors.expectedGraduationDate = ONBOARDING_MESSAGES.graduationOrder;

  Object.assign(
    errors,
    rowErrors('aLevels', values.aLevels, (a) => [!blank(a.subject), !blank(a.grade)], ONBOARDING_MESSAGES.aLevelHalf, ONBOARDING_MESSAGES.aLevelsNone),
    subjectErrors(values.subjects),
  );

  for (const [field, list] of [
    ['universityDocuments', files.universityDocuments],
    ['gcseDocuments', files.gcseDocuments],
    ['aLevelsCertificate', files.aLevelsCertificate ? [files.aLevelsCertificate] : []],
  ] as const) {
    const problem = list.map((file) => validateFile(file)).find(Boolean);
    if (problem) errors[field] = problem;
  }
  return errors;
}

/** Step 2 — Verification: right to work by nationality, then DBS. */
export function validateVerification(values: OnboardingValues, files: OnboardingFiles): StepErrors {
  const errors: StepErrors = {};
  if (!values.hasRight) errors.hasRight = ONBOARDING_MESSAGES.hasRight;
  else if (values.hasRight === 'no') errors.hasRight = ONBOARDING_MESSAGES.noRight;
  else {
    const nationality = values.nationality;
    if (!nationality) errors.nationality = ONBOARDING_MESSAGES.nationality;
    else {
      const allowed = DOCUMENT_TYPES[nationality].map((option) => option.value);
      if (!values.documentType) errors.documentType = ONBOARDING_MESSAGES.documentType;
      else if (!allowed.includes(values.documentType)) errors.documentType = ONBOARDING_MESSAGES.documentNotAccepted;
      if (!files.documentFile) errors.documentFile = ONBOARDING_MESSAGES.documentFile;
      else {
        const fileError = validateFile(files.documentFile);
        if (fileError) errors.documentFile = fileError;
      }
      if (nationality === 'BritishIrish' && (values.documentType === 'ukBirthCertificate' || values.documentType === 'ukAdoptionCertificate')) {
        if (blank(values.niNumber)) errors.niNumber = ONBOARDING_MESSAGES.niNumber;
        else if (!NI_NUMBER_PATTERN.test(normaliseReference(values.niNumber))) errors.niNumber = ONBOARDING_MESSAGES.niNumberInvalid;
      }
      if (nationality === 'EuEeaSwiss') {
        if (blank(values.shareCode)) errors.shareCode = ONBOARDING_MESSAGES.shareCode;
        else if (!SHARE_CODE_PATTERN.test(normaliseReference(values.shareCode))) errors.shareCode = ONBOARDING_MESSAGES.shareCodeInvalid;
        if (blank(values.rightToWorkDateOfBirth)) errors.rightToWorkDateOfBirth = ONBOARDING_MESSAGES.rightToWorkDateOfBirth;
        else if (!parseDate(values.rightToWorkDateOfBirth)) errors.rightToWorkDateOfBirth = ONBOARDING_MESSAGES.dateInvalid;
      }
      // NonEuEea: share code and birth date are shown but not checked.
    }
  }

  if (!values.hasDBS) errors.hasDBS = ONBOARDING_MESSAGES.hasDBS;
  else if (values.hasDBS === 'true') {
    if (blank(values.fullNameDBS)) errors.fullNameDBS = ONBOARDING_MESSAGES.fullNameDBS;
    if (blank(values.certificateNumber)) errors.certificateNumber = ONBOARDING_MESSAGES.certificateNumber;
    else if (!DBS_CERTIFICATE_PATTERN.test(values.certificateNumber.trim())) errors.certificateNumber = ONBOARDING_MESSAGES.certificateNumberInvalid;
    if (!files.certificateFile) errors.certificateFile = ONBOARDING_MESSAGES.certificateFile;
    else {
      const fileError = validateFile(files.certificateFile);
      if (fileError) errors.certificateFile = fileError;
    }
  } else if (!values.appliedForDBS) errors.appliedForDBS = ONBOARDING_MESSAGES.appliedForDBS;
  else if (values.appliedForDBS === 'true') {
    if (blank(values.dbsFullName)) errors.dbsFullName = ONBOARDING_MESSAGES.dbsFullName;
    if (blank(values.dbsPhone)) errors.dbsPhone = ONBOARDING_MESSAGES.dbsPhone;
    if (!EMAIL_PATTERN.test(values.dbsEmail.trim())) errors.dbsEmail = ONBOARDING_MESSAGES.dbsEmail;
    if (!values.dbsAgreementAccepted) errors.dbsAgreementAccepted = ONBOARDING_MESSAGES.dbsAgreement;
  }
  return errors;
}

/** The form's values: the answers and the chosen files (react-hook-form keeps File objects as they are). */
export interface OnboardingFormValues extends OnboardingValues {
  files: OnboardingFiles;
}

export const EMPTY_FORM_VALUES: OnboardingFormValues = { ...EMPTY_VALUES, files: EMPTY_FILES };

/** 0: Basic Info, 1: Verification. */
export type OnboardingStep = 0 | 1;

/**
 * The form's rules for `rulesResolver`: the step being left is checked (its context), so Next checks Basic Info
 * and Submit checks Verification, each with the spec's messages.
 */
export const onboardingRules: FormRules<OnboardingFormValues, OnboardingStep> = (values, step) =>
  step === 0 ? validateBasicInfo(values, values.files) : validateVerification(values, values.files);

/** The API names some problems by their payload path; the form shows them on these fields. */
const FORM_FIELD_OF: Record<string, string> = {
  rightToWork: 'hasRight',
  passportURL: 'documentFile',
  UkBornOrAdoptedCertificate: 'documentFile',
  biometricResidencePermit: 'documentFile',
  validVisa: 'documentFile',
  'dbsApplicationDetails.fullName': 'dbsFullName',
  'dbsApplicationDetails.email': 'dbsEmail',
  'dbsApplicationDetails.phone': 'dbsPhone',
  'dbsApplicationDetails.agreementAccepted': 'dbsAgreementAccepted',
};

/** Fields of step 1 (a row's errors are `aLevels.1`, `subjects.0`: their first segment counts). */
const BASIC_INFO_FIELDS = new Set([
  'profilePicture', 'university', 'course', 'dateOfBirth', 'motivation', 'aLevelsCompletionDate', 'universityStartDate',
  'expectedGraduationDate', 'aLevels', 'subjects', 'universityDocuments', 'gcseDocuments', 'aLevelsCertificate',
]);

/**
 * The API's refusal of a submission as the form shows it: each problem on its field, and the step to show —
 * step 1 when any problem is there, since the tutor submits from step 2 and would not see it otherwise.
 */
export function errorsFromApi(problems: readonly { field: string; message: string }[]): { errors: StepErrors; step: OnboardingStep } {
  const errors: StepErrors = {};
  for (const { field, message } of problems) errors[FORM_FIELD_OF[field] ?? field] ??= message;
  const onBasicInfo = Object.keys(errors).some((field) => BASIC_INFO_FIELDS.has(field.split('.')[0]!));
  return { errors, step: onBasicInfo ? 0 : 1 };
}

/** The multipart body of POST /tutor/update-info (subjects, aLevels and DBS details as JSON text). */
export function buildOnboardingFormData(values: OnboardingValues, files: OnboardingFiles): FormData {
  const form = new FormData();
  const put = (name: string, value: string) => {
    if (value.trim() !== '') form.append(name, value.trim());
  };
  put('motivation', values.motivation);
  put('university', values.university);
  put('course', values.course);
  put('dateOfBirth', values.dateOfBirth);
  put('aLevelsCompletionDate', values.aLevelsCompletionDate);
  put('universityStartDate', values.universityStartDate);
  put('expectedGraduationDate', values.expectedGraduationDate);
  form.append('subjects', subjectsJson(values.subjects));
  form.append(
    'aLevels',
    JSON.stringify(
      values.aLevels.filter((a) => a.subject.trim() && a.grade.trim()).map((a) => ({ subject: a.subject.trim(), grade: a.grade.trim() })),
    ),
  );
  put('hasRight', values.hasRight);
  put('nationality', values.nationality);
  put('documentType', values.documentType);
  if (values.nationality === 'BritishIrish') put('niNumber', values.niNumber);
  if (values.nationality !== 'BritishIrish') {
    put('shareCode', values.shareCode);
    put('rightToWorkDateOfBirth', values.rightToWorkDateOfBirth);
  }
  put('hasDBS', values.hasDBS);
  if (values.hasDBS === 'true') {
    put('fullNameDBS', values.fullNameDBS);
    put('certificateNumber', values.certificateNumber);
  } else if (values.hasDBS === 'false') {
    form.append('appliedForDBS', values.appliedForDBS === 'true' ? 'true' : 'false');
    if (values.appliedForDBS === 'true') {
      form.append(
        'dbsApplicationDetails',
        JSON.stringify({ fullName: values.dbsFullName.trim(), phone: values.dbsPhone.trim(), email: values.dbsEmail.trim() }),
      );
    }
  }
  if (files.profilePicture) form.append('profilePicture', files.profilePicture);
  for (const file of files.universityDocuments) form.append('universityDocuments', file);
  if (files.aLevelsCertificate) form.append('aLevelsCertificate', files.aLevelsCertificate);
  for (const file of files.gcseDocuments) form.append('gcseDocuments', file);
  if (files.documentFile) form.append('documentFile', files.documentFile);
  if (values.hasDBS === 'true' && files.certificateFile) form.append('certificateFile', files.certificateFile);
  return form;
}
