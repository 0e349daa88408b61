import { webcrypto } from 'node:crypto';
import { errors, jwtVerify } from 'jose';

export type TokenCheck = { valid: true; claims: Record<string, unknown> } | { valid: false; reason: 'invalid' | 'expired' };
type Accepted = { valid: true; claims: Record<string, unknown> & { exp: number } };

const INVALID: TokenCheck = { valid: false, reason: 'invalid' };
const EXPIRED: TokenCheck = { valid: false, reason: 'expired' };

/** The only algorithm the API issues or accepts. */
export const JWT_ALGORITHM = 'HS256' as const;

/**
 * Verifies the API's bearer tokens with jose (compact JWS, HS256 only) and remembers the tokens it has accepted.
 *
 * jose checks the signature first, under the algorithms listed (HS256 alone: `none`, HS384/HS512 and RS/ES headers
 * are refused however they are signed, and an HMAC key is never used for an asymmetric algorithm), then the
 * claims: `exp` required and in the future, `nbf`, when present, past. The header's `typ`, when present, must be
 * `JWT`. An expired token answers `expired`, anything else wrong `invalid`.
 *
 * A signed-in client sends the same token on every request: accepted tokens are kept by their exact text (the same
 * text verifies the same way every time) with their claims, and `exp` is still compared with the clock on every
 * call, so a repeat request costs a map lookup, not a verification. Refusals are not kept (a token not yet valid
 * becomes valid). The oldest entry goes once `capacity` is reached. A revoked session is the session check's
 * business, not this one's.
 */
export class JwtVerifier {
  private readonly accepted = new Map<string, Accepted>();
  /** The secret imported once as a WebCrypto HMAC key, not re-imported on every verification. */
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(
    secret: string,
    private readonly capacity = 10_000,
  ) {
    this.key = webcrypto.subtle.importKey('raw', Buffer.from(secret, 'utf8'), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  }

  async verify(token: string, nowSeconds: number): Promise<TokenCheck> {
    const known = this.accepted.get(token);
    if (known) return nowSeconds >= known.claims.exp ? EXPIRED : known;
    const check = await this.verifyWithLibrary(token, nowSeconds);
    if (check.valid) {
      if (this.accepted.size >= this.capacity) this.accepted.delete(this.accepted.keys().next().value!);
      this.accepted.set(token, check as Accepted);
    }
    return check;
  }

  private async verifyWithLibrary(token: string, nowSeconds: number): Promise<TokenCheck> {
    try {
      const { payload, protectedHeader } = await jwtVerify(token, await this.key, {
        algorithms: [JWT_ALGORITHM],
        requiredClaims: ['exp'],
        currentDate: new Date(nowSeconds * 1000),
      });
      if (protectedHeader.typ !== undefined && protectedHeader.typ !== 'JWT') return INVALID;
      return { valid: true, claims: payload as Record<string, unknown> };
    } catch (error) {
      // Only jose's own refusals are answers; anything else (a bug, the key failing to import) is thrown.
      if (error instanceof errors.JWTExpired) return EXPIRED;
      if (error instanceof errors.JOSEError) return INVALID;
      throw error;
    }
  }
}
