import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { pino } from 'pino';
import { createRootLogger, DroppedLogLines, HealthProbeCount, jsonString, LazyRequestLogger, LOG_BACKLOG_MAX_BYTES, RequestLog, type RequestLine } from './logger.js';

const line: RequestLine = { reqId: 'r-1', method: 'GET', url: '/api/health', ip: '127.0.0.1', statusCode: 200, responseTime: 0.25 };

/** A sink that keeps what it is given, chunk by chunk. */
function sink() {
  const chunks: string[] = [];
  return { chunks, write: (chunk: string) => chunks.push(chunk), lines: () => chunks.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('RequestLog', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('writes the line pino wrote: same keys, same order, the root logger\'s base fields', () => {
    const out = sink();
    new RequestLog(out, { chunkChars: 0, maxDelayMs: 1000, bindings: ',"service":"redpen"' }).write(line);
    const ours = out.lines()[0]!;
    // What pino writes for the same fields through a logger with the same base.
    const theirs: string[] = [];
    pino({ base: { service: 'redpen' } }, { write: (s: string) => theirs.push(s) }).info({ reqId: 'r-1', req: { method: 'GET', url: '/api/health', ip: '127.0.0.1' }, res: { statusCode: 200 }, responseTime: 0.25 }, 'request completed');
    const reference = JSON.parse(theirs[0]!) as Record<string, unknown>;
    expect(Object.keys(ours)).toEqual(Object.keys(reference));
    expect({ ...ours, time: 0 }).toEqual({ ...reference, time: 0 });
    expect(typeof ours.time).toBe('number');
  });

  it('escapes what a client chose: the url', () => {
    const out = sink();
    const url = '/api/x?q="a\\b"\u0001\u2028';
    new RequestLog(out, { chunkChars: 0, maxDelayMs: 1000, bindings: '' }).write({ ...line, url });
    expect(out.lines()[0]!.req).toEqual({ method: 'GET', url, ip: '127.0.0.1' });
  });

  it('hands lines over in chunks, the rest after at most maxDelayMs or on flush', () => {
    jest.useFakeTimers();
    const measured = sink();
    new RequestLog(measured, { chunkChars: 0, maxDelayMs: 1000, bindings: '' }).write(line);
    const out = sink();
    // Chunks of three lines (each r-N line is as long as the measured one).
    const log = new RequestLog(out, { chunkChars: 3 * measured.chunks[0]!.length, maxDelayMs: 1000, bindings: '' });
    for (let i = 0; i < 2; i++) log.write({ ...line, reqId: `r-${i}` });
    expect(out.chunks).toHaveLength(0);
    log.write({ ...line, reqId: 'r-2' });
    expect(out.chunks).toHaveLength(1);
    log.write({ ...line, reqId: 'r-3' });
    expect(out.chunks).toHaveLength(1);
    jest.advanceTimersByTime(1000);
    expect(out.chunks).toHaveLength(2);
    log.write({ ...line, reqId: 'r-4' });
    log.flush();
    expect(out.lines().map((l) => l.reqId)).toEqual(['r-0', 'r-1', 'r-2', 'r-3', 'r-4']);
    log.flush();
    expect(out.chunks).toHaveLength(3);
  });

  it('is not made when the level drops info lines', () => {
    const config = { logLevel: 'warn', nodeEnv: 'production' } as Parameters<typeof RequestLog.create>[0];
    expect(RequestLog.create(config, pino({ level: 'warn' }, { write: () => undefined }))).toBeNull();
  });

  it('counts the answered health probes at info, and writes each one at debug', () => {
    const written = (level: string) => {
      const lines: Array<Record<string, unknown>> = [];
      const root = pino({ level, base: { service: 'redpen' } }, { write: (s: string) => lines.push(JSON.parse(s) as Record<string, unknown>) });
      const log = RequestLog.create({ logLevel: level, nodeEnv: 'development' } as Parameters<typeof RequestLog.create>[0], root, new Set(['/api/health']))!;
      log.write({ ...line, reqId: 'probe' });
      log.write({ ...line, reqId: 'info', url: '/api' });
      log.flush();
      return lines.map((entry) => entry.reqId ?? entry.healthProbes);
    };
    expect(written('info')).toEqual(['info', 1]);
    expect(written('debug')).toEqual(['probe', 'info']);
  });

  it('keeps the probes\' count for its minute when a chunk goes out early (its delay), and writes both on flush', () => {
    jest.useFakeTimers();
    const out = sink();
    const reports: unknown[] = [];
    const probes = new HealthProbeCount({ info: ((fields: unknown) => reports.push(fields)) as never }, new Set(['/api/health']));
    const log = new RequestLog(out, { chunkChars: 10_000, maxDelayMs: 1000, bindings: '' }, probes);
    log.write(line);
    log.write({ ...line, url: '/api' });
    jest.advanceTimersByTime(1000);
    expect({ lines: out.lines().length, reports }).toEqual({ lines: 1, reports: [] });
    log.write(line);
    log.write({ ...line, url: '/api' });
    log.flush();
    expect({ lines: out.lines().length, reports }).toEqual({ lines: 2, reports: [{ healthProbes: 2, periodSeconds: 1 }] });
  });
});

describe('HealthProbeCount', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  function counting(periodMs = 60_000) {
    const reports: Array<[unknown, string]> = [];
    const probes = new HealthProbeCount({ info: ((fields: unknown, message: string) => reports.push([fields, message])) as never }, new Set(['/api/health', '/api/health/ready']), periodMs);
    return { probes, reports };
  }

  it('takes only answered GET or HEAD probes at their exact URLs; anything else is a request like any other', () => {
    const { probes } = counting();
    const ready = { ...line, url: '/api/health/ready' };
    expect([line, ready, { ...line, method: 'HEAD' }, { ...ready, statusCode: 204 }].map((probe) => probes.counted(probe))).toEqual([true, true, true, true]);
    const others: RequestLine[] = [
      { ...ready, statusCode: 503 },
      { ...line, statusCode: 500 },
      { ...line, statusCode: 304 },
      { ...line, statusCode: 101 },
      { ...line, method: 'POST', statusCode: 201 },
      { ...line, method: 'OPTIONS', statusCode: 204 },
      { ...line, url: '/api/health?from=monitor' },
      { ...line, url: '/api/health/' },
      { ...line, url: '/api/healthz' },
      { ...line, url: '/api' },
    ];
    expect(others.map((request) => probes.counted(request))).toEqual(others.map(() => false));
  });

  it('says how many a minute after the first, then starts again; nothing while none come', () => {
    jest.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z') });
    const { probes, reports } = counting();
    for (let i = 0; i < 5; i++) {
      probes.counted(line);
      jest.advanceTimersByTime(10_000);
    }
    expect(reports).toEqual([]);
    jest.advanceTimersByTime(10_000);
    expect(reports).toEqual([[{ healthProbes: 5, periodSeconds: 60 }, 'health probes answered']]);
    jest.advanceTimersByTime(10 * 60_000);
    expect(reports).toHaveLength(1);
    probes.counted(line);
    probes.counted(line);
    jest.advanceTimersByTime(60_000);
    expect(reports[1]).toEqual([{ healthProbes: 2, periodSeconds: 60 }, 'health probes answered']);
  });

  it('reports what it has counted when the log is flushed (shutdown), and nothing when it has nothing', () => {
    jest.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z') });
    const { probes, reports } = counting();
    probes.report();
    expect(reports).toEqual([]);
    probes.counted(line);
    jest.advanceTimersByTime(4_000);
    probes.counted(line);
    probes.report();
    expect(reports).toEqual([[{ healthProbes: 2, periodSeconds: 4 }, 'health probes answered']]);
    // The minute's timer went with the report: no second line for the same probes.
    jest.advanceTimersByTime(60_000);
    expect(reports).toHaveLength(1);
  });
});

