import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { pino } from 'pino';
import { RequestLog, type RequestLine } from './logger.js';

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
});
