import './infra/v8-flags.js';
import 'reflect-metadata';
import { ConfigError, loadConfig } from './config/env.schema.js';
import { logFatalErrors } from './infra/fatal-errors.js';
import { createRootLogger } from './infra/logger.js';
import { armShutdownDeadline } from './infra/shutdown-deadline.js';
import { describeStartupError } from './infra/startup-errors.js';
import { createWorker } from './worker.factory.js';

/** Runs the BullMQ workers without HTTP, so workers scale apart from the API (WORKERS=off there). */
async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const logger = createRootLogger(config);
  logFatalErrors(logger);
  await createWorker(config, { rootLogger: logger });
  armShutdownDeadline((message) => logger.error(message));
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : describeStartupError(error));
  process.exit(1);
});