describe('jsonString', () => {
  it('is JSON.stringify for every string, plain or not', () => {
    const samples = ['', 'GET', '/api/health?x=1&y=%20', '127.0.0.1', '::ffff:10.0.0.1', 'a"b', 'a\\b', '\u0000\u001f', '\u007f', 'é', '\u2028', '\ud800', '😀', '{"x":1}'];
    for (const value of samples) expect(jsonString(value)).toBe(JSON.stringify(value));
    // Every single code unit of the first 256 and both ends of each ASCII range.
    for (let code = 0; code < 256; code++) {
      const value = `x${String.fromCharCode(code)}y`;
      expect(jsonString(value)).toBe(JSON.stringify(value));
    }
  });
});

describe('LazyRequestLogger', () => {
  function root() {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ base: null, timestamp: false }, { write: (s: string) => lines.push(JSON.parse(s) as Record<string, unknown>) });
    return { logger, lines };
  }

  it('makes no child until something logs, then logs with the request\'s bindings', () => {
    const { logger, lines } = root();
    const child = jest.spyOn(logger, 'child');
    const requestLog = LazyRequestLogger.factory(logger, { reqId: 'r-9' }, {});
    expect(child).not.toHaveBeenCalled();
    expect(requestLog.level).toBe('info');
    requestLog.debug('dropped by the level');
    requestLog.warn({ code: 'X' }, 'reply was already sent');
    requestLog.error('hook failed');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toEqual([
      { level: 40, reqId: 'r-9', code: 'X', msg: 'reply was already sent' },
      { level: 50, reqId: 'r-9', msg: 'hook failed' },
    ]);
  });

  it('takes a level of its own and makes children of its child', () => {
    const { logger, lines } = root();
    const requestLog = LazyRequestLogger.factory(logger, { reqId: 'r-1' }, {});
    requestLog.level = 'debug';
    requestLog.child({ part: 'hook' }).debug('inside');
    expect(logger.level).toBe('info');
    expect(lines).toEqual([{ level: 20, reqId: 'r-1', part: 'hook', msg: 'inside' }]);
  });
});

