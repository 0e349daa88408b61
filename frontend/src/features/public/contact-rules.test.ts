import { describe, expect, it } from 'vitest';
import { contactRules } from './contact-rules';

const problems = (values: Parameters<typeof contactRules>[0]) => Object.fromEntries(Object.entries(contactRules(values)).filter(([, message]) => message));

describe('contactRules', () => {
  it('asks for every field in the spec words', () => {
    expect(problems({ name: ' ', email: '', subject: '', message: '\n' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      subject: 'Subject is required',
      message: 'Message is required',
    });
  });
  it('asks for a valid email, and passes a complete message', () => {
    expect(problems({ name: 'Ada', email: 'not-an-email', subject: 'Hi', message: 'Hello' })).toEqual({ email: 'Please enter a valid email address' });
    expect(problems({ name: 'Ada', email: ' ada@example.com ', subject: 'Hi', message: 'Hello' })).toEqual({});
  });
});
