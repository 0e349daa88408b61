import type { INestApplicationContext, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { WorkerAppModule } from './app.module.js';
import type { Logger } from 'pino';
import type { AppConfig } from './config/env.schema.js';
import { createRootLogger, PinoNestLogger, SHUTDOWN_HOOKS_OPTIONS } from './infra/logger.js';

export interface CreateWorkerOptions {
  /** Extra modules (tests: job handlers of their own). */
  modules?: Type[];
  /** Quiet logs (tests). */
  logger?: boolean;
  /** The process's pino logger, when the entry point already made one. */
  rootLogger?: Logger;
}

/** Builds the worker-only application (no HTTP): `worker.ts` runs it, tests boot the same function. */
export async function createWorker(config: AppConfig, options: CreateWorkerOptions = {}): Promise<INestApplicationContext> {
  const logging = options.logger ?? true;
  const logger = new PinoNestLogger(options.rootLogger ?? createRootLogger(logging ? config : { ...config, logLevel: 'silent' }));
  const app = await NestFactory.createApplicationContext(WorkerAppModule.register({ config, modules: options.modules }), { logger });
  app.enableShutdownHooks([], SHUTDOWN_HOOKS_OPTIONS);
  return app;
}
