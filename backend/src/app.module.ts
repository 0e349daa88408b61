import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtAuthGuard } from './common/guards/jwt-auth.guard.js';
import { RolesGuard } from './common/guards/roles.guard.js';
import { RateLimitModule } from './common/rate-limit/rate-limit.module.js';
import { WriteRateLimitGuard } from './common/rate-limit/write-rate-limit.guard.js';
import { ConfigModule } from './config/config.module.js';
import type { AppConfig } from './config/env.schema.js';
import { ClockModule } from './infra/clock/clock.module.js';
import type { Clock } from './infra/clock/clock.service.js';
import { DatabaseModule } from './infra/database/database.module.js';
import { EventsModule } from './infra/events/events.module.js';
import { MailModule } from './infra/mail/mail.module.js';
import { MetricsModule } from './infra/metrics/metrics.module.js';
import { QueueModule } from './infra/queue/queue.module.js';
import { WorkersModule } from './infra/queue/workers.module.js';
import { RedisModule } from './infra/redis/redis.module.js';
import { StorageModule } from './infra/storage/storage.module.js';
import { AdminModule } from './modules/admin/admin.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { ChatModule } from './modules/chat/chat.module.js';
import { ContactModule } from './modules/contact/contact.module.js';
import { DashboardsModule } from './modules/dashboards/dashboards.module.js';
import { EssaysModule } from './modules/essays/essays.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { MetaModule } from './modules/meta/meta.module.js';
import { NotificationsModule } from './modules/notifications/notifications.module.js';
import { PaymentsModule } from './modules/payments/payments.module.js';
import { StudentsModule } from './modules/students/students.module.js';
import { TutoringModule } from './modules/tutoring/tutoring.module.js';
import { TutorsModule } from './modules/tutors/tutors.module.js';
import { UsersModule } from './modules/users/users.module.js';

/** Infrastructure shared by the API and the worker processes (`clock`: the tests' FakeClock, else the real one). */
const infraModules = (clock?: Clock) => [DatabaseModule, RedisModule, StorageModule, MailModule, ClockModule.forRoot(clock), QueueModule, MetricsModule, EventsModule];

const FEATURE_MODULES = [
  RateLimitModule,
  HealthModule,
  MetaModule,
  ContactModule,
  UsersModule,
  AuthModule,
  StudentsModule,
  TutorsModule,
  EssaysModule,
  TutoringModule,
  DashboardsModule,
  PaymentsModule,
  AdminModule,
  ChatModule,
  NotificationsModule,
];

export interface AppModuleOptions {
  config: AppConfig;
  /** Extra modules beside the features (tests add job handlers of their own this way). */
  modules?: Type[];
  /** The clock every provider reads "now" from; the real one unless a test binds its `FakeClock`. */
  clock?: Clock;
}

@Module({})
export class AppModule {
  /** The HTTP application; with `workers` it also runs every job handler in the same process. */
  static register({ config, workers, modules = [], clock }: AppModuleOptions & { workers: boolean }): DynamicModule {
    return {
      module: AppModule,
      imports: [ConfigModule.forRoot(config), ...infraModules(clock), ...FEATURE_MODULES, ...modules, ...(workers ? [WorkersModule] : [])],
      // The global guards, in order: authentication (every route unless `@Public()`; the strategy comes from
      // AuthModule), then roles (`@Roles()`), then the per-user limit on authenticated writes (`@WriteLimit()`).
      // Here rather than in a feature module, so importing one never adds them.
      providers: [
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_GUARD, useClass: RolesGuard },
        { provide: APP_GUARD, useClass: WriteRateLimitGuard },
      ],
    };
  }
}

/**
 * Workers only (`worker.ts`): no HTTP, but the same infrastructure and feature modules as the API, so the
 * handlers (`@OnJob` methods of those modules) and the services they use are the same ones.
 */
@Module({})
export class WorkerAppModule {
  static register({ config, modules = [], clock }: AppModuleOptions): DynamicModule {
    return { module: WorkerAppModule, imports: [ConfigModule.forRoot(config), ...infraModules(clock), ...FEATURE_MODULES, ...modules, WorkersModule] };
  }
}
