import { describe, expect, it } from '@jest/globals';
import { hashPassword, MAX_CONCURRENT_HASHES, verifyPassword } from './password-hasher.js';

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
});
