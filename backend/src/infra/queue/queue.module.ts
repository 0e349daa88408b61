import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { MailService } from '../mail/mail.service.js';
import { JobQueue } from './job-queue.service.js';
import { QUEUE_DEFAULT_JOB_OPTIONS, QUEUES } from './job-registry.js';

/** Producers: every queue of the registry, the typed JobQueue and the services that enqueue. */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        const url = new URL(config.redis.url);
        return {
          connection: {
            host: url.hostname,
            port: Number(url.port || 6379),
            username: url.username || undefined,
            password: url.password ? decodeURIComponent(url.password) : undefined,
            db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
            tls: url.protocol === 'rediss:' ? {} : undefined,
          },
          prefix: 'redpen',
          defaultJobOptions: QUEUE_DEFAULT_JOB_OPTIONS,
        };
      },
    }),
    BullModule.registerQueue(...Object.values(QUEUES).map((name) => ({ name }))),
  ],
  providers: [JobQueue, MailService],
  exports: [BullModule, JobQueue, MailService],
})
export class QueueModule {}
