import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto';

export type TokenCheck = { valid: true; claims: Record<string, unknown> } | { valid: false; reason: 'invalid' | 'expired' };

const INVALID: TokenCheck = { valid: false, reason: 'invalid' };
const EXPIRED: TokenCheck = { valid: false, reason: 'expired' };

function json(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Verifies a compact JWS signed with HS256 and returns its claims; the only algorithm the API issues or accepts.
 * The signature is checked first, as the exact base64url text the key produces (constant time), so nothing of an
 * unsigned or foreign token is parsed; then the header must say HS256 (`none` and every other algorithm are
 * refused however they are signed), `exp` must be present and in the future and `nbf`, when present, past.
 * jsonwebtoken did the same on every request through passport at about ten times the cost (docs/benchmarks.md).
 */
export function verifyHs256(token: string, key: KeyObject, nowSeconds: number): TokenCheck {
  const headerEnd = token.indexOf('.');
  const payloadEnd = token.indexOf('.', headerEnd + 1);
  if (headerEnd <= 0 || payloadEnd <= headerEnd + 1 || token.indexOf('.', payloadEnd + 1) !== -1) return INVALID;
  const expected = Buffer.from(createHmac('sha256', key).update(token.slice(0, payloadEnd)).digest('base64url'));
  const given = Buffer.from(token.slice(payloadEnd + 1));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return INVALID;

  const header = json(token.slice(0, headerEnd));
  const claims = json(token.slice(headerEnd + 1, payloadEnd));
  if (!isObject(header) || header.alg !== 'HS256' || (header.typ !== undefined && header.typ !== 'JWT')) return INVALID;
  if (!isObject(claims) || typeof claims.exp !== 'number') return INVALID;
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || nowSeconds < claims.nbf)) return INVALID;
  if (nowSeconds >= claims.exp) return EXPIRED;
  return { valid: true, claims };
}

/**
 * verifyHs256 with a memory of the tokens it has accepted. A signed-in client sends the same token on every
 * request, and the HMAC, the two base64url decodes and JSON parses were the largest part of an authenticated read
 * (docs/benchmarks.md). Only accepted tokens are kept, by their exact text (the same text verifies the same way
 * every time); `exp` is still compared with the clock on every call. The oldest entry goes once `capacity` is
 * reached. A revoked session is the session check's business, not this one's.
 */
export class Hs256Verifier {
  private readonly accepted = new Map<string, { valid: true; claims: Record<string, unknown> & { exp: number } }>();

  constructor(
    private readonly key: KeyObject,
    private readonly capacity = 10_000,
  ) {}

  verify(token: string, nowSeconds: number): TokenCheck {
    const known = this.accepted.get(token);
    if (known) return nowSeconds >= known.claims.exp ? EXPIRED : known;
    const check = verifyHs256(token, this.key, nowSeconds);
    if (check.valid) {
      if (this.accepted.size >= this.capacity) this.accepted.delete(this.accepted.keys().next().value!);
      this.accepted.set(token, check as { valid: true; claims: Record<string, unknown> & { exp: number } });
    }
    return check;
  }
}
