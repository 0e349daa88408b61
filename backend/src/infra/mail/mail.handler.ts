import { Injectable, Logger } from '@nestjs/common';
import type { JobOf } from '../queue/job-handler.js';
import { JobDataSeal } from '../queue/job-data-seal.js';
import { OnJob } from '../queue/on-job.decorator.js';
import { MAIL_QUEUE } from './mail.jobs.js';
import { MailTransport } from './mail.transport.js';
import { mailSealContext, type MailJobData } from './mail.types.js';
import { renderTemplate, type TemplateData, type TemplateName } from './templates/index.js';

/**
 * Delivers `mail.send` jobs. A failed send throws, so BullMQ retries it with the queue's backoff. Once the
 * mail is out, the sealed data is dropped from the job, so a completed job keeps no secret in any form.
 */
@Injectable()
export class MailHandler {
  private readonly logger = new Logger(MailHandler.name);

  constructor(
    private readonly transport: MailTransport,
    private readonly seal: JobDataSeal,
  ) {}

  @OnJob({ name: 'mail.send', queue: MAIL_QUEUE })
  async send(job: JobOf<'mail.send'>): Promise<void> {
    const { to, template, replyTo, sealed } = job.data;
    // Already sent by an earlier run whose completion was lost (stalled after the strip below): nothing to do.
    if (!sealed) return;
    const data = this.seal.open<TemplateData<TemplateName>>(sealed, mailSealContext(job.data));
    await this.transport.send(to, renderTemplate(template, data as never), replyTo);
    this.logger.log(`sent ${template} to ${to} (job ${job.id}, attempt ${job.attemptsMade + 1})`);
    const sent: MailJobData = { to, template, ...(replyTo ? { replyTo } : {}) };
    // Best effort: failing here must not fail the job, or the mail would go out twice.
    await job.updateData(sent).catch((error: Error) => this.logger.warn(`could not strip job ${job.id}: ${error.message}`));
  }
}
