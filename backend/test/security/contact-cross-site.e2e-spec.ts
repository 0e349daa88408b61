// Security regression: the contact form is posted by a browser, so another site could make its visitors' browsers
// post it (a plain HTML form needs no CORS permission), sending Redpen mail to any address from their IPs. A post
// whose Origin (or, without one, Referer) is another site is refused with 403: the form's HTML page for the form
// post, the JSON error for the API. The site itself, the configured web origin and clients that send neither
// header (no browser posts cross-site without an Origin) are answered as before, and so is `Origin: null` when the
// browser itself says the post comes from this origin (the site's own form under `Referrer-Policy: no-referrer`
// sends `null`: `Sec-Fetch-Site: same-origin`, a header no page can set). A filled honeypot field (hidden
// from people, filled by form-filling robots) is answered as if accepted, and nothing is sent.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import request from 'supertest';
import { resetLimits } from '../support/accounts.js';
import { bootApp } from '../support/app.js';
import { QUEUES } from '../../src/infra/queue/job-registry.js';
import { mailsTo, uniqueAddress, waitForMails } from '../support/mail-catcher.js';
import { queuesIdle } from '../support/time.js';

const SUPPORT = 'support-cross-site@redpen.local';
const WEB = 'https://app.redpen.example';
const EVIL = 'https://evil.example';

describe('the contact form from another site', () => {
  let app: NestFastifyApplication;
  let redis: Redis;
  let sequence = 0;
  const message = (label: string) => ({
    name: 'Jane Doe',
    email: uniqueAddress(label),
    subject: 'Pricing',
    message: `Cross-site check ${label} ${Date.now()}-${++sequence}`,
  });
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const http = () => request(app.getHttpServer());

  /** Nothing left the server for this message: no acknowledgement to its address, nothing to support with its text. */
  async function nothingSent(body: { email: string; message: string }): Promise<void> {
    await queuesIdle(app, [QUEUES.mail]);
    expect(await mailsTo(body.email)).toHaveLength(0);
    expect((await mailsTo(SUPPORT)).filter((mail) => mail.text.includes(body.message))).toHaveLength(0);
  }

  beforeAll(async () => {
    ({ app } = await bootApp({ SUPPORT_EMAIL: SUPPORT, WEB_ORIGIN: WEB }));
    redis = new Redis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
  });
  beforeEach(() => resetLimits(redis, 'contact'));

  it('refuses the HTML form posted from another origin with the 403 page, and sends nothing', async () => {
    const body = message('evil-form');
    const response = await http().post('/api/contact/form').set('origin', EVIL).type('form').send(form(body)).expect(403);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.text).toContain('<h1>Your message was not sent</h1>');
    expect(response.text).toContain('This form can only be sent from the Redpen website.');
    await nothingSent(body);
  });

  it('refuses the JSON API from another origin with a JSON 403', async () => {
    const body = message('evil-json');
    const response = await http().post('/api/contact').set('origin', EVIL).send(body).expect(403);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual({ message: 'This form can only be sent from the Redpen website.', code: 'FORBIDDEN' });
    await nothingSent(body);
  });

  it.each([
    ['a Referer of another site and no Origin', { referer: `${EVIL}/contact` }],
    ['an opaque Origin ("null", a sandboxed frame or a data: page)', { origin: 'null' }],
    ['an opaque Origin that the browser says is another site', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
    ['an opaque Origin from a sibling subdomain', { origin: 'null', 'sec-fetch-site': 'same-site' }],
    ['neither header, while the browser says another site sent it', { 'sec-fetch-site': 'cross-site' }],
    ['a foreign Origin, whatever Sec-Fetch-Site claims', { origin: EVIL, 'sec-fetch-site': 'same-origin' }],
    ['an Origin that only looks like the site', { origin: `${WEB}.evil.example` }],
    ['the site over another scheme', { origin: WEB.replace('https:', 'http:') }],
    ['an unreadable Referer', { referer: 'not a url' }],
  ])('refuses %s', async (_name, headers) => {
    const body = message('evil-other');
    await http().post('/api/contact/form').set(headers).type('form').send(form(body)).expect(403);
    await http().post('/api/contact').set(headers).send(message('evil-other-json')).expect(403);
  });

  it('refuses before reading the fields: a cross-site post with a wrong field is still a 403', async () => {
    await http().post('/api/contact/form').set('origin', EVIL).type('form').send(form({ name: '' })).expect(403);
  });

  it.each([
    ['the configured web origin', { origin: WEB }],
    ['a Referer on the configured web origin', { referer: `${WEB}/contact` }],
    ['the same origin as the request (the site serving its own pages)', { host: 'redpen.test', origin: 'http://redpen.test' }],
    ['a Referer on the same origin', { host: 'redpen.test', referer: 'http://redpen.test/contact' }],
    ['neither header (a client that is not a browser)', {}],
    ['the site\'s own form under Referrer-Policy: no-referrer (Origin: null, Sec-Fetch-Site: same-origin)', { origin: 'null', 'sec-fetch-site': 'same-origin' }],
    ['the web app on another origin of the same site', { origin: WEB, 'sec-fetch-site': 'same-site' }],
  ])('accepts %s', async (_name, headers) => {
    const body = message('allowed');
    const response = await http().post('/api/contact/form').set(headers).type('form').send(form(body)).expect(303);
    expect(response.headers.location).toBe('/contact/sent');
    await waitForMails(body.email);
    await http().post('/api/contact').set(headers).send(message('allowed-json')).expect(202);
  });

  it('answers a filled honeypot as if the message were sent, and sends nothing', async () => {
    const viaForm = message('honeypot-form');
    const response = await http().post('/api/contact/form').set('origin', WEB).type('form').send(form({ ...viaForm, website: 'http://spam.example' })).expect(303);
    expect(response.headers.location).toBe('/contact/sent');

    const viaJson = message('honeypot-json');
    const accepted = await http().post('/api/contact').send({ ...viaJson, website: 'http://spam.example' }).expect(202);
    expect(accepted.body).toEqual({ message: 'Thank you! Your message has been sent.', reference: expect.stringMatching(/^RP-[0-9A-Z]{4}-[0-9A-Z]{4}$/) });

    await nothingSent(viaForm);
    await nothingSent(viaJson);
  });

  it('sends a message whose honeypot is left empty, as the page posts it', async () => {
    const body = message('honeypot-empty');
    await http().post('/api/contact/form').set('origin', WEB).type('form').send(form({ ...body, website: '' })).expect(303);
    await waitForMails(body.email);
  });

  it('keeps the five-an-hour limit per IP address, honeypot posts included', async () => {
    for (let i = 0; i < 5; i++) await http().post('/api/contact').send({ ...message('limit'), website: 'x' }).expect(202);
    const response = await http().post('/api/contact').send(message('limit')).expect(429);
    expect(response.body.message).toMatch(/^Too many requests\. Please try again in \d+ seconds?\.$/);
  });
});
