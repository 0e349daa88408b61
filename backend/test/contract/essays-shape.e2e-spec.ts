// The essay discussion's contract (`/api/essays/{essayId}…`) as clients call it:
// - GET /api/essays/{essayId} answers the essay's fields at the top level and the same essay under `essay` (kept for
//   the clients that read it there): one presented essay, nothing private beside it.
// - Its JSON writes (messages, confirm, confirm-price) read a JSON body sent as text/plain, which a bare
//   `fetch(url, { method: 'POST', body: JSON.stringify(x) })` sends (`text/plain;charset=UTF-8`); JSON that does not
//   parse is a 400 with a clear message, plain text the DTO's 400, never a 500. Elsewhere text/plain stays text.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import { essayChargePence } from '@redpen/shared/pricing';
import { bearer, createAccount, resetLimits, type TestAccount } from '../support/accounts.js';
import { bootApp } from '../support/app.js';
import { essayFlow } from '../security/essay-flow.js';
import { ESSAY_SHAPE, expectShape } from './spec-client.js';

const TEXT_PLAIN = 'text/plain;charset=UTF-8';

/** Keys of the essay row and of the people that no essay answer may carry. */
const PRIVATE_KEYS = ['fileKey', 'fileName', 'fileMime', 'markingSchemeKey', 'modelFileKey', 'tutorId', 'priceConfirmationRequired', 'studentConfirmedPricePence', 'payoutNotifiedAt', 'overdueAt', 'email', 'password', 'passwordHash'];

describe('contract: the essay discussion (GET /api/essays/{essayId}, its JSON writes as text/plain)', () => {
  let app: NestFastifyApplication;
  let redis: Redis;
  let student: TestAccount;
  let otherStudent: TestAccount;
  let tutor: TestAccount;
  let otherTutor: TestAccount;
  let essayId: string;
  const flow = essayFlow(() => app);
  const http = () => flow.http();
  /** A POST whose JSON body is labelled text/plain, as a bare fetch sends it. */
  const postText = (path: string, as: TestAccount | undefined, body: string) => {
    const req = http().post(path).set('content-type', TEXT_PLAIN);
    return (as ? req.set(bearer(as.token)) : req).send(body);
  };

  beforeAll(async () => {
    ({ app } = await bootApp({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }));
    redis = new Redis(process.env.REDIS_URL!);
    student = await createAccount(app, { role: 'student', studentProfile: true });
    otherStudent = await createAccount(app, { role: 'student', studentProfile: true });
    tutor = await flow.approvedTutor();
    otherTutor = await flow.approvedTutor();
    essayId = await flow.openEssay(student, { count: 400, title: 'The discussion’s contract' });
    await flow.accept(tutor, essayId).expect(200);
  });
  beforeEach(async () => {
    await resetLimits(redis);
  });
  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
  });

  describe('GET /api/essays/{essayId}', () => {
    it.each(['student', 'tutor'] as const)("answers the essay's fields at the top level and the same essay under `essay` (as its %s)", async (side) => {
      const as = side === 'student' ? student : tutor;
      const { body } = await http().get(`/api/essays/${essayId}`).set(bearer(as.token)).expect(200);
      const { essay, ...top } = body as { essay: Record<string, unknown> } & Record<string, unknown>;
      expectShape(essay, ESSAY_SHAPE);
      expectShape(top, ESSAY_SHAPE);
      expect(top).toEqual(essay);
      expect(top).toMatchObject({ _id: essayId, wordCount: 400, state: 'accepted' });
    });

    it('carries nothing private at either level', async () => {
      const { body, text } = await http().get(`/api/essays/${essayId}`).set(bearer(tutor.token)).expect(200);
      const keys = [...Object.keys(body), ...Object.keys(body.essay)];
      expect(keys.filter((key) => PRIVATE_KEYS.includes(key))).toEqual([]);
      expect(text).not.toContain(student.user.email);
    });

    it('tells anyone else only that it is not found', async () => {
      for (const stranger of [otherStudent, otherTutor]) {
        const { body } = await http().get(`/api/essays/${essayId}`).set(bearer(stranger.token)).expect(404);
        expect(body).toEqual({ message: 'Essay not found', code: 'NOT_FOUND' });
      }
    });
  });

  describe('JSON sent as text/plain', () => {
    it('POST …/messages reads it, from either side', async () => {
      const fromTutor = await postText(`/api/essays/${essayId}/messages`, tutor, JSON.stringify({ content: 'The count looks right to me.' })).expect(200);
      expect(fromTutor.body.message).toMatchObject({ content: 'The count looks right to me.' });
      const fromStudent = await postText(`/api/essays/${essayId}/messages`, student, JSON.stringify({ content: 'Thank you!' })).expect(200);
      expect(fromStudent.body.message).toMatchObject({ content: 'Thank you!' });
    });

    it('POST …/confirm and …/confirm-price read it (an empty body is no body)', async () => {
      const image = await flow.openEssay(student, { image: true, title: 'Photographed, agreed over fetch', fields: { wordCount: '1' } });
      await flow.accept(tutor, image).expect(200);
      const set = await postText(`/api/essays/${image}/confirm`, tutor, JSON.stringify({ wordCount: 1800 })).expect(200);
      expect(set.body.essay).toMatchObject({ wordCount: 1800, pricePence: essayChargePence(1800), priceConfirmationNeeded: true });
      const confirmed = await postText(`/api/essays/${image}/confirm-price`, student, JSON.stringify({ pricePence: essayChargePence(1800) })).expect(200);
      expect(confirmed.body.essay).toMatchObject({ priceConfirmationNeeded: false });
      expect((await postText(`/api/essays/${essayId}/confirm`, tutor, '').expect(200)).body.essay).toMatchObject({ tutorConfirmed: true, wordCount: 400 });
    });

    it('answers JSON that does not parse with a 400 that says so, never a 500', async () => {
      for (const broken of ['{"content": "Hello', '{content: "Hello"}', '[1, 2,']) {
        const refused = await postText(`/api/essays/${essayId}/messages`, tutor, broken).expect(400);
        expect(refused.body).toEqual({ message: 'The request body is not valid JSON. Send a JSON object, such as {"content": "Hello"}.' });
      }
      // Prototype poisoning is refused as Fastify's JSON parser refuses it.
      expect((await postText(`/api/essays/${essayId}/messages`, tutor, '{"content": "Hi", "__proto__": {"admin": true}}')).status).toBe(400);
    });

    it('leaves plain text as text: the route’s DTO refuses it with a 400', async () => {
      const refused = await postText(`/api/essays/${essayId}/messages`, tutor, 'Hello there').expect(400);
      expect(refused.body.message).toEqual(expect.any(String));
    });

    it('carries no credentials by itself: without the bearer token it is 401 (a cross-site simple request cannot add one)', async () => {
      const refused = await postText(`/api/essays/${essayId}/messages`, undefined, JSON.stringify({ content: 'From another site' })).expect(401);
      expect(refused.body.code).toBe('UNAUTHENTICATED');
    });

    it('stays text on the routes outside the discussion', async () => {
      const open = (await flow.upload(student, { count: 200, title: 'Outside the discussion' }).expect(200)).body.essayId as string;
      await postText('/api/student/updateWordCount', student, JSON.stringify({ essayId: open, wordCount: 200 })).expect(400);
    });
  });
});
