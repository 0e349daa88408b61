import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { serviceBusy, TRY_AGAIN_SHORTLY } from '../errors.js';

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

/**
 * New-password hashes (register, reset) allowed to wait for a slot. Beyond it the request is refused at once
 * with 503 + Retry-After instead of queueing argon2 work without bound (a flood would otherwise delay every
 * sign-in behind it). Verifications (sign-in) are not bounded here (rate limits bound them) and are served
 * first when a slot frees, so sign-in keeps answering while new-password hashing is saturated.
 */
export const MAX_WAITING_HASHES = 32;
export const HASH_QUEUE_RETRY_AFTER_SECONDS = 5;

let running = 0;
const waitingVerifications: (() => void)[] = [];
const waitingHashes: (() => void)[] = [];

/**
 * Runs `work` under the hashing limit: `hash` work may be refused when the queue is full, `verify` work waits
 * and is served first. Exported so tests can hold slots for exactly as long as they need.
 */
export async function withHashSlot<T>(kind: 'hash' | 'verify', work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) {
    if (kind === 'hash' && waitingHashes.length >= MAX_WAITING_HASHES) {
      throw serviceBusy(TRY_AGAIN_SHORTLY, HASH_QUEUE_RETRY_AFTER_SECONDS);
    }
    await new Promise<void>((resolve) => (kind === 'verify' ? waitingVerifications : waitingHashes).push(resolve));
  }
  running++;
  try {
    return await work();
  } finally {
    running--;
    (waitingVerifications.shift() ?? waitingHashes.shift())?.();
  }
}

/** Throws 503 (SERVICE_BUSY, Retry-After) when MAX_WAITING_HASHES hashes already wait. */
export function hashPassword(password: string): Promise<string> {
  return withHashSlot('hash', () => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await withHashSlot('verify', () => verify(passwordHash, password));
  } catch {
    return false;
  }
}
