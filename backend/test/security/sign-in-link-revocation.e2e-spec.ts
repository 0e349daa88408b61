// Security regression: a sign-in link must not outlive a revocation. Every revocation of a user's sessions (sign out
// everywhere, password reset, a two-factor change, a ban) cancels the user's outstanding sign-in links, and an exchange
// (or a preview) checks that the session which asked for the link still signs its user in.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import request from 'supertest';
import { AuthTokens } from '../../src/modules/auth/auth-tokens.service.js';
import { SIGN_IN_LINK_REVOKED } from '../../src/modules/auth/sign-in-links.service.js';
import { UsersAdminService } from '../../src/modules/users/users-admin.service.js';
import { bearer, createAccount, resetLimits, TEST_PASSWORD, type TestAccount } from '../support/accounts.js';
import { bootApp } from '../support/app.js';
import { eventually } from '../support/eventually.js';
import { waitForMails } from '../support/mail-catcher.js';

describe('sign-in links end with the sessions of their user', () => {
  let app: NestFastifyApplication;
  let redis: Redis;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    ({ app } = await bootApp());
    redis = new Redis(process.env.REDIS_URL!);
  });
  beforeEach(() => resetLimits(redis));
  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
  });

  async function linkOf(account: TestAccount, token = account.token): Promise<string> {
    const created = await http().post('/api/auth/signInLink').set(bearer(token)).expect(201);
    return created.body.signInCode as string;
  }

  /** The exchange is refused as cancelled (410, SIGN_IN_LINK_REVOKED), and the link stays unusable afterwards. */
  async function expectCancelled(signInCode: string): Promise<void> {
    const preview = await http().post('/api/auth/signInLink/preview').send({ signInCode });
    expect(preview.status).toBe(410);
    expect(preview.body).toMatchObject({ code: 'SIGN_IN_LINK_REVOKED', message: SIGN_IN_LINK_REVOKED });
    const exchanged = await http().post('/api/auth/signInLink/exchange').send({ signInCode });
    expect(exchanged.status).toBe(410);
    expect(exchanged.body).toMatchObject({ code: 'SIGN_IN_LINK_REVOKED', message: SIGN_IN_LINK_REVOKED });
    expect(exchanged.body.token).toBeUndefined();
    expect((await http().post('/api/auth/signInLink/exchange').send({ signInCode })).status).not.toBe(200);
  }

  it('a link still works while nothing was revoked (the control)', async () => {
    const account = await createAccount(app);
    const signInCode = await linkOf(account);
    const exchanged = await http().post('/api/auth/signInLink/exchange').send({ signInCode }).expect(200);
    await http().get('/api/auth/me').set(bearer(exchanged.body.token)).expect(200);
  });

  it('sign out everywhere cancels the links asked for before it', async () => {
    const account = await createAccount(app);
    const signInCode = await linkOf(account);
    await http().post('/api/auth/logoutEverywhere').set(bearer(account.token)).expect(204);
    await expectCancelled(signInCode);
  });

  it('a password reset cancels the links asked for before it', async () => {
    const account = await createAccount(app);
    const signInCode = await linkOf(account);
    await http().post('/api/auth/requestPasswordReset').send({ email: account.user.email }).expect(200);
    const [mail] = await waitForMails(account.user.email);
    const resetToken = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    await http().post('/api/auth/resetPassword').send({ resetToken, newPassword: 'Brand-New-Kettle-9' }).expect(200);
    await http().get('/api/auth/me').set(bearer(account.token)).expect(401);
    await expectCancelled(signInCode);
  });

  it('a two-factor change cancels every link of the account, even one asked for by the session that made the change', async () => {
    const account = await createAccount(app);
    const otherToken = await app.get(AuthTokens).issue(account.user);
    const fromHere = await linkOf(account);
    const fromElsewhere = await linkOf(account, otherToken);
    await http().put('/api/auth/two-factor').set(bearer(account.token)).send({ enabled: true }).expect(200);
    // The session that made the change goes on; its link does not.
    await http().get('/api/auth/me').set(bearer(account.token)).expect(200);
    await expectCancelled(fromHere);
    await expectCancelled(fromElsewhere);
    // A link asked for after the change works.
    await http().post('/api/auth/signInLink/exchange').send({ signInCode: await linkOf(account) }).expect(200);
    await http().put('/api/auth/two-factor').set(bearer(account.token)).send({ enabled: false, password: TEST_PASSWORD }).expect(200);
  });

  it('a ban cancels the links: they stay dead after the unban', async () => {
    const admin = await createAccount(app, { role: 'admin' });
    const account = await createAccount(app);
    const signInCode = await linkOf(account);
    const users = app.get(UsersAdminService);
    await users.setBanned(admin.user.id, account.user.id, true);
    // The ban refuses the link at once; its delivery ends the sessions (and cancels the links) right after.
    const whileBanned = await http().post('/api/auth/signInLink/exchange').send({ signInCode });
    expect(whileBanned.body.token).toBeUndefined();
    expect(await eventually(async () => (await http().get('/api/auth/me').set(bearer(account.token))).status === 401)).toBe(true);
    await users.setBanned(admin.user.id, account.user.id, false);
    const second = await createAccount(app);
    const unused = await linkOf(second);
    await users.setBanned(admin.user.id, second.user.id, true);
    expect(await eventually(async () => (await http().get('/api/auth/me').set(bearer(second.token))).status === 401)).toBe(true);
    await users.setBanned(admin.user.id, second.user.id, false);
    await expectCancelled(unused);
  });

  it('signing out the session that asked for a link cancels that link; a link of another session stays', async () => {
    const account = await createAccount(app);
    const otherToken = await app.get(AuthTokens).issue(account.user);
    const mine = await linkOf(account);
    const theirs = await linkOf(account, otherToken);
    await http().post('/api/auth/logout').set(bearer(account.token)).expect(204);
    await expectCancelled(mine);
    await http().post('/api/auth/signInLink/exchange').send({ signInCode: theirs }).expect(200);
  });
});
