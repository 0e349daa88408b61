import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MailService } from '../src/infra/mail/mail.service.js';
import { JobQueue } from '../src/infra/queue/job-queue.service.js';
import { QUEUES } from '../src/infra/queue/job-registry.js';
import { bootApp } from './support/app.js';
import { mailsTo, uniqueAddress, waitForMails } from './support/mail-catcher.js';
import { queuesIdle, runDelayedJob } from './support/time.js';

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
    await mail.send({ to, template: 'contact.support', data: { name: 'Ada <script>', email: 'ada@example.com', subject: 'Hello', message: 'Hi', reference: 'RP-TEST-0001' } });
    const [received] = await waitForMails(to);
    expect(received?.subject).toBe('Contact form: Hello [RP-TEST-0001]');
    expect(received?.text).toContain('New message from Ada <script> <ada@example.com>');
    expect(received?.html).toContain('New message from Ada &lt;script&gt; &lt;ada@example.com&gt;');
    expect(received?.html).not.toContain('<script>');
  });

  it('keeps a delayed job waiting out its delay, runs it once when due, and ignores a duplicate job id', async () => {
    const to = uniqueAddress('delayed');
    const job = { to, template: 'contact.acknowledgement' as const, data: { reference: 'RP-DELA-YED1' } };
    const jobId = `test-delayed.${to}`;
    // An hour: long enough that it cannot come due by itself however slow the machine (it is promoted below).
    const delayMs = 3_600_000;
    await mail.send(job, { jobId, delayMs });
    await mail.send(job, { jobId, delayMs });

    // One job, held by BullMQ until its delay ends; nothing sent meanwhile. (That BullMQ then releases it by itself
    // is shown on real time once, by the essay timers' smoke test.)
    const queue = app.get(JobQueue).queue(QUEUES.mail);
    const queued = await queue.getJob(jobId);
    expect(queued?.delay).toBe(delayMs);
    expect(await queued!.getState()).toBe('delayed');
    expect((await queue.getJobs(['delayed', 'waiting', 'active', 'completed'])).filter((j) => j.data.to === to)).toHaveLength(1);
    expect(await mailsTo(to)).toHaveLength(0);

    // Its delay passed (promoted: moved to the waiting list as BullMQ does when it is due): sent once.
    await runDelayedJob(app, QUEUES.mail, jobId);
    const mails = await waitForMails(to, 1, 10000);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('We received your message (RP-DELA-YED1)');

    // The duplicate was never queued: with the queue idle, still one mail.
    await queuesIdle(app, [QUEUES.mail]);
    expect(await mailsTo(to)).toHaveLength(1);
  });
});
