import { describe, expect, it } from '@jest/globals';
import { EMAIL_PATTERN } from '@redpen/shared/account-rules';

describe('EMAIL_PATTERN', () => {
  it.each(['jane@example.com', 'jane.doe+essays@mail.example.co.uk', "o'brien@example.ie", 'a_b-c@sub-domain.example.org'])('accepts %s', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(true);
  });

  it.each([
    'a<victim@x.com>',
    'victim@x.com,',
    'g:victim@x.com;',
    'Name <victim@x.com>',
    '"quoted"@example.com',
    'victim@x.com, other@y.com',
    'a@b@example.com',
    'jane@nowhere',
    'jane@-example.com',
    'jane..doe@example.com',
    '.jane@example.com',
    'jane@example..com',
    'jane@exa mple.com',
    'jane(comment)@example.com',
    'jane@[127.0.0.1]',
  ])('refuses %s', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(false);
  });
});
