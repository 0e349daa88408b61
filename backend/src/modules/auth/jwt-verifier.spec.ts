import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import { JwtVerifier } from './jwt-verifier.js';

const SECRET = 'a-test-secret-of-at-least-32-bytes-0123456789';
const jwt = new JwtService({});
const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token made by hand: any header, any claims, signed with HMAC-SHA256 under `secret`. */
const forge = (header: unknown, claims: unknown, secret = SECRET) => {
  const unsigned = `${b64(header)}.${b64(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
};
/** As the API issues them (jsonwebtoken through @nestjs/jwt, HS256). */
const issue = (claims: Record<string, unknown>, expiresIn = 60, secret = SECRET) => jwt.signAsync(claims, { secret, algorithm: 'HS256', expiresIn });
const expOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp;

describe('JwtVerifier (jose)', () => {
  it('accepts what the API issues (jsonwebtoken, HS256) and returns its claims', async () => {
    const token = await jwt.signAsync({ userId: 'u-1', role: 'student' }, { secret: SECRET, algorithm: 'HS256', expiresIn: 60, jwtid: 's-1', subject: 'u-1' });
    await expect(new JwtVerifier(SECRET).verify(token, now())).resolves.toMatchObject({ valid: true, claims: { userId: 'u-1', role: 'student', jti: 's-1', sub: 'u-1' } });
  });

  it('answers expired from exp on, as jsonwebtoken does', async () => {
    const token = await issue({ userId: 'u-1' });
    const exp = expOf(token);
    expect((await new JwtVerifier(SECRET).verify(token, exp - 1)).valid).toBe(true);
    await expect(new JwtVerifier(SECRET).verify(token, exp)).resolves.toEqual({ valid: false, reason: 'expired' });
  });

  it('answers invalid, not expired, for an expired token that is not ours', async () => {
    const token = await issue({ userId: 'u-1' }, 60, 'some-other-secret-of-at-least-32-bytes');
    await expect(new JwtVerifier(SECRET).verify(token, expOf(token) + 10)).resolves.toEqual({ valid: false, reason: 'invalid' });
  });

  const { privateKey: rsaKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const { privateKey: ecKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const signedWith = (alg: string, key: Parameters<typeof sign>[2], hash = 'sha256') => {
    const unsigned = `${b64({ alg, typ: 'JWT' })}.${b64({ userId: 'u-1', exp: now() + 60 })}`;
    const options = alg.startsWith('ES') ? { key, dsaEncoding: 'ieee-p1363' as const } : key;
    return `${unsigned}.${sign(hash, Buffer.from(unsigned), options as Parameters<typeof sign>[2]).toString('base64url')}`;
  };

  it.each([
    ['another secret', () => forge({ alg: 'HS256', typ: 'JWT' }, { exp: now() + 60 }, 'some-other-secret')],
    ['alg none, unsigned', () => `${b64({ alg: 'none' })}.${b64({ exp: now() + 60 })}.`],
    ['alg none, signed with our key', () => forge({ alg: 'none' }, { exp: now() + 60 })],
    ['alg HS512 in the header (signed with HS256)', () => forge({ alg: 'HS512' }, { exp: now() + 60 })],
    ['alg HS512, truly signed with our secret', () => {
      const unsigned = `${b64({ alg: 'HS512', typ: 'JWT' })}.${b64({ exp: now() + 60 })}`;
      return `${unsigned}.${createHmac('sha512', SECRET).update(unsigned).digest('base64url')}`;
    }],
    ['alg RS256 in the header, HMAC-signed with our secret (algorithm confusion)', () => forge({ alg: 'RS256', typ: 'JWT' }, { exp: now() + 60 })],
    ['alg RS256, truly signed with an RSA key', () => signedWith('RS256', rsaKey)],
    ['alg ES256, truly signed with an EC key', () => signedWith('ES256', ecKey)],
    ['another typ', () => forge({ alg: 'HS256', typ: 'JOSE+JSON' }, { exp: now() + 60 })],
    ['a crit header it does not understand', () => forge({ alg: 'HS256', crit: ['x-custom'], 'x-custom': 1 }, { exp: now() + 60 })],
    ['no exp', () => forge({ alg: 'HS256' }, { userId: 'u-1' })],
    ['exp not a number', () => forge({ alg: 'HS256' }, { exp: String(now() + 60) })],
    ['not before in the future', () => forge({ alg: 'HS256' }, { exp: now() + 60, nbf: now() + 30 })],
    ['claims not an object', () => forge({ alg: 'HS256' }, [1, 2])],
    ['claims not JSON', () => {
      const unsigned = `${b64({ alg: 'HS256' })}.${Buffer.from('{not json').toString('base64url')}`;
      return `${unsigned}.${createHmac('sha256', SECRET).update(unsigned).digest('base64url')}`;
    }],
    ['two parts', () => forge({ alg: 'HS256' }, { exp: now() + 60 }).split('.').slice(0, 2).join('.')],
    ['four parts', () => `${forge({ alg: 'HS256' }, { exp: now() + 60 })}.x`],
    ['garbage', () => 'not-a-token'],
    ['three dots of garbage', () => 'a.b.c'],
    ['empty', () => ''],
  ])('refuses %s', async (_label, token) => {
    await expect(new JwtVerifier(SECRET).verify(token(), now())).resolves.toEqual({ valid: false, reason: 'invalid' });
  });

  it('refuses a token whose claims or signature were touched', async () => {
    const verifier = new JwtVerifier(SECRET);
    const token = await issue({ userId: 'u-1', role: 'student' });
    const [header, , signature] = token.split('.');
    const admin = `${header}.${b64({ userId: 'u-1', role: 'admin', exp: now() + 60 })}.${signature}`;
    expect((await verifier.verify(admin, now())).valid).toBe(false);
    expect((await verifier.verify(`${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`, now())).valid).toBe(false);
    expect((await verifier.verify(`${token}x`, now())).valid).toBe(false);
  });
});

describe('JwtVerifier: its memory of accepted tokens', () => {
  it('answers a token it accepted before as a fresh verification does, expiry included', async () => {
    const verifier = new JwtVerifier(SECRET);
    const token = await issue({ userId: 'u-1' });
    const exp = expOf(token);
    expect(await verifier.verify(token, exp - 10)).toEqual(await new JwtVerifier(SECRET).verify(token, exp - 10));
    expect(await verifier.verify(token, exp - 1)).toMatchObject({ valid: true, claims: { userId: 'u-1' } });
    // Remembered, and still expired by the clock.
    expect(await verifier.verify(token, exp)).toEqual({ valid: false, reason: 'expired' });
  });

  it('never lets a remembered token vouch for a touched one', async () => {
    const verifier = new JwtVerifier(SECRET);
    const token = await issue({ userId: 'u-1', role: 'student' });
    expect((await verifier.verify(token, now())).valid).toBe(true);
    const [header, , signature] = token.split('.');
    expect((await verifier.verify(`${header}.${b64({ userId: 'u-1', role: 'admin', exp: now() + 60 })}.${signature}`, now())).valid).toBe(false);
    expect((await verifier.verify(`${token}x`, now())).valid).toBe(false);
    expect((await verifier.verify(forge({ alg: 'HS256' }, { userId: 'u-1', exp: now() + 60 }, 'some-other-secret'), now())).valid).toBe(false);
  });

  it('does not remember a refusal: a token that was not yet valid (nbf) is accepted once it is', async () => {
    const verifier = new JwtVerifier(SECRET);
    const start = now();
    const token = forge({ alg: 'HS256' }, { exp: start + 60, nbf: start + 30 });
    expect((await verifier.verify(token, start)).valid).toBe(false);
    expect((await verifier.verify(token, start + 30)).valid).toBe(true);
  });

  it('keeps at most its capacity, forgetting the oldest (which then verifies afresh)', async () => {
    const verifier = new JwtVerifier(SECRET, 2);
    const tokens = await Promise.all([issue({ n: 1 }), issue({ n: 2 }), issue({ n: 3 })]);
    for (const token of tokens) expect((await verifier.verify(token, now())).valid).toBe(true);
    const accepted = (verifier as unknown as { accepted: Map<string, unknown> }).accepted;
    expect([...accepted.keys()]).toEqual([tokens[1], tokens[2]]);
    await expect(verifier.verify(tokens[0]!, now())).resolves.toMatchObject({ valid: true, claims: { n: 1 } });
  });
});
