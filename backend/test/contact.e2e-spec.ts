import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import request from 'supertest';
import { resetLimits } from './support/accounts.js';
import { bootApp } from './support/app.js';
import { uniqueAddress, waitForMails } from './support/mail-catcher.js';

const valid = () => ({ name: 'Jane Doe', email: uniqueAddress('contact'), subject: 'Pricing', message: 'How long does a review take?' });

describe('POST /api/contact', () => {
  let app: NestFastifyApplication;
  let redis: Redis;

  beforeAll(async () => {
    ({ app } = await bootApp({ SUPPORT_EMAIL: 'support-e2e@redpen.local' }));
    redis = new Redis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
  });
  beforeEach(() => resetLimits(redis, 'contact'));

  it.each([
    ['name', 'Name is required'],
    ['email', 'Email is required'],
    ['subject', 'Subject is required'],
    ['message', 'Message is required'],
  ])('requires %s with the spec message', async (field, message) => {
    const body = { ...valid(), [field]: '   ' };
    const response = await request(app.getHttpServer()).post('/api/contact').send(body).expect(400);
    expect(response.body).toEqual({ message, code: 'VALIDATION_FAILED', errors: [{ field, message }] });
  });

  it('rejects an invalid email with the spec message', async () => {
    const response = await request(app.getHttpServer()).post('/api/contact').send({ ...valid(), email: 'jane@nowhere' }).expect(400);
    expect(response.body.message).toBe('Please enter a valid email address');
  });

  it('delivers the message to support and an acknowledgement to the sender', async () => {
    const body = valid();
    const response = await request(app.getHttpServer()).post('/api/contact').send(body).expect(202);
    expect(response.body).toEqual({ message: 'Thank you! Your message has been sent.', reference: expect.stringMatching(/^RP-[0-9A-Z]{4}-[0-9A-Z]{4}$/) });

    const [acknowledgement] = await waitForMails(body.email);
    expect(acknowledgement?.subject).toBe(`We received your message (${response.body.reference})`);
    expect(acknowledgement?.replyTo?.[0]?.address).toBe('support-e2e@redpen.local');
    const support = (await waitForMails('support-e2e@redpen.local', 1)).find((mail) => mail.text.includes(body.email));
    expect(support?.subject).toBe(`Contact form: Pricing [${response.body.reference}]`);
    expect(support?.replyTo?.[0]?.address).toBe(body.email);
    expect(support?.text).toContain('How long does a review take?');
  });

  it('limits each address to five messages an hour with a clear 429', async () => {
    for (let i = 0; i < 5; i++) await request(app.getHttpServer()).post('/api/contact').send(valid()).expect(202);
    const response = await request(app.getHttpServer()).post('/api/contact').send(valid()).expect(429);
    expect(response.body.message).toMatch(/^Too many requests\. Please try again in \d+ seconds?\.$/);
  });
});

/** The contact form posted without JavaScript: the same rules, answered for a browser. */
describe('POST /api/contact/form (the contact form without JavaScript)', () => {
  let app: NestFastifyApplication;
  let redis: Redis;
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

  beforeAll(async () => {
    ({ app } = await bootApp({ SUPPORT_EMAIL: 'support-e2e@redpen.local' }));
    redis = new Redis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
  });
  beforeEach(() => resetLimits(redis, 'contact'));

  it('sends the message and redirects to the result page (303, so the browser GETs it)', async () => {
    const body = valid();
    const response = await request(app.getHttpServer()).post('/api/contact/form').type('form').send(form(body)).expect(303);
    expect(response.headers.location).toBe('/contact/sent');
    const [acknowledgement] = await waitForMails(body.email);
    // The acknowledgement carries only a reference, the one in the support mail's subject.
    const reference = /^We received your message \((RP-[0-9A-Z]{4}-[0-9A-Z]{4})\)$/.exec(acknowledgement?.subject ?? '')?.[1];
    expect(reference).toBeDefined();
    const support = (await waitForMails('support-e2e@redpen.local', 1)).find((mail) => mail.text.includes(body.email));
    expect(support?.text).toContain('How long does a review take?');
    expect(support?.subject).toBe(`Contact form: Pricing [${reference}]`);
  });

  it('answers a wrong field with a page that lists the spec messages (400), its text escaped', async () => {
    const response = await request(app.getHttpServer())
      .post('/api/contact/form')
      .type('form')
      .send(form({ ...valid(), name: '  ', email: '<b>jane@nowhere' }))
      .expect(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.text).toContain('<h1>Your message was not sent</h1>');
    expect(response.text).toContain('<li>Name is required</li>');
    expect(response.text).toContain('<li>Please enter a valid email address</li>');
    expect(response.text).toContain('href="/contact"');
    expect(response.text).not.toContain('<b>');
  });

  it('answers the sixth message of the hour with the 429 page and Retry-After', async () => {
    for (let i = 0; i < 5; i++) await request(app.getHttpServer()).post('/api/contact/form').type('form').send(form(valid())).expect(303);
    const response = await request(app.getHttpServer()).post('/api/contact/form').type('form').send(form(valid())).expect(429);
    expect(response.text).toMatch(/Too many requests\. Please try again in \d+ seconds?\./);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });
});
