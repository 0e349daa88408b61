import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import type { FastifyBaseLogger } from 'fastify';
import { pino, type Bindings, type ChildLoggerOptions, type Logger, type LoggerOptions } from 'pino';
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
 * What may wait to be written, at most: 16 MiB, ~65,000 request lines, over a second of this API at full load.
 * Past it lines are dropped and counted (`DroppedLogLines`) rather than queued until the process runs out of memory.
 */
export const LOG_BACKLOG_MAX_BYTES = 16 * 1024 * 1024;

/**
 * The most one write takes from the backlog. sonic-boom writes one buffer at a time and its default, 16 KiB, is about
 * one chunk of request lines: with the CPU saturated (measured pinned to one core at ~45,000 requests/s) that was
 * slower than the lines came, and the backlog grew by ~0.6 MB/s until it was full. 64 KiB keeps up there (no
 * backlog after 30 s); a larger one only costs more, as sonic-boom measures the buffer it appends to on every write.
 */
const LOG_MAX_WRITE_BYTES = 64 * 1024;

/**
 * One pino logger for Fastify's request lines and Nest's own, writing asynchronously (sonic-boom) to stdout: a line
 * goes out as soon as the write before it has finished, and the request lines arrive in ~15 KB chunks (RequestLog),
 * so a busy API makes one write per ~60 requests. Nothing waits for a buffer to fill: a lone error line at a quiet
 * moment is written at once. Lines still queued when the process exits are written synchronously by pino's exit
 * handler, which is why the shutdown hooks end with `process.exit` (SHUTDOWN_HOOKS_OPTIONS).
 */
export function createRootLogger(config: AppConfig): Logger {
  const destination = pino.destination({ dest: 1, sync: false, maxLength: LOG_BACKLOG_MAX_BYTES, maxWrite: LOG_MAX_WRITE_BYTES });
  const logger = pino(pinoOptions(config), destination);
  new DroppedLogLines(logger).watch(destination);
  return logger;
}

/**
 * Adds up something that happens often and says how many in one line (`say`), `periodMs` after the first of a
 * period or sooner on `report()`, then starts a new period; a period with nothing in it says nothing.
 */
export class Tally {
  private count = 0;
  private since = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly periodMs: number,
    private readonly say: (count: number, elapsedMs: number) => void,
  ) {}

  add(count = 1): void {
    if (this.count === 0) this.since = Date.now();
    this.count += count;
    this.timer ??= setTimeout(() => this.report(), this.periodMs).unref();
  }

  report(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.count === 0) return;
    const count = this.count;
    this.count = 0;
    this.say(count, Date.now() - this.since);
  }
}

/**
 * Counts the lines the log stream drops (its backlog full) and says so in one warning a few seconds later, once
 * per episode, so a gap in the log is never silent. The warning goes through the same stream: dropped too if the
 * backlog is still full, it is counted and reported with the next.
 */
export class DroppedLogLines {
  private readonly tally: Tally;

  constructor(logger: Pick<Logger, 'warn'>, reportAfterMs = 5000) {
    this.tally = new Tally(reportAfterMs, (lines) =>
      logger.warn({ droppedLines: lines, backlogMaxBytes: LOG_BACKLOG_MAX_BYTES }, `${lines} log lines were dropped: the log could not be written as fast as it came`),
    );
  }

  watch(stream: { on(event: 'drop', listener: (data: string) => void): unknown }): void {
    stream.on('drop', (data) => this.dropped(data));
  }

  dropped(data: string): void {
    // A dropped write is one line or a chunk of whole lines.
    let lines = 0;
    for (let at = data.indexOf('\n'); at !== -1; at = data.indexOf('\n', at + 1)) lines++;
    this.tally.add(Math.max(lines, 1));
  }
}

/**
 * The shutdown hooks' options for the API and the worker (with every signal Nest knows): after Nest's shutdown
 * they `process.exit`, so pino's exit handler writes the lines still queued. Nest's default re-raises the signal
 * instead, and a process that dies by a signal never emits `exit`: its last lines were lost.
 */
export const SHUTDOWN_HOOKS_OPTIONS = { useProcessExit: true };

/** What the one line per request says: named fields only, never headers (so it needs no redaction). */
export interface RequestLine {
  reqId: string;
  method: string;
  url: string;
  ip: string;
  statusCode: number;
  responseTime: number;
}

interface LineSink {
  write(chunk: string): unknown;
}

/**
 * The one line per request, in pino's JSON shape (`level`, `time`, `service`, `reqId`, `req`, `res`,
 * `responseTime`, `msg`), written to the root logger's stream. Built from a template and handed to the stream
 * in chunks: through pino (its key walk and serialisers) and sonic-boom's per-write length checks, which
 * re-measure the whole unwritten buffer on every line, the line cost about a sixth of a public request's CPU
 * (docs/benchmarks.md). A chunk waits at most `maxDelayMs`, and `flush()` (the app's onClose) writes the rest.
 */
