import { registerDecorator, type ValidationOptions } from 'class-validator';
import { PASSWORD_RULES } from '@redpen/shared/account-rules';
import { COMMON_PASSWORDS_TEXT } from './common-passwords/common-passwords.js';

export const PASSWORD_MAX_LENGTH = 128;
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another.';

const COMMON = new Set(COMMON_PASSWORDS_TEXT.split('\n').filter(Boolean));

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

/** The first broken rule's message, or null when the password is acceptable. */
export function passwordProblem(password: string): string | null {
  for (const rule of PASSWORD_RULES) if (!rule.test(password)) return rule.message;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`;
  if (isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  return null;
}

/** class-validator decorator applying `passwordProblem` with its exact message. */
export function IsStrongPassword(options?: ValidationOptions) {
  return (target: object, propertyName: string) => {
    let last: string | null = null;
    registerDecorator({
      name: 'isStrongPassword',
      target: target.constructor,
      propertyName,
      options,
      validator: {
        validate(value: unknown) {
          last = typeof value === 'string' ? passwordProblem(value) : 'Password is required';
          return last === null;
        },
        defaultMessage: (args) => (typeof args?.value === 'string' ? passwordProblem(args.value) : null) ?? last ?? 'Invalid password',
      },
    });
  };
}
