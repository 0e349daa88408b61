/** What logFatalErrors needs of a logger (pino's and Fastify's have it). */
export interface FatalLogger {
  fatal(fields: object, message: string): void;
}

/**
 * An error nothing caught ends the process as Node would (status 1, an unhandled promise rejection included), but
 * first says so in one JSON `fatal` line on the log, with the error under `err`, where the log collector finds it,
 * rather than only as a bare stack on stderr. The line is written before the exit (pino writes what is queued then).
 */
export function logFatalErrors(logger: FatalLogger, target: NodeJS.Process = process): void {
  target.once('uncaughtException', (error, origin) => {
    const what = origin === 'unhandledRejection' ? 'an unhandled promise rejection' : 'an uncaught exception';
    logger.fatal({ err: error, origin }, `exiting after ${what}: ${error instanceof Error ? error.message : String(error)}`);
    target.exit(1);
  });
}