export class RequestLog {
  private pending = '';
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly sink: LineSink,
    private readonly options: { chunkChars: number; maxDelayMs: number; bindings: string },
    /** Counts the answered health probes instead of a line each; null writes every request's line. */
    private readonly probes: HealthProbeCount | null = null,
  ) {}

  /**
   * Null when the configured level drops `info` lines. Production hands over ~15 KB at a time (one write per ~60
   * lines; chunks that queue behind a write go out together, up to LOG_MAX_WRITE_BYTES), development each line as it
   * comes. Answered health probes (`probeUrls`) are counted, one line a minute, unless the level is `debug` or finer.
   */
  static create(config: AppConfig, root: Logger, probeUrls: ReadonlySet<string> = new Set()): RequestLog | null {
    if (!root.isLevelEnabled('info')) return null;
    const sink = (root as unknown as Record<symbol, LineSink>)[pino.symbols.streamSym]!;
    // The root logger's base fields, as pino writes them after `time`: `,"service":"redpen"`.
    const bindings = Object.entries(pinoOptions(config).base ?? {}).map(([key, value]) => `,${JSON.stringify(key)}:${JSON.stringify(value)}`).join('');
    const probes = !root.isLevelEnabled('debug') ? new HealthProbeCount(root, probeUrls) : null;
    return new RequestLog(sink, { chunkChars: config.nodeEnv === 'production' ? 15_000 : 0, maxDelayMs: 1000, bindings }, probes);
  }

  write(line: RequestLine): void {
    if (this.probes?.counted(line)) return;
    const text =
      `{"level":30,"time":${Date.now()}${this.options.bindings},"reqId":${jsonString(line.reqId)},` +
      `"req":{"method":${jsonString(line.method)},"url":${jsonString(line.url)},"ip":${jsonString(line.ip)}},` +
      `"res":{"statusCode":${line.statusCode}},"responseTime":${line.responseTime},"msg":"request completed"}\n`;
    if (this.options.chunkChars === 0) {
      this.sink.write(text);
      return;
    }
    this.pending += text;
    if (this.pending.length >= this.options.chunkChars) this.handOver();
    else this.timer ??= setTimeout(() => this.handOver(), this.options.maxDelayMs).unref();
  }

  /** Writes the batched lines now, and the health probes counted so far (the app's onClose). */
  flush(): void {
    this.handOver();
    this.probes?.report();
  }

  private handOver(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.pending) return;
    const chunk = this.pending;
    this.pending = '';
    this.sink.write(chunk);
  }
}

/**
 * The health probes' share of the request log: a liveness or readiness probe answered 2xx is counted, and the count
 * goes out as one `health probes answered` line a minute (`healthProbes`, `periodSeconds`) instead of a line per
 * probe. Probes are the one request nobody reads one by one (a container check, a load balancer, an uptime monitor
 * asking every few seconds), and their line was most of what a probe cost (docs/benchmarks.md). Everything else
 * about them is still logged each time: a failed probe (503 from readiness, any error), any other method, a URL with
 * a query string. `LOG_LEVEL=debug` logs every probe as it comes (RequestLog.create makes no count).
 */
export class HealthProbeCount {
  private readonly tally: Tally;

  /** `urls`: the probe routes' URLs, filled in as the routes are registered (`HEALTH_PROBE_ROUTE`). */
  constructor(
    logger: Pick<Logger, 'info'>,
    private readonly urls: ReadonlySet<string>,
    periodMs = 60_000,
  ) {
    this.tally = new Tally(periodMs, (healthProbes, elapsedMs) =>
      logger.info({ healthProbes, periodSeconds: Math.max(1, Math.round(elapsedMs / 1000)) }, 'health probes answered'),
    );
  }

  /** True when `line` is an answered probe, now counted (and so not written). */
  counted(line: RequestLine): boolean {
    if (line.statusCode < 200 || line.statusCode > 299 || !this.urls.has(line.url) || (line.method !== 'GET' && line.method !== 'HEAD')) return false;
    this.tally.add();
    return true;
  }

  /** Writes the count so far, if any probe was answered since the last one. */
  report(): void {
    this.tally.report();
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A health probe's route: its answered requests are counted in the log, not a line each (HealthProbeCount). */
    healthProbe?: boolean;
  }
}

/** The route config of the health probes: `@RouteConfig(HEALTH_PROBE_ROUTE)` (modules/health). */
export const HEALTH_PROBE_ROUTE = Object.freeze({ healthProbe: true });

// Printable ASCII without `"` or `\`: a JSON string needs nothing but the quotes around it.
const NOTHING_TO_ESCAPE = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * `value` as a JSON string. The request line's four strings are almost always plain ASCII (a UUID, a method, a
 * path, an address), and quoting those directly takes half the time of JSON.stringify, which does the rest.
 */
export function jsonString(value: string): string {
  return NOTHING_TO_ESCAPE.test(value) ? `"${value}"` : JSON.stringify(value);
}

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Fastify's per-request logger (`request.log`), made on first use. Fastify binds a pino child to every request,
 * but only its own rare paths (a failing hook, a reply sent twice) log through it: the request line is
 * RequestLog's and the error filter logs through Nest. Making the child up front was ~0.5 µs of a public
 * request's ~20 (docs/benchmarks.md). Passed to Fastify as `childLoggerFactory`.
 */
export class LazyRequestLogger implements FastifyBaseLogger {
  private made: Logger | null = null;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  static factory(this: void, parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
    return new LazyRequestLogger(parent as Logger, bindings, options);
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  // Methods on the prototype, not arrow fields: one object per request and no closures.
  fatal(...args: unknown[]): void { this.call('fatal', args); }
  error(...args: unknown[]): void { this.call('error', args); }
  warn(...args: unknown[]): void { this.call('warn', args); }
  info(...args: unknown[]): void { this.call('info', args); }
  debug(...args: unknown[]): void { this.call('debug', args); }
  trace(...args: unknown[]): void { this.call('trace', args); }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }

  private call(method: LogMethod, args: unknown[]): void {
    const logger = this.logger();
    (logger[method] as (...a: unknown[]) => void).apply(logger, args);
  }

  private logger(): Logger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }
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
