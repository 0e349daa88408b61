// Security regression: the contact form's acknowledgement goes to whatever address was typed, so it
// must carry nothing the sender typed — otherwise anyone can send a stranger a message (a link, a "reset your
// password here") from Redpen's own address. A fixed text and Redpen's reference only; support gets everything.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import request from 'supertest';
import { resetLimits } from '../support/accounts.js';
import { bootApp } from '../support/app.js';
import { QUEUES } from '../../src/infra/queue/job-registry.js';
import { mailsTo, uniqueAddress, waitForMails, type CaughtMail } from '../support/mail-catcher.js';
import { queuesIdle } from '../support/time.js';

const SUPPORT = 'support-security@redpen.local';
const PHISH = {
  name: 'Redpen Security Team: your account is locked, verify at https://evil.example/login',
  subject: 'URGENT password reset https://evil.example/reset',
  message: 'Click https://evil.example/verify within 24 hours or lose your essays. Call 020 7946 0000.',
};

describe('contact form acknowledgement', () => {
  let app: NestFastifyApplication;
  let redis: Redis;

  beforeAll(async () => {
    ({ app } = await bootApp({ SUPPORT_EMAIL: SUPPORT }));
    redis = new Redis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
  });
  beforeEach(() => resetLimits(redis, 'contact'));

  const everything = (mail: CaughtMail | undefined) => `${mail?.subject}\n${mail?.text}\n${mail?.html}`;

  it('carries no text the sender typed: a fixed message and the reference only', async () => {
    const victim = uniqueAddress('victim');
    const response = await request(app.getHttpServer()).post('/api/contact').send({ ...PHISH, email: victim }).expect(202);
    const reference = response.body.reference as string;
    expect(reference).toMatch(/^RP-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    const [ack] = await waitForMails(victim);
    const seen = everything(ack);
    for (const typed of ['evil.example', 'Security Team', 'locked', 'URGENT', 'password reset', 'Click', '020 7946', 'lose your essays']) {
      expect(seen).not.toContain(typed);
    }
    expect(ack?.subject).toBe(`We received your message (${reference})`);
    expect(ack?.text).toContain(`Your reference is ${reference}.`);
    expect(ack?.html).not.toMatch(/<a\s/i);

    // Support still receives everything, under the same reference, with the sender as Reply-To.
    const support = (await waitForMails(SUPPORT, 1)).find((mail) => mail.text.includes(reference));
    expect(support?.text).toContain(PHISH.message);
    expect(support?.replyTo?.[0]?.address).toBe(victim);
  });

  it('acknowledges one address at most three times a day; support still gets every message', async () => {
    const victim = uniqueAddress('flooded');
    const references: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await request(app.getHttpServer()).post('/api/contact').send({ ...PHISH, email: victim }).expect(202);
      references.push(response.body.reference as string);
    }
    await queuesIdle(app, [QUEUES.mail]);
    expect(await mailsTo(victim)).toHaveLength(3);
    const support = (await mailsTo(SUPPORT)).map((mail) => mail.text);
    for (const reference of references) expect(support.some((text) => text.includes(reference))).toBe(true);
  });
});
