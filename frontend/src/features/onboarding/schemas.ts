/**
 * Tutor onboarding (spec part 1 §3 payload, §5 step 1 and step 2 rules, §8 messages): the form
 * values, the per-step validation (pure, unit-tested) and the multipart body for /tutor/update-info.
 */

import {
  EMAIL_PATTERN,
  MOTIVATION_MAX,
  ONBOARDING_FILE_MAX_BYTES as MAX_FILE_BYTES,
  RIGHT_TO_WORK_REFUSAL,
  SUBJECT_LEVELS as ACADEMIC_LEVELS,
  TUTOR_MAX_AGE as MAX_AGE,
  TUTOR_MIN_AGE as MIN_AGE,
  type Nationality,
} from '@shared/account-rules';

export { ACADEMIC_LEVELS, MAX_AGE, MAX_FILE_BYTES, MIN_AGE, MOTIVATION_MAX };
export type { Nationality };
export const ALLOWED_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const ALLOWED_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png'] as const;
export const FILE_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

export const ONBOARDING_MESSAGES = {
  banner: 'Please fill in all required fields before proceeding',
  submissionFailed: 'Submission failed. Please try again.',
  profilePicture: 'Profile picture is required',
  university: 'University is required',
  course: 'Course is required',
  dateOfBirth: 'Date of birth is required',
  age: `You must be between ${MIN_AGE} and ${MAX_AGE} years old`,
  motivation: 'Motivation is required',
  motivationLength: `Motivation must be ${MOTIVATION_MAX} characters or fewer`,
  aLevelsCompletionDate: 'A-Level completion date is required',
  universityStartDate: 'University start date is required',
  expectedGraduationDate: 'Expected graduation date is required',
  aLevelsNone: 'Add at least one A-Level with a subject and a grade',
  aLevelHalf: 'Enter both a subject and a grade, or remove this A-Level',
  subjectsNone: 'Add at least one subject with its levels',
  subjectHalf: 'Enter a subject name and choose at least one level, or remove this subject',
  hasRight: 'Please tell us whether you have the right to work in the UK',
  noRight: RIGHT_TO_WORK_REFUSAL,
  nationality: 'Please select your nationality',
  documentType: 'Please select a document type',
  documentFile: 'Please upload your document',
  niNumber: 'National Insurance number is required',
  shareCode: 'Share code is required',
  rightToWorkDateOfBirth: 'Date of birth is required',
  hasDBS: 'Please select your DBS status',
  appliedForDBS: 'Please choose whether to start a DBS application',
  fullNameDBS: 'Full name is required',
  certificateNumber: 'Certificate number is required',
  certificateFile: 'Please upload your DBS certificate',
  dbsFullName: 'Full name is required',
  dbsPhone: 'Phone number is required',
  dbsEmail: 'Please enter a valid email address',
  dbsAgreement: 'You must accept the agreement to continue',
  fileType: 'Allowed file types: PDF, JPEG, PNG',
  fileSize: 'File size must be less than 5 MB',
} as const;



export const NATIONALITY_OPTIONS: { value: Nationality; label: string }[] = [
  { value: 'BritishIrish', label: 'British or Irish' },
  { value: 'EuEeaSwiss', label: 'EU, EEA or Swiss' },
  { value: 'NonEuEea', label: 'Non-EU/EEA' },
];

/** Accepted documents per nationality (part 1 §5). */
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

