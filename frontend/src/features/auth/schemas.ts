/**
 * Validation rules and messages of the auth screens (spec part 1 §5, §8), kept pure so they are
 * unit-tested without rendering.
 */

/** The spec's basic email pattern: non-space text, @, domain, dot, suffix. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MIN_LENGTH = 8;
export const VERIFICATION_CODE_LENGTH = 6;
/** Resend cooldown for verification and 2FA codes (part 1 §9). */
export const RESEND_COOLDOWN_SECONDS = 60;
/** Reset password: redirect to /login after this delay (part 1 §9). */
export const RESET_REDIRECT_MS = 3000;

export const AUTH_MESSAGES = {
  fillAllFields: 'Please fill in all fields',
  fillAllFieldsDot: 'Please fill in all fields.',
  loginFailed: 'Login failed',
  bannedHelp: 'If you believe this is an error, please contact our support team.',
  authChanged: 'Authentication process has changed. Please contact support or try again later.',
  directTokenFailed: 'Failed to authenticate with provided token. Please log in manually.',
  registrationFailed: 'Registration failed',
  passwordsDoNotMatch: 'Passwords do not match',
  agreeToTerms: 'You must agree to the terms and conditions',
  invalidEmail: 'Please enter a valid email address',
  emailRequired: 'Email is required',
  emailMissing: 'Email address is missing. Please go back to the registration page.',
  enterCode: 'Please enter the verification code',
  verificationFailed: 'Verification failed',
  resendFailed: 'Failed to resend code.',
  emailVerified: 'Email verified successfully! Please login',
  resetEmailFailed: 'Failed to send reset email',
  resetFailed: 'Failed to reset password.',
  resetSucceeded: 'Your password has been reset. Redirecting to login...',
  unverified: 'Please verify your email before signing in.',
} as const;

export interface PasswordCheck {
  id: 'length' | 'uppercase' | 'lowercase' | 'number' | 'special';
  label: string;
  message: string;
  test: (password: string) => boolean;
}

export const PASSWORD_CHECKS: readonly PasswordCheck[] = [
  {
    id: 'length',
    label: 'At least 8 characters',
    message: 'Password must be at least 8 characters long',
    test: (p) => p.length >= PASSWORD_MIN_LENGTH,
  },
  {
    id: 'uppercase',
    label: 'An uppercase letter',
    message: 'Must contain at least one uppercase letter',
    test: (p) => /[A-Z]/.test(p),
  },
  {
    id: 'lowercase',
    label: 'A lowercase letter',
    message: 'Must contain at least one lowercase letter',
    test: (p) => /[a-z]/.test(p),
  },
  { id: 'number', label: 'A number', message: 'Must contain at least one number', test: (p) => /\d/.test(p) },
  {
    id: 'special',
    label: 'A special character',
    message: 'Must contain at least one special character',
    test: (p) => /[^A-Za-z0-9\s]/.test(p),
  },
];

export type StrengthLabel = 'Very Weak' | 'Weak' | 'Medium' | 'Strong';

export function passwordChecksMet(password: string): number {
  return PASSWORD_CHECKS.filter((check) => check.test(password)).length;
}

/** Very Weak (0), Weak (1-2), Medium (3-4), Strong (5) checks met. */
export function passwordStrength(password: string): { score: number; label: StrengthLabel } {
  const score = passwordChecksMet(password);
  const label: StrengthLabel = score === 0 ? 'Very Weak' : score <= 2 ? 'Weak' : score <= 4 ? 'Medium' : 'Strong';
  return { score, label };
}

/** The first unmet rule's message, or true (react-hook-form `validate`). */
export function validatePassword(password: string): string | true {
  if (!password) return 'Password is required';
  const failed = PASSWORD_CHECKS.find((check) => !check.test(password));
  return failed ? failed.message : true;
}

export function validateEmail(value: string): string | true {
  const email = value.trim();
  if (!email) return AUTH_MESSAGES.emailRequired;
  return EMAIL_PATTERN.test(email) || AUTH_MESSAGES.invalidEmail;
}

export const requiredText = (field: string) => (value: string) => value.trim() !== '' || `${field} is required`;

export function isBannedMessage(message: string | undefined | null): boolean {
  return !!message && /banned/i.test(message);
}

export function isUnverifiedMessage(message: string | undefined | null): boolean {
  return !!message && /verify your email/i.test(message);
}
