import { Global, Module } from '@nestjs/common';
import { JobDataSeal } from './job-data-seal.js';
import { JobQueue } from './job-queue.service.js';

/** Producers: every queue of the registry behind the typed JobQueue, and the seal for secret job data. */
@Global()
@Module({ providers: [JobQueue, JobDataSeal], exports: [JobQueue, JobDataSeal] })
export class QueueModule {}
