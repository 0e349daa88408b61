// "A former tutor keeps the file": after Cancel Review, the discussion's expiry, the student's
// cancellation or a refund, the tutor who held the essay gets no more signed links or details of it (404 on the
// held reads; an essay back in the pool is only its pool card, as for any tutor), and that essay's chat thread takes
// no more messages (the discussion route 404, the socket CHAT_ESSAY_CLOSED), while another essay they still share
// stays open.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import type { AppConfig } from '../../src/config/env.schema.js';
import type { FakeClock } from '../../src/infra/clock/fake-clock.js';
import { ESSAYS_QUEUE } from '../../src/modules/essays/essays.jobs.js';
import { bearer, createAccount, resetLimits, type TestAccount } from '../support/accounts.js';
import { bootApp } from '../support/app.js';
import { closeAll, connect, listen } from '../support/chat-sockets.js';
import { runDelayedJob } from '../support/time.js';
import { essayFlow } from './essay-flow.js';

describe('security: a former tutor', () => {
  let app: NestFastifyApplication;
  let config: AppConfig;
  let clock: FakeClock;
  let redis: Redis;
  let origin: string;
  let student: TestAccount;
  let tutor: TestAccount;
  const flow = essayFlow(() => app);

  /** What the former tutor can still get of the essay: none of it is theirs any more. */
  async function expectLockedOut(essayId: string, title: string): Promise<void> {
    const read = await flow.getEssay(tutor, essayId);
    if (read.status === 200) {
      // Back in the pool: the card every approved tutor sees, nothing of the held essay.
      expect(read.body.essay).toMatchObject({ state: 'open', fileUrl: null, markingScheme: null, modelURL: null, studentId: null, studentName: '' });
    } else {
      expect(read.status).toBe(404);
    }
    await flow.http().get(`/api/essays/${essayId}`).set(bearer(tutor.token)).expect(404);
    await flow.http().post(`/api/essays/${essayId}/messages`).set(bearer(tutor.token)).send({ content: 'Still there?' }).expect(404);
    await flow.http().post(`/api/essays/${essayId}/messages`).set(bearer(student.token)).send({ content: 'Are you still there?' }).expect(404);
    const listed = (await flow.http().get('/api/tutor/getAllEssays').set(bearer(tutor.token)).expect(200)).body.essays.filter((e: { title: string }) => e.title === title);
    for (const essay of listed) expect(essay).toMatchObject({ fileUrl: null, markingScheme: null, modelURL: null, studentId: null, studentName: '' });
  }

  beforeAll(async () => {
    ({ app, config, clock } = await bootApp({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }));
    redis = new Redis(process.env.REDIS_URL!);
    origin = await listen(app);
  });
  beforeEach(async () => {
    await resetLimits(redis);
    // Fresh people for each case: one essay's thread must not be kept open by another case's essay.
    student = await createAccount(app, { role: 'student', studentProfile: true });
    tutor = await flow.approvedTutor();
  });
  afterEach(() => {
    clock.reset();
  });
  afterAll(async () => {
    closeAll();
    redis?.disconnect();
    await app?.close();
  });

  it('after the student cancels an accepted essay: 404 on its reads, and its chat thread is closed while another essay’s stays open', async () => {
    const cancelled = await flow.openEssay(student, { title: 'Cancelled before paying' });
    const other = await flow.openEssay(student, { title: 'Still shared' });
    await flow.accept(tutor, cancelled).expect(200);
    await flow.accept(tutor, other).expect(200);
    expect((await flow.getEssay(tutor, cancelled).expect(200)).body.essay.fileUrl).toEqual(expect.any(String));

    await flow.http().post(`/api/student/cancelEssay/${cancelled}`).set(bearer(student.token)).expect(200);
    await expectLockedOut(cancelled, 'Cancelled before paying');

    // The pair still shares the other essay, so the conversation is active; the cancelled essay's thread is not.
    // (A tutor without DBS hears CHAT_DBS_REQUIRED first; the student, who has no such rule, hears the essay's closing.)
    const tutorSocket = await connect(origin, tutor.token);
    const studentSocket = await connect(origin, student.token);
    const send = (socket: typeof tutorSocket, recipient: TestAccount, essayId: string) =>
      socket.timeout(8000).emitWithAck('sendMessage', { recipient: recipient.user.id, content: 'About an essay', essayId });
    expect(await send(tutorSocket, student, cancelled)).toMatchObject({ ok: false });
    expect(await send(studentSocket, tutor, cancelled)).toMatchObject({ ok: false, code: 'CHAT_ESSAY_CLOSED' });
    expect(await send(tutorSocket, student, other)).toMatchObject({ ok: true });
    expect(await send(studentSocket, tutor, other)).toMatchObject({ ok: true });
    await flow.http().post(`/api/essays/${other}/messages`).set(bearer(tutor.token)).send({ content: 'The other one is fine' }).expect(200);
    tutorSocket.close();
    studentSocket.close();
  });

  it('after a refund: 404 on its reads and no discussion', async () => {
    const refunded = await flow.paidEssay(student, tutor, { title: 'Refunded essay' });
    await flow.http().post(`/api/student/cancelEssay/${refunded}`).set(bearer(student.token)).expect(200);
    expect((await flow.row(refunded)).status).toBe('cancelled');
    await expectLockedOut(refunded, 'Refunded essay');
    await flow.mark(tutor, refunded).expect(404);
  });

  it('after Cancel Review: only the pool card, like any tutor', async () => {
    const released = await flow.openEssay(student, { title: 'Review cancelled' });
    await flow.accept(tutor, released).expect(200);
    await flow.http().post(`/api/essays/${released}/reject`).set(bearer(tutor.token)).expect(200);
    await expectLockedOut(released, 'Review cancelled');
  });

  it('after the discussion window expires: only the pool card, like any tutor', async () => {
    const expiring = await flow.openEssay(student, { title: 'Window expired' });
    await flow.accept(tutor, expiring).expect(200);
    const acceptedAt = (await flow.row(expiring)).acceptedAt!;
    clock.advance(config.windows.wordCountWindowSeconds * 1000 + 1000);
    expect(await runDelayedJob(app, ESSAYS_QUEUE, `wordcount-expiry.${expiring}.${acceptedAt.getTime()}`)).toEqual({ returned: true });
    await expectLockedOut(expiring, 'Window expired');
  });
});
