// Spawned by src/infra/fatal-errors.spec.ts: a process with the production logger and logFatalErrors that then
// fails as its first argument says (`throw`: an uncaught exception, `reject`: an unhandled promise rejection).
import { createRootLogger } from '../../src/infra/logger.js';
import { logFatalErrors } from '../../src/infra/fatal-errors.js';
import type { AppConfig } from '../../src/config/env.schema.js';

const logger = createRootLogger({ logLevel: 'info', nodeEnv: 'production' } as AppConfig);
logFatalErrors(logger);
logger.info('about to fail');
setTimeout(() => {
  if (process.argv[2] === 'reject') void Promise.reject(new Error('the payment provider answered nonsense'));
  else throw new Error('a handler broke');
}, 10);
