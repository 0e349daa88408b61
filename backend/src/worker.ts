import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { WorkerAppModule } from './app.module.js';
import { ConfigError, loadConfig } from './config/env.schema.js';
import { createRootLogger, PinoNestLogger } from './infra/logger.js';
import { armShutdownDeadline } from './infra/shutdown-deadline.js';
import { describeStartupError } from './infra/startup-errors.js';

/** Runs the BullMQ processors without HTTP, so workers scale apart from the API (WORKERS=off there). */
async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const logger = new PinoNestLogger(createRootLogger(config));
  const app = await NestFactory.createApplicationContext(WorkerAppModule.register(config), { logger });
  app.enableShutdownHooks();
  armShutdownDeadline((message) => logger.error(message));
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : describeStartupError(error));
  process.exit(1);
});
