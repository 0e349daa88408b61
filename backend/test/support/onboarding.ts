// A tutor application's form fields, for tests that onboard a tutor through POST /api/tutor/update-info.
import { ukIsoDate } from '@redpen/shared/dates';

/** Born `years` before `now` (UK date); on 29 February, born on the 28th, so the age is still exactly `years`. */
export function isoYearsAgo(years: number, now: Date = new Date()): string {
  const [y, m, d] = ukIsoDate(now).split('-');
  return `${Number(y) - years}-${m}-${m === '02' && d === '29' ? '28' : d}`;
}

/** A complete application's text fields for a tutor aged 22 at `now`, without DBS; the right to work is the caller's. */
export function applicationFields(now: Date = new Date()): Record<string, string> {
  return {
    motivation: 'I love helping students write better essays.',
    university: 'University College London',
    course: 'History',
    dateOfBirth: isoYearsAgo(22, now),
    aLevelsCompletionDate: '2021-07-01',
    universityStartDate: '2021-09-20',
    expectedGraduationDate: '2024-06-30',
    aLevels: JSON.stringify([{ subject: 'History', grade: 'A*' }]),
    subjects: JSON.stringify([{ name: 'History', levels: ['GCSE', 'A-Level'] }]),
    hasDBS: 'false',
  };
}

/** The fields plus the legacy right-to-work shape: an EU/EEA/Swiss passport with a share code (send passportURL). */
export function legacyApplicationFields(now: Date = new Date()): Record<string, string> {
  const fields = applicationFields(now);
  return { ...fields, rightToWork: JSON.stringify({ hasRight: true, nationality: 'EuEeaSwiss', documentType: 'passport', shareCode: 'W12345678', dateOfBirth: fields.dateOfBirth }) };
}
