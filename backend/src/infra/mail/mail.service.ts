import { Injectable } from '@nestjs/common';
import { JobQueue, type EnqueueOptions } from '../queue/job-queue.service.js';
import type { MailJob } from './mail.types.js';

/** Sends email off the request path: callers enqueue, the mail processor renders and delivers with retries. */
@Injectable()
export class MailService {
  constructor(private readonly jobs: JobQueue) {}

  async send(mail: MailJob, options: EnqueueOptions = {}): Promise<void> {
    await this.jobs.enqueue('mail.send', mail, options);
  }
}
