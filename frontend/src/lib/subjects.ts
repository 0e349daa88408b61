/**
 * A tutor's subject rows (onboarding step 1 and the tutor profile's edit form): the row rule and the JSON
 * the API takes. Shared by both features, so it lives here.
 */
import { ONBOARDING_MESSAGES } from '@redpen/shared/onboarding-fields';

/** Field path → message (`aLevels.1`, `subjects.0`, `profilePicture`, …). */
export type StepErrors = Record<string, string>;

export interface SubjectEntry {
  name: string;
  levels: string[];
}

export const blank = (value: string | undefined | null) => !value || value.trim() === '';

/**
 * A list of rows with two parts each (an A-Level's subject and grade, a subject's name and levels): a row with
 * only one part is an error of its own (`<list>.<index>`); with no such row, at least one complete row is
 * needed (`<list>`). Empty rows are ignored, as the API ignores them.
 */
export function rowErrors<T>(list: 'aLevels' | 'subjects', rows: T[], parts: (row: T) => [boolean, boolean], half: string, none: string): StepErrors {
  const errors: StepErrors = {};
  let complete = 0;
  rows.forEach((row, index) => {
    const [first, second] = parts(row);
    if (first && second) complete += 1;
    else if (first || second) errors[`${list}.${index}`] = half;
  });
  if (complete === 0 && Object.keys(errors).length === 0) errors[list] = none;
  return errors;
}

/** Subjects (onboarding step 1 and the tutor profile): each with a name and at least one level. */
export function subjectErrors(subjects: SubjectEntry[]): StepErrors {
  return rowErrors('subjects', subjects, (s) => [!blank(s.name), s.levels.length > 0], ONBOARDING_MESSAGES.subjectHalf, ONBOARDING_MESSAGES.subjectsNone);
}

/** The complete subject rows as the API takes them (JSON text, names trimmed). */
export function subjectsJson(subjects: SubjectEntry[]): string {
  return JSON.stringify(subjects.filter((s) => !blank(s.name) && s.levels.length).map((s) => ({ name: s.name.trim(), levels: s.levels })));
}
