import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { QUEUES, type JobName } from '../queue/job-registry.js';
import type { JobOf } from '../queue/job-handler.js';
import { MailTransport } from './mail.transport.js';
import { renderTemplate } from './templates/index.js';

/** Delivers `mail.send` jobs. A failed send throws, so BullMQ retries it with the queue's backoff. */
@Processor(QUEUES.mail)
export class MailProcessor extends WorkerHost {
  static readonly handles: readonly JobName[] = ['mail.send'];
  private readonly logger = new Logger(MailProcessor.name);

  constructor(private readonly transport: MailTransport) {
    super();
  }

  async process(job: JobOf<'mail.send'>): Promise<void> {
    const { to, template, data, replyTo } = job.data;
    const rendered = renderTemplate(template, data as never);
    await this.transport.send(to, rendered, replyTo);
    this.logger.log(`sent ${template} to ${to} (job ${job.id}, attempt ${job.attemptsMade + 1})`);
  }
}
