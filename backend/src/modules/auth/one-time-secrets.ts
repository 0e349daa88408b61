import { createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { RESEND_COOLDOWN_SECONDS, VERIFICATION_CODE_LENGTH } from '@redpen/shared/account-rules';

export const CODE_LENGTH = VERIFICATION_CODE_LENGTH;
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
/** Wrong codes one account may try in a day (per purpose), whatever the number of fresh codes it asks for. */
export const CODE_DAILY_WRONG_MAX = 20;
export const CODE_DAILY_WINDOW_SECONDS = 24 * 3600;
export { RESEND_COOLDOWN_SECONDS };
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** A 6-digit code from the CSPRNG. */
export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

/**
 * A purpose-bound key derived from the server secret (HKDF-SHA256, label = purpose), so no stored value is
 * ever keyed with the JWT signing secret itself: codes use `deriveKey(secret, 'codes')`.
 */
export function deriveKey(secret: string, label: 'codes' | 'ops-sessions' | 'sign-in-links'): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), label, 32));
}

/**
 * Codes are stored as HMAC-SHA256 under the derived "codes" key (a 6-digit space is too small for a plain
 * hash to protect a leaked table); the attempt limits protect them online.
 */
export function hashCode(code: string, key: Buffer, userId: string): string {
  return createHmac('sha256', key).update(`${userId}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Reset tokens: 256 random bits in the link; only their SHA-256 is stored. */
export function newResetToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
