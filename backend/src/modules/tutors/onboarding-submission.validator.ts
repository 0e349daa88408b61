import {
  EMAIL_PATTERN,
  NATIONALITIES,
  SUBJECT_LEVELS,
} from '@redpen/shared/account-rules';
import { ageOn, parseDate, ukIsoDate } from '@redpen/shared/dates';
import {
  DBS_CERTIFICATE_PATTERN,
  NI_NUMBER_PATTERN,
  ONBOARDING_MESSAGES as M,
  SHARE_CODE_PATTERN,
  isTutorAge,
  normaliseReference,
} from '@redpen/shared/onboarding-fields';
import type { FieldError } from '../../common/errors.js';

/** Document types per nationality, with the file field each one is stored under. */
export const DOCUMENT_TYPES_BY_NATIONALITY: Record<(typeof NATIONALITIES)[number], Record<string, DocumentKind>> = {
  BritishIrish: {
    passport: 'passport',
    ukBirthCertificate: 'ukBornOrAdoptedCertificate',
    ukAdoptionCertificate: 'ukBornOrAdoptedCertificate',
    // A UK birth or adoption certificate, when the client did not say which (the spec's one document field for both).
    ukBornOrAdoptedCertificate: 'ukBornOrAdoptedCertificate',
  },
  EuEeaSwiss: { passport: 'passport' },
  NonEuEea: { residencePermit: 'biometricResidencePermit', validVisa: 'validVisa' },
};
export type DocumentKind = 'passport' | 'ukBornOrAdoptedCertificate' | 'biometricResidencePermit' | 'validVisa';
/** Alternative spellings the form may send for a document type. */
const DOCUMENT_TYPE_ALIASES: Record<string, string> = {
  passport: 'passport', passporturl: 'passport', 'british/irish passport': 'passport', 'eu/eea/swiss passport': 'passport',
  ukbirthcertificate: 'ukBirthCertificate', birthcertificate: 'ukBirthCertificate', 'uk birth certificate': 'ukBirthCertificate', birth: 'ukBirthCertificate',
  ukadoptioncertificate: 'ukAdoptionCertificate', adoptioncertificate: 'ukAdoptionCertificate', 'uk adoption certificate': 'ukAdoptionCertificate', adoption: 'ukAdoptionCertificate',
  ukbornoradoptedcertificate: 'ukBornOrAdoptedCertificate',
  residencepermit: 'residencePermit', biometricresidencepermit: 'residencePermit', 'residence permit': 'residencePermit',
  validvisa: 'validVisa', visa: 'validVisa', 'valid visa': 'validVisa',
  // The spec's clients' short codes.
  'birth-cert': 'ukBirthCertificate', 'adoption-cert': 'ukAdoptionCertificate', brp: 'residencePermit',
};
/** File fields that may carry the right-to-work document. */
export const RIGHT_TO_WORK_FILE_FIELDS = ['documentFile', 'passportURL', 'UkBornOrAdoptedCertificate', 'biometricResidencePermit', 'validVisa'];
/** The document type a right-to-work file field names (the spec's document fields); `documentFile` names none. */
const DOCUMENT_TYPE_OF_FILE_FIELD: Readonly<Record<string, string>> = {
  passportURL: 'passport',
  UkBornOrAdoptedCertificate: 'ukBornOrAdoptedCertificate',
  biometricResidencePermit: 'residencePermit',
  validVisa: 'validVisa',
};

/**
 * A submission without `documentType` that sent its document under one of the spec's document fields: the type that
 * field names. Undefined when no such field came, or fields of different types did (then the type must be chosen).
 */
export function documentTypeFromFiles(files: readonly { field: string }[]): string | undefined {
  const named = new Set(files.map((f) => DOCUMENT_TYPE_OF_FILE_FIELD[f.field]).filter((type): type is string => type !== undefined));
  return named.size === 1 ? [...named][0] : undefined;
}

export interface OnboardingInput {
  /** The text fields, as the route's DTO let them through (trimmed; empty ones absent). */
  fields: Readonly<Record<string, string | undefined>>;
  /** The files received (only their field names matter here: types and sizes were checked on arrival). */
  files: readonly { field: string }[];
  now: Date;
}

export interface Subject {
  name: string;
  levels: string[];
}

