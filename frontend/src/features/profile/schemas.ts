/**
 * The profile pages' form rules, pure so they are unit-tested without rendering; the forms
 * take them as react-hook-form resolvers (`rulesResolver`).
 */
import { subjectErrors, type SubjectEntry } from '../../lib/subjects';

export interface TutorProfileValues {
  university: string;
  StudyLevel: string;
  yearsOfExperience: string;
  motivation: string;
  subjects: SubjectEntry[];
  picture: File[];
}

/** Years as a whole number (or left empty), and the subjects' rows: a half-filled row is pointed out, never dropped. */
export function tutorProfileRules(values: TutorProfileValues): Record<string, string | undefined> {
  const years = values.yearsOfExperience;
  return {
    yearsOfExperience: years === '' || (Number.isInteger(Number(years)) && Number(years) >= 0) ? undefined : 'Enter a whole number of years',
    ...subjectErrors(values.subjects),
  };
}

export interface TurnOffTwoFactorValues {
  password: string;
}

/** Turning two-factor sign-in off asks for the password first. */
export function turnOffTwoFactorRules({ password }: TurnOffTwoFactorValues): Partial<Record<keyof TurnOffTwoFactorValues, string>> {
  return password ? {} : { password: 'Please enter your password to turn off two-factor sign-in' };
}
