import { Module, type DynamicModule } from '@nestjs/common';
import { RateLimitModule } from './common/rate-limit/rate-limit.module.js';
import { ConfigModule } from './config/config.module.js';
import type { AppConfig } from './config/env.schema.js';
import { ClockModule } from './infra/clock/clock.module.js';
import { DatabaseModule } from './infra/database/database.module.js';
import { MailModule } from './infra/mail/mail.module.js';
import { QueueModule } from './infra/queue/queue.module.js';
import { WorkersModule } from './infra/queue/workers.module.js';
import { RedisModule } from './infra/redis/redis.module.js';
import { StorageModule } from './infra/storage/storage.module.js';
import { AdminModule } from './modules/admin/admin.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { ChatModule } from './modules/chat/chat.module.js';
import { ContactModule } from './modules/contact/contact.module.js';
import { EssaysModule } from './modules/essays/essays.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { MetaModule } from './modules/meta/meta.module.js';
import { PaymentsModule } from './modules/payments/payments.module.js';
import { StudentsModule } from './modules/students/students.module.js';
import { TutoringModule } from './modules/tutoring/tutoring.module.js';
import { TutorsModule } from './modules/tutors/tutors.module.js';

/** Infrastructure shared by the API and the worker processes. */
const INFRA_MODULES = [DatabaseModule, RedisModule, StorageModule, MailModule, ClockModule, QueueModule];

const FEATURE_MODULES = [
  RateLimitModule,
  HealthModule,
  MetaModule,
  ContactModule,
  AuthModule,
  StudentsModule,
  TutorsModule,
  EssaysModule,
  TutoringModule,
  PaymentsModule,
  AdminModule,
  ChatModule,
];

@Module({})
export class AppModule {
  /** The HTTP application; with `workers` it also runs every processor in the same process. */
  static register({ config, workers }: { config: AppConfig; workers: boolean }): DynamicModule {
    return {
      module: AppModule,
      imports: [ConfigModule.forRoot(config), ...INFRA_MODULES, ...FEATURE_MODULES, ...(workers ? [WorkersModule] : [])],
    };
  }
}

/** Workers only (`worker.ts`): no HTTP, same infrastructure. */
@Module({})
export class WorkerAppModule {
  static register(config: AppConfig): DynamicModule {
    return { module: WorkerAppModule, imports: [ConfigModule.forRoot(config), ...INFRA_MODULES, WorkersModule] };
  }
}
