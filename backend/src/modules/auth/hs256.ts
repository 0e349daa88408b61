import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto';

export type TokenCheck = { valid: true; claims: Record<string, unknown> } | { valid: false; reason: 'invalid' | 'expired' };

const INVALID: TokenCheck = { valid: false, reason: 'invalid' };

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
  if (nowSeconds >= claims.exp) return { valid: false, reason: 'expired' };
  return { valid: true, claims };
}
