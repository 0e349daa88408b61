import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import { pino, type Logger, type LoggerOptions } from 'pino';
import type { AppConfig } from '../config/env.schema.js';

export function pinoOptions(config: AppConfig): LoggerOptions {
  return {
    level: config.logLevel,
    base: { service: 'redpen' },
    // Never write credentials or session tokens to the logs.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  };
}

/**
 * One pino logger for Fastify's request lines and Nest's own. Writes are asynchronous (sonic-boom), and in
 * production buffered in 4 KB chunks: synchronous writes of one line per request cost the API ~40 % of its
 * throughput (docs/benchmarks.md). Pino flushes the buffer when the process exits.
 */
export function createRootLogger(config: AppConfig): Logger {
  const destination = pino.destination({ dest: 1, sync: false, minLength: config.nodeEnv === 'production' ? 4096 : 0 });
  return pino(pinoOptions(config), destination);
}

/**
 * The logger of the one line per request, on the root logger's stream. That line is built from named fields
 * (method, url, ip, status, time; never headers), so it skips redaction, which walked and cloned every
 * request's log object (~3 % of a public request's CPU, docs/benchmarks.md).
 */
export function createRequestLogger(config: AppConfig, root: Logger): Logger {
  const { redact: _unused, ...options } = pinoOptions(config);
  const stream = (root as unknown as Record<symbol, pino.DestinationStream>)[pino.symbols.streamSym]!;
  return pino(options, stream);
}

/** Request ids: reuse a sane incoming `x-request-id` (from a proxy), otherwise mint one. */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
}

/** Routes Nest's own log lines (module start-up, job handlers) through the same pino logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) { this.write('info', message, context); }
  error(message: unknown, trace?: string, context?: string) { this.write('error', message, context, trace); }
  warn(message: unknown, context?: string) { this.write('warn', message, context); }
  debug(message: unknown, context?: string) { this.write('debug', message, context); }
  verbose(message: unknown, context?: string) { this.write('trace', message, context); }
  fatal(message: unknown, context?: string) { this.write('fatal', message, context); }

  private write(level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal', message: unknown, context?: string, trace?: string) {
    if (typeof message === 'object' && message !== null) this.logger[level]({ context, trace, ...message });
    else this.logger[level]({ context, trace }, String(message));
  }
}
