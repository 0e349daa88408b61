import { defineJobs, QUEUES } from '../queue/job-registry.js';
import type { MailJobData } from './mail.types.js';

declare module '../queue/job-registry.js' {
  interface JobPayloads {
    /** Template data travels sealed (AES-256-GCM), never in clear: see MailService and JobDataSeal. */
    'mail.send': MailJobData;
  }
}

export const MAIL_QUEUE = QUEUES.mail;

defineJobs(MAIL_QUEUE, ['mail.send']);
