// "Revisions can hold the tutor's pay forever" (docs/decisions.md): one revision per essay,
// requested within 7 days of the first completion; after the resubmission the payout clock runs from it and cannot
// be paused again.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import type { AppConfig } from '../../src/config/env.schema.js';
import type { FakeClock } from '../../src/infra/clock/fake-clock.js';
import { bearer, createAccount, resetLimits, type TestAccount } from '../support/accounts.js';
import { bootApp } from '../support/app.js';
import { AuthTokens } from '../../src/modules/auth/auth-tokens.service.js';
import { essayFlow } from './essay-flow.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('security: a revision cannot hold the payout hostage', () => {
  let app: NestFastifyApplication;
  let config: AppConfig;
  let clock: FakeClock;
  let redis: Redis;
  let student: TestAccount;
  let tutor: TestAccount;
  const flow = essayFlow(() => app);
  const requestRevision = (essayId: string) => flow.http().post(`/api/student/requestRevision/${essayId}`).set(bearer(student.token));
  const studentView = async (essayId: string) => (await flow.http().get(`/api/student/essay/${essayId}`).set(bearer(student.token)).expect(200)).body.essay;
  const payout = (essayId: string) => flow.http().post('/api/tutor/generateTutorPaymentUrl').set(bearer(tutor.token)).send({ essayId });

  beforeAll(async () => {
    ({ app, config, clock } = await bootApp({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }));
    redis = new Redis(process.env.REDIS_URL!);
    student = await createAccount(app, { role: 'student', studentProfile: true });
    tutor = await flow.approvedTutor();
  });
  beforeEach(async () => {
    await resetLimits(redis);
  });
  afterEach(() => {
    clock.reset();
  });
  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
  });

  it('allows one revision; the resubmission cannot be sent back, and the tutor is paid 48 h after it', async () => {
    const essayId = await flow.paidEssay(student, tutor, { title: 'A revision hostage' });
    await flow.mark(tutor, essayId, 5).expect(200);
    clock.advance(DAY);
    await requestRevision(essayId).expect(200);
    clock.advance(HOUR);
    await flow.mark(tutor, essayId, 6).expect(200);
    const resubmittedAt = (await flow.row(essayId)).completedAt!;

    // Within 7 days of both completions, still refused: only one revision per essay.
    clock.advance(HOUR);
    const again = await requestRevision(essayId).expect(409);
    expect(again.body.code).toBe('ESSAY_NOT_EDITABLE');
    expect((await flow.row(essayId)).status).toBe('completed');
    const seen = await studentView(essayId);
    expect(seen.revisionAvailableUntil).toBeNull();
    expect(seen.payoutAvailableAt).toBe(new Date(resubmittedAt.getTime() + config.windows.payoutEligibilitySeconds * 1000).toISOString());

    // Not before the payout clock of the resubmission ends; then paid, whatever the student does.
    expect((await payout(essayId).expect(422)).body.code).toBe('PAYOUT_NOT_ELIGIBLE');
    clock.set(new Date(resubmittedAt.getTime() + config.windows.payoutEligibilitySeconds * 1000 + 1000));
    await requestRevision(essayId).expect(409);
    await payout(essayId).expect(200);
  });

  it('counts the 7 days from the first completion', async () => {
    const essayId = await flow.paidEssay(student, tutor, { title: 'A late revision' });
    await flow.mark(tutor, essayId, 5).expect(200);
    const firstCompletion = (await flow.row(essayId)).completedAt!;
    clock.set(new Date(firstCompletion.getTime() + config.windows.revisionWindowSeconds * 1000 + 1000));
    // A week on, the student signs in again (the first token has expired).
    const token = await app.get(AuthTokens).issue(student.user);
    await flow.http().post(`/api/student/requestRevision/${essayId}`).set(bearer(token)).expect(409);
    expect((await flow.row(essayId)).revisionRequestedAt).toBeNull();
  });
});