export interface SubjectEntry {
  name: string;
  levels: string[];
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

/** Field path → message (`aLevels.1`, `subjects.0`, `profilePicture`, …). */
export type StepErrors = Record<string, string>;

const blank = (value: string | undefined | null) => !value || value.trim() === '';

/** Whole years between an ISO date (YYYY-MM-DD) and `today`; null when the date is invalid. */
export function ageOn(dateOfBirth: string, today: Date = new Date()): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (birth.getUTCFullYear() !== year || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) return null;
  let age = today.getFullYear() - year;
  const beforeBirthday = today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/** PDF, JPEG or PNG of at most 5 MB (checked again by content on the server). */
export function validateFile(file: File | null | undefined, { imagesOnly = false } = {}): string | null {
  if (!file) return null;
  const name = file.name.toLowerCase();
  const types: readonly string[] = imagesOnly ? ['image/jpeg', 'image/png'] : ALLOWED_FILE_TYPES;
  const extensions: readonly string[] = imagesOnly ? ['.jpg', '.jpeg', '.png'] : ALLOWED_EXTENSIONS;
  const typeOk = file.type ? types.includes(file.type) : extensions.some((ext) => name.endsWith(ext));
  if (!typeOk || !extensions.some((ext) => name.endsWith(ext))) {
    return imagesOnly ? 'Allowed file types: JPEG, PNG' : ONBOARDING_MESSAGES.fileType;
  }
  if (file.size > MAX_FILE_BYTES) return ONBOARDING_MESSAGES.fileSize;
  return null;
}

/**
 * Subjects (onboarding step 1 and the tutor profile): a row with only a name or only levels is an error of
 * its own (`subjects.<index>`); with no half-filled row, at least one complete one is needed (`subjects`).
 */
export function subjectErrors(subjects: SubjectEntry[]): StepErrors {
  const errors: StepErrors = {};
  let complete = 0;
  subjects.forEach((entry, index) => {
    const hasName = !blank(entry.name);
    const hasLevels = entry.levels.length > 0;
    if (hasName && hasLevels) complete += 1;
    else if (hasName || hasLevels) errors[`subjects.${index}`] = ONBOARDING_MESSAGES.subjectHalf;
  });
  if (complete === 0 && Object.keys(errors).length === 0) errors.subjects = ONBOARDING_MESSAGES.subjectsNone;
  return errors;
}

/** The complete subject rows as the API takes them (JSON text, names trimmed). */
export function subjectsJson(subjects: SubjectEntry[]): string {
  return JSON.stringify(subjects.filter((s) => !blank(s.name) && s.levels.length).map((s) => ({ name: s.name.trim(), levels: s.levels })));
}

/** Step 1 — Basic Info (part 1 §5). */
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
    const age = ageOn(values.dateOfBirth, today);
    if (age === null || age < MIN_AGE || age > MAX_AGE) errors.dateOfBirth = ONBOARDING_MESSAGES.age;
  }
  if (blank(values.motivation)) errors.motivation = ONBOARDING_MESSAGES.motivation;
  else if (values.motivation.trim().length > MOTIVATION_MAX) errors.motivation = ONBOARDING_MESSAGES.motivationLength;
  if (blank(values.aLevelsCompletionDate)) errors.aLevelsCompletionDate = ONBOARDING_MESSAGES.aLevelsCompletionDate;
  if (blank(values.universityStartDate)) errors.universityStartDate = ONBOARDING_MESSAGES.universityStartDate;
  if (blank(values.expectedGraduationDate)) errors.expectedGraduationDate = ONBOARDING_MESSAGES.expectedGraduationDate;

  let completeALevels = 0;
  values.aLevels.forEach((entry, index) => {
    const hasSubject = !blank(entry.subject);
    const hasGrade = !blank(entry.grade);
    if (hasSubject && hasGrade) completeALevels += 1;
    else if (hasSubject || hasGrade) errors[`aLevels.${index}`] = ONBOARDING_MESSAGES.aLevelHalf;
  });
  if (completeALevels === 0 && !Object.keys(errors).some((key) => key.startsWith('aLevels.'))) {
    errors.aLevels = ONBOARDING_MESSAGES.aLevelsNone;
  }

  Object.assign(errors, subjectErrors(values.subjects));

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

/** Step 2 — Verification: right to work by nationality, then DBS (part 1 §5). */
export function validateVerification(values: OnboardingValues, files: OnboardingFiles): StepErrors {
  const errors: StepErrors = {};
  if (!values.hasRight) errors.hasRight = ONBOARDING_MESSAGES.hasRight;
  else if (values.hasRight === 'no') errors.hasRight = ONBOARDING_MESSAGES.noRight;
  else {
    const nationality = values.nationality;
    if (!nationality) errors.nationality = ONBOARDING_MESSAGES.nationality;
    else {
      const allowed = DOCUMENT_TYPES[nationality].map((option) => option.value);
      if (!allowed.includes(values.documentType)) errors.documentType = ONBOARDING_MESSAGES.documentType;
      if (!files.documentFile) errors.documentFile = ONBOARDING_MESSAGES.documentFile;
      else {
        const fileError = validateFile(files.documentFile);
        if (fileError) errors.documentFile = fileError;
      }
      if (
        nationality === 'BritishIrish' &&
        (values.documentType === 'ukBirthCertificate' || values.documentType === 'ukAdoptionCertificate') &&
        blank(values.niNumber)
      ) {
        errors.niNumber = ONBOARDING_MESSAGES.niNumber;
      }
      if (nationality === 'EuEeaSwiss') {
        if (blank(values.shareCode)) errors.shareCode = ONBOARDING_MESSAGES.shareCode;
        if (blank(values.rightToWorkDateOfBirth)) errors.rightToWorkDateOfBirth = ONBOARDING_MESSAGES.rightToWorkDateOfBirth;
      }
      // NonEuEea: share code and birth date are shown but not checked (part 1 §5).
    }
  }

  if (!values.hasDBS) errors.hasDBS = ONBOARDING_MESSAGES.hasDBS;
  else if (values.hasDBS === 'true') {
    if (blank(values.fullNameDBS)) errors.fullNameDBS = ONBOARDING_MESSAGES.fullNameDBS;
    if (blank(values.certificateNumber)) errors.certificateNumber = ONBOARDING_MESSAGES.certificateNumber;
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

/** The multipart body of POST /tutor/update-info (part 1 §3; subjects, aLevels and DBS details as JSON text). */
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
      form.append('dbsAgreementAccepted', values.dbsAgreementAccepted ? 'true' : 'false');
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
