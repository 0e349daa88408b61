import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, codeRules, forgotPasswordRules, loginRules, registerRules, resetPasswordRules, type RegisterValues } from './schemas';

describe('resetPasswordRules', () => {
  it('asks for both fields first, then for them to match, else passes', () => {
    expect(resetPasswordRules({ password: '', confirm: 'x' })).toEqual({ password: AUTH_MESSAGES.fillAllFieldsDot });
    expect(resetPasswordRules({ password: 'Abcdefg1!', confirm: 'Abcdefg1?' })).toEqual({ confirm: AUTH_MESSAGES.passwordsDoNotMatch });
    expect(resetPasswordRules({ password: 'Abcdefg1!', confirm: 'Abcdefg1!' })).toEqual({});
  });
});

describe('loginRules', () => {
  it('asks for both fields in one line', () => {
    expect(loginRules({ email: ' ', password: 'x' })).toEqual({ email: AUTH_MESSAGES.fillAllFields });
    expect(loginRules({ email: 'a@b.co', password: '' })).toEqual({ email: AUTH_MESSAGES.fillAllFields });
    expect(loginRules({ email: 'a@b.co', password: 'x' })).toEqual({});
  });
});

describe('forgotPasswordRules and codeRules', () => {
  it('ask for a valid email and a code', () => {
    expect(forgotPasswordRules({ email: '' })).toEqual({ email: AUTH_MESSAGES.emailRequired });
    expect(forgotPasswordRules({ email: 'nope' })).toEqual({ email: AUTH_MESSAGES.invalidEmail });
    expect(forgotPasswordRules({ email: ' a@b.co ' })).toEqual({});
    expect(codeRules({ code: '  ' })).toEqual({ code: AUTH_MESSAGES.enterCode });
    expect(codeRules({ code: 'ABC123' })).toEqual({});
  });
});

describe('registerRules', () => {
  const valid: RegisterValues = {
    firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '0123', password: 'Abcdefg1!',
    confirmPassword: 'Abcdefg1!', role: 'tutor', agreeToTerms: true,
  };
  const problems = (values: RegisterValues) => Object.fromEntries(Object.entries(registerRules(values)).filter(([, m]) => m));
  it('passes a complete form', () => expect(problems(valid)).toEqual({}));
  it('words each field as the spec does', () => {
    expect(problems({ ...valid, firstName: ' ', lastName: '', phone: '', confirmPassword: '', agreeToTerms: false })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      phone: 'Phone is required',
      confirmPassword: 'Confirm password is required',
      agreeToTerms: AUTH_MESSAGES.agreeToTerms,
    });
    expect(problems({ ...valid, confirmPassword: 'Abcdefg1?' })).toEqual({ confirmPassword: AUTH_MESSAGES.passwordsDoNotMatch });
    expect(problems({ ...valid, password: '', confirmPassword: '' }).password).toBe('Password is required');
  });
});