export interface ValidOnboarding {
  motivation: string;
  subjects: Subject[];
  university: string;
  course: string;
  aLevels: { subject: string; grade: string }[];
  aLevelsCompletionDate: string;
  universityStartDate: string;
  expectedGraduationDate: string;
  dateOfBirth: string;
  eligibility: (typeof NATIONALITIES)[number];
  documentKind: DocumentKind;
  documentType: string;
  niNumber?: string;
  shareCode?: string;
  rightToWorkDateOfBirth?: string;
  hasDbs: boolean;
  appliedForDbs: boolean;
  dbsDetails: { fullName: string; certificateNumber: string } | null;
  dbsApplicationDetails: { fullName: string; email: string; phone: string } | null;
}


export function parseBool(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  if (['true', 'yes', '1', 'on'].includes(v)) return true;
  if (['false', 'no', '0', 'off'].includes(v)) return false;
  return undefined;
}

function tryJson(value: string | undefined): unknown {
  if (value === undefined || value.trim() === '') return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return Symbol.for('invalid-json');
  }
}

/**
 * Subjects: at least one { name, levels[] } with levels from the spec's five; empty rows are skipped, as
 * for A-Levels. A half-filled row is reported on its own field, `subjects.<index>` (an index into the list
 * received: the forms send complete rows only, having pointed out half-filled ones themselves).
 */
export function validateSubjects(raw: unknown, errors: FieldError[], field = 'subjects'): Subject[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    errors.push({ field, message: M.subjectsNone });
    return [];
  }
  const subjects: Subject[] = [];
  let problems = 0;
  raw.forEach((item, index) => {
    const name = typeof item?.name === 'string' ? item.name.trim() : '';
    const levels: unknown[] = Array.isArray(item?.levels) ? item.levels : [];
    if (!name && levels.length === 0) return; // an empty row the form left behind
    if (!name || levels.length === 0) {
      errors.push({ field: `${field}.${index}`, message: M.subjectHalf });
      problems++;
    } else if (!levels.every((l) => typeof l === 'string' && (SUBJECT_LEVELS as readonly string[]).includes(l))) {
      errors.push({ field: `${field}.${index}`, message: `Subject levels must be among ${SUBJECT_LEVELS.join(', ')}` });
      problems++;
    } else subjects.push({ name: name.slice(0, 100), levels: [...new Set(levels as string[])] });
  });
  if (!problems && subjects.length === 0) errors.push({ field, message: M.subjectsNone });
  return problems ? [] : subjects;
}

/**
 * Steps 1 and 2 of tutor onboarding on the server, with the spec's messages where it has
 * them. Returns every problem found (the first one is the headline) or the normalised submission.
 */
