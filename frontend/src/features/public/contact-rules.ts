/** The contact form's rules, pure so they are unit-tested without rendering. */
import { EMAIL_PATTERN } from '@redpen/shared/account-rules';

export type ContactValues = { name: string; email: string; subject: string; message: string };

const required = (value: string, message: string) => (value.trim() === '' ? message : undefined);

/** Each field's message under the field: all four are required, and the email must look like one. */
export function contactRules(values: ContactValues): Partial<Record<keyof ContactValues, string>> {
  const email = values.email.trim();
  return {
    name: required(values.name, 'Name is required'),
    email: email === '' ? 'Email is required' : EMAIL_PATTERN.test(email) ? undefined : 'Please enter a valid email address',
    subject: required(values.subject, 'Subject is required'),
    message: required(values.message, 'Message is required'),
  };
}
