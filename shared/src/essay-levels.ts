// Essay levels and subjects both sides use. Pure data:
// the upload form and the pool's filters list these, and the API checks against the same lists.

/** The levels a student picks on upload. The admin screens write "Master"; the API also accepts that spelling. */
export const ACADEMIC_LEVELS = ['GCSE', 'A-Level', 'Bachelor', 'Masters', 'PhD'] as const;
export type AcademicLevel = (typeof ACADEMIC_LEVELS)[number];

/** Subjects per level, so the pool's subject filter matches what students chose. */
export const ESSAY_SUBJECTS: Readonly<Record<AcademicLevel, readonly string[]>> = {
  GCSE: ['English Literature', 'Mathematics', 'Science', 'History'],
  'A-Level': ['English Literature', 'Mathematics', 'Physics', 'Chemistry', 'History'],
  Bachelor: ['Literature', 'Engineering', 'Business', 'Computer Science'],
  Masters: ['Advanced Engineering', 'Business Administration', 'Literature'],
  PhD: ['Research Topics', 'Thesis Review'],
};

/** A tutor's own degree level, set by the admin at approval. */
export const STUDY_LEVELS = ['Bachelors', 'Masters', 'PhD'] as const;
export type StudyLevel = (typeof STUDY_LEVELS)[number];

/** The essay levels a tutor of each StudyLevel may see and accept (the pool's ceiling). */
export const LEVELS_FOR_STUDY_LEVEL: Readonly<Record<StudyLevel, readonly AcademicLevel[]>> = {
  Bachelors: ['GCSE', 'A-Level', 'Bachelor'],
  Masters: ['GCSE', 'A-Level', 'Bachelor', 'Masters'],
  PhD: ['GCSE', 'A-Level', 'Bachelor', 'Masters', 'PhD'],
};

/** "Master" (part 2's spelling) and any letter case name the same level; undefined when it is none. */
export function academicLevelOf(value: string): AcademicLevel | undefined {
  const wanted = value.trim().toLowerCase();
  if (wanted === 'master') return 'Masters';
  return ACADEMIC_LEVELS.find((level) => level.toLowerCase() === wanted);
}

/** A tutor's StudyLevel as stored (free text from onboarding or the admin), read leniently; undefined = none. */
export function studyLevelOf(value: string | null | undefined): StudyLevel | undefined {
  const wanted = value?.trim().toLowerCase();
  if (!wanted) return undefined;
  if (wanted === 'bachelor' || wanted === 'bachelors') return 'Bachelors';
  if (wanted === 'master' || wanted === 'masters') return 'Masters';
  if (wanted === 'phd') return 'PhD';
  return undefined;
}

/** The level's own spelling of `subject` when the level lists it (any letter case), else undefined. */
export function subjectOf(level: AcademicLevel, subject: string): string | undefined {
  const wanted = subject.trim().toLowerCase();
  return ESSAY_SUBJECTS[level].find((s) => s.toLowerCase() === wanted);
}