export function validateOnboarding({ fields, files, now }: OnboardingInput): { errors: FieldError[]; value?: ValidOnboarding } {
  const errors: FieldError[] = [];
  const text = (name: string) => (fields[name] ?? '').trim();
  const file = (...names: string[]) => files.find((f) => names.includes(f.field));
  const required = (name: keyof typeof M) => {
    const v = text(name);
    if (!v) errors.push({ field: name, message: M[name] });
    return v;
  };
  const today = ukIsoDate(now);

  // ---- step 1: basic info
  if (!file('profilePicture')) errors.push({ field: 'profilePicture', message: M.profilePicture });
  const university = required('university');
  const course = required('course');
  const dobRaw = required('dateOfBirth');
  let dateOfBirth = '';
  if (dobRaw) {
    dateOfBirth = parseDate(dobRaw) ?? '';
    if (!dateOfBirth) errors.push({ field: 'dateOfBirth', message: M.dateInvalid });
    else if (!isTutorAge(ageOn(dateOfBirth, today))) errors.push({ field: 'dateOfBirth', message: M.age });
  }
  const motivation = required('motivation'); // its length is the DTO's (TutorOnboardingFormDto)
  const dates: Record<string, string> = {};
  for (const name of ['aLevelsCompletionDate', 'universityStartDate', 'expectedGraduationDate'] as const) {
    const v = required(name);
    if (v) {
      const parsed = parseDate(v);
      if (!parsed) errors.push({ field: name, message: M.dateInvalid });
      dates[name] = parsed ?? '';
    }
  }
  if (dates.universityStartDate && dates.expectedGraduationDate && dates.expectedGraduationDate <= dates.universityStartDate) {
    errors.push({ field: 'expectedGraduationDate', message: M.graduationOrder });
  }

  const aLevelsRaw = tryJson(fields.aLevels);
  const aLevels: { subject: string; grade: string }[] = [];
  if (!Array.isArray(aLevelsRaw) || aLevelsRaw.length === 0) {
    errors.push({ field: 'aLevels', message: M.aLevelsNone });
  } else {
    let halfFilled = 0;
    aLevelsRaw.forEach((item, index) => {
      const subject = typeof item?.subject === 'string' ? item.subject.trim() : '';
      const grade = typeof item?.grade === 'string' ? item.grade.trim() : '';
      if (!subject && !grade) return; // an empty row the form left behind
      if (!subject || !grade) {
        errors.push({ field: `aLevels.${index}`, message: M.aLevelHalf });
        halfFilled++;
      } else aLevels.push({ subject: subject.slice(0, 100), grade: grade.slice(0, 10) });
    });
    if (aLevels.length === 0 && halfFilled === 0) errors.push({ field: 'aLevels', message: M.aLevelsNone });
  }
  const subjectsRaw = tryJson(fields.subjects);
  const subjects = validateSubjects(subjectsRaw, errors);

  // ---- step 2: right to work
  // The form may send the right-to-work answers flat, or as one JSON object under `rightToWork`.
  const rtwJson = tryJson(fields.rightToWork);
  const rtwIsObject = !!rtwJson && typeof rtwJson === 'object' && !Array.isArray(rtwJson);
  const rtw = (rtwIsObject ? rtwJson : {}) as Record<string, unknown>;
  const pick = (...names: string[]): string => {
    for (const n of names) {
      const v = rtw[n] ?? fields[n];
      if (typeof v === 'string' && v.trim()) return v.trim();
      if (typeof v === 'boolean') return String(v);
    }
    return '';
  };
  // A flat `rightToWork` ("yes", "true", "no", "false"…) is itself the answer whenever it is not the JSON object.
  const hasRightRaw = pick('hasRight', ...(rtwIsObject ? [] : ['rightToWork']));
  const hasRight = parseBool(hasRightRaw);
  let eligibility: ValidOnboarding['eligibility'] | undefined;
  let documentKind: DocumentKind | undefined;
  let documentType = '';
  let niNumber: string | undefined;
  let shareCode: string | undefined;
  let rightToWorkDateOfBirth: string | undefined;
  if (hasRight === undefined) {
    errors.push({ field: 'rightToWork', message: M.hasRight });
  } else if (!hasRight) {
    errors.push({ field: 'rightToWork', message: M.noRight });
  } else {
    // `eligibility` is the spec's name of the same answer (the tutor profile's key).
    const nationality = pick('nationality', 'eligibility');
    if (!nationality) errors.push({ field: 'nationality', message: M.nationality });
    else if (!(NATIONALITIES as readonly string[]).includes(nationality)) errors.push({ field: 'nationality', message: 'Please select a valid nationality' });
    else {
      eligibility = nationality as ValidOnboarding['eligibility'];
      // No documentType: the one the document's own field names (passportURL is a passport, and so on).
      const rawType = pick('documentType') || (documentTypeFromFiles(files) ?? '');
      const allowed = DOCUMENT_TYPES_BY_NATIONALITY[eligibility];
      documentType = DOCUMENT_TYPE_ALIASES[rawType.toLowerCase()] ?? rawType;
      if (!rawType) errors.push({ field: 'documentType', message: M.documentType });
      else if (!(documentType in allowed)) errors.push({ field: 'documentType', message: M.documentNotAccepted });
      else documentKind = allowed[documentType];
      if (!file(...RIGHT_TO_WORK_FILE_FIELDS)) errors.push({ field: 'documentFile', message: M.documentFile });
      if (eligibility === 'BritishIrish' && documentKind === 'ukBornOrAdoptedCertificate') {
        niNumber = normaliseReference(pick('niNumber', 'NINumber'));
        if (!niNumber) errors.push({ field: 'niNumber', message: M.niNumber });
        else if (!NI_NUMBER_PATTERN.test(niNumber)) errors.push({ field: 'niNumber', message: M.niNumberInvalid });
      }
      if (eligibility === 'EuEeaSwiss') {
        shareCode = normaliseReference(pick('shareCode'));
        if (!shareCode) errors.push({ field: 'shareCode', message: M.shareCode });
        else if (!SHARE_CODE_PATTERN.test(shareCode)) errors.push({ field: 'shareCode', message: M.shareCodeInvalid });
        // The date of birth checked with the share code (not step 1's field of the same name).
        const rtwDobFromForm = (typeof rtw.dateOfBirth === 'string' ? rtw.dateOfBirth : '') || pick('rightToWorkDateOfBirth', 'DOB');
        rightToWorkDateOfBirth = parseDate(rtwDobFromForm);
        if (!rtwDobFromForm) errors.push({ field: 'rightToWorkDateOfBirth', message: M.rightToWorkDateOfBirth });
        else if (!rightToWorkDateOfBirth) errors.push({ field: 'rightToWorkDateOfBirth', message: M.dateInvalid });
      }
      if (eligibility === 'NonEuEea') {
        // Displayed but not checked by the spec's form: kept when given.
        shareCode = pick('shareCode') || undefined;
        rightToWorkDateOfBirth = parseDate(pick('DOB', 'rightToWorkDateOfBirth')) || undefined;
      }
    }
  }

  // ---- step 2: DBS
  const dbsJson = tryJson(fields.dbsCheck);
  const dbs = (dbsJson && typeof dbsJson === 'object' ? dbsJson : {}) as Record<string, unknown>;
  const hasDbs = parseBool(dbs.hasDBS ?? fields.hasDBS);
  const appliedForDbs = parseBool(dbs.startApplication ?? fields.appliedForDBS) ?? false;
  let dbsDetails: ValidOnboarding['dbsDetails'] = null;
  let dbsApplicationDetails: ValidOnboarding['dbsApplicationDetails'] = null;
  if (hasDbs === undefined) {
    errors.push({ field: 'hasDBS', message: M.hasDBS });
  } else if (hasDbs) {
    const fullName = String(dbs.fullNameDBS ?? fields.fullNameDBS ?? '').trim();
    const certificateNumber = String(dbs.certificateNumber ?? fields.certificateNumber ?? '').trim();
    if (!fullName) errors.push({ field: 'fullNameDBS', message: M.fullNameDBS });
    if (!certificateNumber) errors.push({ field: 'certificateNumber', message: M.certificateNumber });
    else if (!DBS_CERTIFICATE_PATTERN.test(certificateNumber)) errors.push({ field: 'certificateNumber', message: M.certificateNumberInvalid });
    if (!file('certificateFile')) errors.push({ field: 'certificateFile', message: M.certificateFile });
    dbsDetails = { fullName: fullName.slice(0, 100), certificateNumber };
  } else if (appliedForDbs) {
    const appJson = tryJson(fields.dbsApplicationDetails);
    const app = {
      ...((dbs.applicationDetails && typeof dbs.applicationDetails === 'object' ? dbs.applicationDetails : {}) as Record<string, unknown>),
      ...((appJson && typeof appJson === 'object' ? appJson : {}) as Record<string, unknown>),
    };
    const fullName = String(app.fullName ?? '').trim();
    const email = String(app.email ?? '').trim();
    const phone = String(app.phone ?? app.phoneNumber ?? '').trim();
    // The agreement is confirmed in the form (the API is sent fullName, phone and email).
    if (!fullName) errors.push({ field: 'dbsApplicationDetails.fullName', message: M.dbsFullName });
    if (!EMAIL_PATTERN.test(email)) errors.push({ field: 'dbsApplicationDetails.email', message: M.dbsEmail });
    if (!phone) errors.push({ field: 'dbsApplicationDetails.phone', message: M.dbsPhone });
    dbsApplicationDetails = { fullName: fullName.slice(0, 100), email: email.slice(0, 254), phone: phone.slice(0, 30) };
  }

  if (errors.length) return { errors };
  return {
    errors,
    value: {
      motivation, subjects, university, course, aLevels, dateOfBirth,
      aLevelsCompletionDate: dates.aLevelsCompletionDate!, universityStartDate: dates.universityStartDate!, expectedGraduationDate: dates.expectedGraduationDate!,
      eligibility: eligibility!, documentKind: documentKind!, documentType, niNumber, shareCode, rightToWorkDateOfBirth,
      hasDbs: hasDbs!, appliedForDbs: !hasDbs && appliedForDbs, dbsDetails, dbsApplicationDetails,
    },
  };
}
