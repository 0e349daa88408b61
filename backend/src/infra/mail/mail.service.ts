import { Injectable } from '@nestjs/common';
import { JobDataSeal } from '../queue/job-data-seal.js';
import { JobQueue, type EnqueueOptions } from '../queue/job-queue.service.js';
import './mail.jobs.js';
import { mailSealContext, type MailJob } from './mail.types.js';

/**
 * Sends email off the request path: callers enqueue, the mail handler renders and delivers with retries.
 * The template data is sealed before it reaches Redis: codes and reset links never sit there in clear.
 */
@Injectable()
export class MailService {
  constructor(
    private readonly jobs: JobQueue,
    private readonly seal: JobDataSeal,
  ) {}

  async send(mail: MailJob, options: EnqueueOptions = {}): Promise<void> {
    const { data, ...clear } = mail;
    await this.jobs.enqueue('mail.send', { ...clear, sealed: this.seal.seal(data, mailSealContext(mail)) }, options);
  }
}
