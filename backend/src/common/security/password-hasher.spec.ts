import { describe, expect, it } from '@jest/globals';
import { HttpException } from '@nestjs/common';
import { hashPassword, MAX_CONCURRENT_HASHES, MAX_WAITING_HASHES, verifyPassword } from './password-hasher.js';

describe('password hasher', () => {
  it('hashes with argon2id at OWASP minimum cost and verifies', async () => {
    const hashed = await hashPassword('Correct-Horse-9!');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await expect(verifyPassword(hashed, 'Correct-Horse-9!')).resolves.toBe(true);
    await expect(verifyPassword(hashed, 'wrong')).resolves.toBe(false);
    await expect(verifyPassword('not-a-hash', 'x')).resolves.toBe(false);
  });

  it('queues hashes beyond the concurrency limit and still completes every one', async () => {
    expect(MAX_CONCURRENT_HASHES).toBeGreaterThanOrEqual(1);
    const hashes = await Promise.all(Array.from({ length: MAX_CONCURRENT_HASHES + 3 }, (_, i) => hashPassword(`pw-${i}`)));
    expect(new Set(hashes).size).toBe(hashes.length);
    await expect(verifyPassword(hashes.at(-1)!, `pw-${hashes.length - 1}`)).resolves.toBe(true);
  });

  it('refuses new-password hashes beyond the waiting bound with 503, and serves a verification first', async () => {
    const done: string[] = [];
    const fill = Array.from({ length: MAX_CONCURRENT_HASHES + MAX_WAITING_HASHES }, (_, i) => hashPassword(`fill-${i}`).then(() => done.push(`hash-${i}`)));
    const refused = await hashPassword('one-too-many').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpException);
    expect((refused as HttpException).getStatus()).toBe(503);
    expect((refused as HttpException).getResponse()).toMatchObject({ code: 'SERVICE_BUSY', retryAfterSeconds: expect.any(Number) });
    const hashed = await hashPassword('x').catch(() => undefined);
    expect(hashed).toBeUndefined();
    const verification = verifyPassword('not-a-hash', 'x').then(() => done.push('verify'));
    await Promise.all([...fill, verification]);
    // The verification overtook every hash that was still waiting.
    expect(done.indexOf('verify')).toBeLessThanOrEqual(MAX_CONCURRENT_HASHES);
  }, 60_000);
});