describe('DroppedLogLines', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('reports what the stream dropped in one warning per episode, a few seconds later', () => {
    jest.useFakeTimers();
    const warnings: Array<[unknown, string]> = [];
    const stream = new EventEmitter();
    new DroppedLogLines({ warn: ((fields: unknown, message: string) => warnings.push([fields, message])) as never }, 5000).watch(stream);
    stream.emit('drop', '{"msg":"one"}\n');
    stream.emit('drop', '{"msg":"a"}\n{"msg":"b"}\n{"msg":"c"}\n');
    jest.advanceTimersByTime(4999);
    expect(warnings).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(warnings).toEqual([[{ droppedLines: 4, backlogMaxBytes: LOG_BACKLOG_MAX_BYTES }, '4 log lines were dropped: the log could not be written as fast as it came']]);
    stream.emit('drop', '{"msg":"later"}\n');
    jest.advanceTimersByTime(5000);
    expect(warnings.map(([fields]) => fields)).toEqual([
      { droppedLines: 4, backlogMaxBytes: LOG_BACKLOG_MAX_BYTES },
      { droppedLines: 1, backlogMaxBytes: LOG_BACKLOG_MAX_BYTES },
    ]);
  });

  it('is what the root logger\'s stream reports to, and that stream holds at most LOG_BACKLOG_MAX_BYTES', () => {
    const config = { logLevel: 'info', nodeEnv: 'production' } as Parameters<typeof createRootLogger>[0];
    const logger = createRootLogger(config) as unknown as Record<symbol, unknown>;
    const stream = logger[pino.symbols.streamSym] as EventEmitter & { maxLength: number; minLength: number; maxWrite: number };
    expect(stream.maxLength).toBe(LOG_BACKLOG_MAX_BYTES);
    expect(stream.maxWrite).toBe(64 * 1024);
    expect(stream.minLength).toBe(0);
    expect(stream.listenerCount('drop')).toBe(1);
  });
});
