import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, resetPasswordRules } from './schemas';

describe('resetPasswordRules', () => {
  it('asks for both fields first, then for them to match, else passes', () => {
    expect(resetPasswordRules({ password: '', confirm: 'x' })).toEqual({ password: AUTH_MESSAGES.fillAllFieldsDot });
    expect(resetPasswordRules({ password: 'Abcdefg1!', confirm: 'Abcdefg1?' })).toEqual({ confirm: AUTH_MESSAGES.passwordsDoNotMatch });
    expect(resetPasswordRules({ password: 'Abcdefg1!', confirm: 'Abcdefg1!' })).toEqual({});
  });
});
