import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MailService } from '../src/infra/mail/mail.service.js';
import { bootApp } from './support/app.js';
import { mailsTo, uniqueAddress, waitForMails } from './support/mail-catcher.js';

describe('mail through the queue', () => {
  let app: NestFastifyApplication;
  let mail: MailService;

  beforeAll(async () => {
    ({ app } = await bootApp());
    mail = app.get(MailService);
  });
  afterAll(async () => app?.close());

  it('delivers a queued email with HTML and text bodies to the catcher', async () => {
    const to = uniqueAddress('queued');
    await mail.send({ to, template: 'contact.acknowledgement', data: { name: 'Ada <script>', subject: 'Hello' } });
    const [received] = await waitForMails(to);
    expect(received?.subject).toBe('We received your message');
    expect(received?.text).toContain('Hello Ada <script>,');
    expect(received?.html).toContain('Hello Ada &lt;script&gt;,');
    expect(received?.html).not.toContain('<script>');
  });

  it('runs a delayed job once, after its delay, and ignores a duplicate job id', async () => {
    const to = uniqueAddress('delayed');
    const job = { to, template: 'contact.acknowledgement' as const, data: { name: 'Bo', subject: 'Delayed' } };
    const queuedAt = Date.now();
    await mail.send(job, { jobId: `test-delayed.${to}`, delayMs: 1500 });
    await mail.send(job, { jobId: `test-delayed.${to}`, delayMs: 1500 });

    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await mailsTo(to)).toHaveLength(0);

    const mails = await waitForMails(to, 1, 10000);
    expect(mails).toHaveLength(1);
    expect(Date.now() - queuedAt).toBeGreaterThanOrEqual(1500);
    // The Date header has whole seconds: the mail was sent in the second the delay ended, or later.
    expect(new Date(mails[0]!.date).getTime()).toBeGreaterThanOrEqual(Math.floor((queuedAt + 1500) / 1000) * 1000);

    // Give a duplicate every chance to show up before concluding there is none.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await mailsTo(to)).toHaveLength(1);
  });
});
