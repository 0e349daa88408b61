/**
 * Account and onboarding rules that the browser checks as you type and the API enforces: one definition for
 * both, so the two can never disagree. Pure TypeScript with no imports (both import it as
 * `@redpen/shared/account-rules`).
 */

/**
 * A plain `local@domain` address and nothing else (the spec's "text @ domain . suffix", tightened): the local
 * part is RFC 5322's dot-atom characters, the domain is dot-separated labels of letters, digits and inner
 * hyphens. No display names, quotes, comments, groups or lists: mailers read `a<victim@x.com>`,
 * `victim@x.com,` and `g:victim@x.com;` as deliveries to victim@x.com, so those must never be stored.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export const PASSWORD_MIN_LENGTH = 8;

export type PasswordRuleId = 'length' | 'uppercase' | 'lowercase' | 'number' | 'special';

/** The spec's password rules in the order a person fixes them, each with the spec's message. */
export const PASSWORD_RULES: readonly { id: PasswordRuleId; message: string; test: (password: string) => boolean }[] = [
  { id: 'length', message: 'Password must be at least 8 characters long', test: (p) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'uppercase', message: 'Must contain at least one uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'lowercase', message: 'Must contain at least one lowercase letter', test: (p) => /[a-z]/.test(p) },
  { id: 'number', message: 'Must contain at least one number', test: (p) => /[0-9]/.test(p) },
  // Whitespace is not a special character.
  { id: 'special', message: 'Must contain at least one special character', test: (p) => /[^A-Za-z0-9\s]/.test(p) },
];

/** Verification and 2FA codes. */
export const VERIFICATION_CODE_LENGTH = 6;
export const RESEND_COOLDOWN_SECONDS = 60;

/** Students are 16 or over (the marketplace's audience). */
export const STUDENT_MIN_AGE = 16;
/** Tutor onboarding. */
export const TUTOR_MIN_AGE = 16;
export const TUTOR_MAX_AGE = 100;
export const MOTIVATION_MAX = 250;
/** The levels a tutor teaches a subject at, and the levels of study a tutor may hold. */
export const SUBJECT_LEVELS = ['GCSE', 'A-Level', 'Bachelor', 'Masters', 'PhD'] as const;
export const STUDY_LEVELS = ['PhD', 'Masters', 'Bachelors'] as const;
/** Right-to-work eligibility by nationality. */
export const NATIONALITIES = ['BritishIrish', 'EuEeaSwiss', 'NonEuEea'] as const;
export type Nationality = (typeof NATIONALITIES)[number];
export const RIGHT_TO_WORK_REFUSAL = 'Only tutors with the right to work in the UK can be onboarded.';
/** Onboarding documents and profile pictures: PDF, JPEG or PNG up to 5 MB. */
export const ONBOARDING_FILE_MAX_BYTES = 5 * 1024 * 1024;
