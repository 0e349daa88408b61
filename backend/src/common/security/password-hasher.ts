import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's minimum cost (m = 19 MiB, t = 2, p = 1). @node-rs/argon2 hashes on libuv's thread
 * pool, off the event loop.
 */
export const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most (cores − 1) hashes run at once. With more, hashing threads outnumber the cores and the OS
 * preempts the event-loop thread: measured on 2 cores, 4 concurrent hashes let the loop stall 70 ms
 * (docs/benchmarks.md). Waiting callers queue here instead, in order.
 */
export const MAX_CONCURRENT_HASHES = Math.max(1, availableParallelism() - 1);

let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await limited(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}
