import { describe, expect, it } from '@jest/globals';
import type { AppConfig } from '../../config/env.schema.js';
import { JobDataSeal } from './job-data-seal.js';

const seal = (secret = 'a-test-secret-of-at-least-32-characters') => new JobDataSeal({ auth: { jwtSecret: secret } } as AppConfig);

describe('JobDataSeal', () => {
  it('opens what it sealed, and the sealed text shows nothing of the value', () => {
    const value = { code: '482913', link: 'https://example.test/reset-password/s3cr3t-t0ken' };
    const sealed = seal().seal(value, 'mail.send|a@example.com');
    expect(sealed).not.toContain('482913');
    expect(sealed).not.toContain('s3cr3t-t0ken');
    expect(seal().open(sealed, 'mail.send|a@example.com')).toEqual(value);
  });

  it('seals the same value differently each time', () => {
    expect(seal().seal({ code: '1' }, 'c')).not.toBe(seal().seal({ code: '1' }, 'c'));
  });

  it('refuses another context, another key, and a tampered value', () => {
    const sealed = seal().seal({ code: '482913' }, 'mail.send|a@example.com');
    expect(() => seal().open(sealed, 'mail.send|b@example.com')).toThrow();
    expect(() => seal('another-secret-of-at-least-32-characters').open(sealed, 'mail.send|a@example.com')).toThrow();
    const [v, iv, ciphertext, tag] = sealed.split('.');
    const flipped = Buffer.from(ciphertext!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => seal().open([v, iv, flipped.toString('base64url'), tag].join('.'), 'mail.send|a@example.com')).toThrow();
  });
});
