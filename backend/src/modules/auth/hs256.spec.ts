import { createHmac, createSecretKey } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import { Hs256Verifier, verifyHs256 } from './hs256.js';

const SECRET = 'a-test-secret-of-at-least-32-bytes-0123456789';
const key = createSecretKey(Buffer.from(SECRET, 'utf8'));
const jwt = new JwtService({});
const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token made by hand: any header, any claims, signed with HS256 under `secret`. */
const forge = (header: unknown, claims: unknown, secret = SECRET) => {
  const unsigned = `${b64(header)}.${b64(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
};

describe('verifyHs256', () => {
  it('accepts what the API issues (jsonwebtoken, HS256) and returns its claims', async () => {
    const token = await jwt.signAsync({ userId: 'u-1', role: 'student' }, { secret: SECRET, algorithm: 'HS256', expiresIn: 60, jwtid: 's-1', subject: 'u-1' });
    const check = verifyHs256(token, key, now());
    expect(check).toMatchObject({ valid: true, claims: { userId: 'u-1', role: 'student', jti: 's-1', sub: 'u-1' } });
  });

  it('answers expired from exp on, as jsonwebtoken does', async () => {
    const token = await jwt.signAsync({ userId: 'u-1' }, { secret: SECRET, algorithm: 'HS256', expiresIn: 60 });
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
    expect(verifyHs256(token, key, exp - 1).valid).toBe(true);
    expect(verifyHs256(token, key, exp)).toEqual({ valid: false, reason: 'expired' });
  });

  it.each([
    ['another secret', () => forge({ alg: 'HS256', typ: 'JWT' }, { exp: now() + 60 }, 'some-other-secret')],
    ['alg none, unsigned', () => `${b64({ alg: 'none' })}.${b64({ exp: now() + 60 })}.`],
    ['alg none, signed with our key', () => forge({ alg: 'none' }, { exp: now() + 60 })],
    ['alg HS512 in the header', () => forge({ alg: 'HS512' }, { exp: now() + 60 })],
    ['another typ', () => forge({ alg: 'HS256', typ: 'JOSE+JSON' }, { exp: now() + 60 })],
    ['no exp', () => forge({ alg: 'HS256' }, { userId: 'u-1' })],
    ['exp not a number', () => forge({ alg: 'HS256' }, { exp: String(now() + 60) })],
    ['not before in the future', () => forge({ alg: 'HS256' }, { exp: now() + 60, nbf: now() + 30 })],
    ['claims not an object', () => forge({ alg: 'HS256' }, [1, 2])],
    ['two parts', () => forge({ alg: 'HS256' }, { exp: now() + 60 }).split('.').slice(0, 2).join('.')],
    ['four parts', () => `${forge({ alg: 'HS256' }, { exp: now() + 60 })}.x`],
    ['garbage', () => 'not-a-token'],
    ['empty', () => ''],
  ])('refuses %s', (_label, token) => {
    expect(verifyHs256(token(), key, now())).toEqual({ valid: false, reason: 'invalid' });
  });

  it('refuses a token whose claims or signature were touched', async () => {
    const token = await jwt.signAsync({ userId: 'u-1', role: 'student' }, { secret: SECRET, algorithm: 'HS256', expiresIn: 60 });
    const [header, , signature] = token.split('.');
    const admin = `${header}.${b64({ userId: 'u-1', role: 'admin', exp: now() + 60 })}.${signature}`;
    expect(verifyHs256(admin, key, now()).valid).toBe(false);
    // The same signature bytes written differently (padding, a trailing character) are not the signature.
    expect(verifyHs256(`${token}=`, key, now()).valid).toBe(false);
    expect(verifyHs256(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, key, now()).valid).toBe(false);
  });
});

describe('Hs256Verifier', () => {
  const issue = (claims: Record<string, unknown>, expiresIn = 60) => jwt.signAsync(claims, { secret: SECRET, algorithm: 'HS256', expiresIn });

  it('answers a token it accepted before as verifyHs256 does, expiry included', async () => {
    const verifier = new Hs256Verifier(key);
    const token = await issue({ userId: 'u-1' });
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
    expect(verifier.verify(token, exp - 10)).toEqual(verifyHs256(token, key, exp - 10));
    expect(verifier.verify(token, exp - 1)).toMatchObject({ valid: true, claims: { userId: 'u-1' } });
    // Remembered, and still expired by the clock.
    expect(verifier.verify(token, exp)).toEqual({ valid: false, reason: 'expired' });
  });

  it('never lets a remembered token vouch for a touched one', async () => {
    const verifier = new Hs256Verifier(key);
    const token = await issue({ userId: 'u-1', role: 'student' });
    expect(verifier.verify(token, now()).valid).toBe(true);
    const [header, , signature] = token.split('.');
    expect(verifier.verify(`${header}.${b64({ userId: 'u-1', role: 'admin', exp: now() + 60 })}.${signature}`, now()).valid).toBe(false);
    expect(verifier.verify(`${token}=`, now()).valid).toBe(false);
    expect(verifier.verify(forge({ alg: 'HS256' }, { userId: 'u-1', exp: now() + 60 }, 'some-other-secret'), now()).valid).toBe(false);
  });

  it('does not remember a refusal: a token that was not yet valid (nbf) is accepted once it is', () => {
    const verifier = new Hs256Verifier(key);
    const start = now();
    const token = forge({ alg: 'HS256' }, { exp: start + 60, nbf: start + 30 });
    expect(verifier.verify(token, start).valid).toBe(false);
    expect(verifier.verify(token, start + 30).valid).toBe(true);
  });

  it('keeps at most its capacity, forgetting the oldest (which then verifies afresh)', async () => {
    const verifier = new Hs256Verifier(key, 2);
    const tokens = await Promise.all([issue({ n: 1 }), issue({ n: 2 }), issue({ n: 3 })]);
    for (const token of tokens) expect(verifier.verify(token, now()).valid).toBe(true);
    const accepted = (verifier as unknown as { accepted: Map<string, unknown> }).accepted;
    expect([...accepted.keys()]).toEqual([tokens[1], tokens[2]]);
    expect(verifier.verify(tokens[0]!, now())).toMatchObject({ valid: true, claims: { n: 1 } });
  });
});
