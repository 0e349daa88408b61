/**
 * Validation rules and messages of the auth screens, kept pure so they are
 * unit-tested without rendering.
 */

import { EMAIL_PATTERN, PASSWORD_RULES, type PasswordRuleId } from '@redpen/shared/account-rules';

// The rules the API enforces too live in one shared module.
export { EMAIL_PATTERN, PASSWORD_MIN_LENGTH, RESEND_COOLDOWN_SECONDS, VERIFICATION_CODE_LENGTH } from '@redpen/shared/account-rules';
/** Reset password: redirect to /login after this delay. */
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
  chooseRole: 'Choose whether you are joining as a student or a tutor',
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
  unverified: 'Please verify your email before signing in.',
} as const;

export interface PasswordCheck {
  id: PasswordRuleId;
  label: string;
  message: string;
  test: (password: string) => boolean;
}

/** What the register page lists beside each shared rule. */
const PASSWORD_CHECK_LABELS: Record<PasswordRuleId, string> = {
  length: 'At least 8 characters',
  uppercase: 'An uppercase letter',
  lowercase: 'A lowercase letter',
  number: 'A number',
  special: 'A special character',
};

export const PASSWORD_CHECKS: readonly PasswordCheck[] = PASSWORD_RULES.map((rule) => ({ ...rule, label: PASSWORD_CHECK_LABELS[rule.id] }));

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

export interface ResetPasswordValues {
  password: string;
  confirm: string;
}

/** The reset form's rules: one problem at a time, shown above the fields. */
export function resetPasswordRules({ password, confirm }: ResetPasswordValues): Partial<Record<keyof ResetPasswordValues, string>> {
  if (!password || !confirm) return { password: AUTH_MESSAGES.fillAllFieldsDot };
  if (password !== confirm) return { confirm: AUTH_MESSAGES.passwordsDoNotMatch };
  return {};
}

/** The sign-in form's rule: both fields, one line above the form. */
export interface LoginValues {
  email: string;
  password: string;
}
export function loginRules({ email, password }: LoginValues): Partial<Record<keyof LoginValues, string>> {
  return !email.trim() || !password ? { email: AUTH_MESSAGES.fillAllFields } : {};
}

export interface ForgotPasswordValues {
  email: string;
}
export function forgotPasswordRules({ email }: ForgotPasswordValues): Partial<Record<keyof ForgotPasswordValues, string>> {
  const problem = validateEmail(email);
  return problem === true ? {} : { email: problem };
}

/** An emailed code (email verification, the two-factor step): asked for before anything is sent. */
export interface CodeValues {
  code: string;
}
export function codeRules({ code }: CodeValues): Partial<Record<keyof CodeValues, string>> {
  return code.trim() ? {} : { code: AUTH_MESSAGES.enterCode };
}

export interface RegisterValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
  /** Chosen explicitly: empty until the person picks, or a `?role=` link chose it for them. */
  role: 'tutor' | 'student' | '';
  agreeToTerms: boolean;
}

/** `/register?role=student|tutor`: the role the link came with; anything else chooses nothing. */
export interface RegisterSearch {
  role?: 'student' | 'tutor';
}
export function validateRegisterSearch(raw: Record<string, unknown>): RegisterSearch {
  return raw.role === 'student' || raw.role === 'tutor' ? { role: raw.role } : {};
}

const problemOf = (result: string | true) => (result === true ? undefined : result);

/** The registration form's rules: each field's message under the field. */
export function registerRules(values: RegisterValues): Partial<Record<keyof RegisterValues, string>> {
  return {
    firstName: problemOf(requiredText('First name')(values.firstName)),
    lastName: problemOf(requiredText('Last name')(values.lastName)),
    email: problemOf(validateEmail(values.email)),
    phone: problemOf(requiredText('Phone')(values.phone)),
    password: problemOf(validatePassword(values.password)),
    confirmPassword: !values.confirmPassword
      ? 'Confirm password is required'
      : values.confirmPassword === values.password
        ? undefined
        : AUTH_MESSAGES.passwordsDoNotMatch,
    role: values.role ? undefined : AUTH_MESSAGES.chooseRole,
    agreeToTerms: values.agreeToTerms ? undefined : AUTH_MESSAGES.agreeToTerms,
  };
}
