import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's minimum cost (m = 19 MiB, t = 2, p = 1). @node-rs/argon2 hashes on libuv's thread
 * pool, so hashing never blocks the event loop.
 */
export const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
