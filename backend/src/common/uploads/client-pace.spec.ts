import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { HttpStatus, RequestTimeoutException } from '@nestjs/common';
import { ClientPace } from './client-pace.js';

/** A client whose next chunk (of `size` bytes) arrives `delays[i]` ms after it is asked for; then the body ends. */
function client(delays: number[], size = 100) {
  let asked = 0;
  const source: AsyncIterator<Buffer> = {
    next: () => {
      const delay = delays[asked++];
      if (delay === undefined) return Promise.resolve({ done: true, value: undefined });
      return new Promise((resolve) => setTimeout(() => resolve({ done: false, value: Buffer.alloc(size) }), delay));
    },
  };
  return { source, asked: () => asked };
}

/** Reads the whole body through the pace, `between` ms of our own work after each chunk; the chunks read, or the error. */
async function readAll(pace: ClientPace, source: AsyncIterator<Buffer>, between = 0): Promise<{ chunks: number; error?: unknown }> {
  let chunks = 0;
  try {
    while (!(await pace.next(source, (chunk) => chunk.length)).done) {
      chunks++;
      if (between) await new Promise((resolve) => setTimeout(resolve, between));
    }
    return { chunks };
  } catch (error) {
    return { chunks, error };
  }
}

describe('ClientPace', () => {
  let stops: Error[];
  const pace = (idleMs: number, minBytesPerSecond: number, maxWaitMs = 3_600_000) =>
    new ClientPace({ idleMs, minBytesPerSecond, maxWaitMs }, (reason) => stops.push(reason), () => Date.now());

  beforeEach(() => {
    stops = [];
    jest.useFakeTimers({ now: 0, doNotFake: ['nextTick', 'setImmediate'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  async function run<T>(work: Promise<T>): Promise<T> {
    await jest.advanceTimersByTimeAsync(60_000);
    return work;
  }

  it('lets a body that keeps coming through, however long it takes in all', async () => {
    // 100 bytes every 90 ms is ~1,100 B/s, above the 1,000 asked; 300 chunks take 27 s against a 100 ms idle limit.
    const { source } = client(Array(300).fill(90));
    const p = pace(100, 1000);
    expect(await run(readAll(p, source))).toEqual({ chunks: 300 });
    expect(stops).toEqual([]);
    expect(p.timedOut).toBeUndefined();
  });

  it('stops a client that sends nothing for longer than the idle limit: 408 UPLOAD_TIMEOUT, the stream stopped once', async () => {
    const { source, asked } = client([10, 10, 5_000, 10]);
    const p = pace(1_000, 1);
    const result = await run(readAll(p, source));
    expect(result.chunks).toBe(2);
    expect(result.error).toBeInstanceOf(RequestTimeoutException);
    expect((result.error as RequestTimeoutException).getStatus()).toBe(HttpStatus.REQUEST_TIMEOUT);
    expect((result.error as RequestTimeoutException).getResponse()).toMatchObject({ code: 'UPLOAD_TIMEOUT', closeConnection: true });
    expect(stops).toEqual([result.error]);
    // Once stopped, every later read fails at once without asking the client again.
    await expect(p.next(source)).rejects.toBe(result.error);
    expect(asked()).toBe(3);
    expect(stops).toHaveLength(1);
  });

  it('stops a client that trickles: each wait under the idle limit, the average under the rate', async () => {
    // 100 bytes every 900 ms is ~111 B/s against 1,000 asked: each chunk earns 100 ms and costs 900.
    const { source } = client(Array(100).fill(900));
    const result = await run(readAll(pace(1_000, 1000), source));
    expect(result.error).toBeInstanceOf(RequestTimeoutException);
    // Credit: 1,000 ms of grace + 100 ms a chunk, 900 ms spent on each: the first comes in time, then 200 ms are left.
    expect(result.chunks).toBe(1);
    expect(stops).toHaveLength(1);
  });

  it('does not bank what a fast start earned beyond the longest total wait', async () => {
    // 1 MB at once earns ~1,000 s at 1,000 B/s; then a byte every 900 ms (each under the idle limit) lives on that
    // credit, but only until 5 s of waiting in all.
    let asked = 0;
    const source: AsyncIterator<Buffer> = {
      next: () => new Promise((resolve) => setTimeout(() => resolve({ done: false, value: Buffer.alloc(asked++ === 0 ? 1_000_000 : 1) }), asked === 0 ? 0 : 900)),
    };
    const result = await run(readAll(pace(1_000, 1000, 5_000), source));
    expect(result.error).toBeInstanceOf(RequestTimeoutException);
    // The first at once, then 900 ms each: a seventh would end at 5,400 ms of waiting.
    expect(result.chunks).toBe(6);
  });

  it('counts only the time spent waiting for the client, not our own work between reads', async () => {
    // Each chunk comes at once, but we take 5 s over each (storage, counting): the client is not to blame.
    const { source } = client(Array(10).fill(0));
    expect(await run(readAll(pace(100, 1000), source, 5_000))).toEqual({ chunks: 10 });
    expect(stops).toEqual([]);
  });

  it('tells how the client has sent so far: bytes received, and time waited including the wait in progress', async () => {
    // Chunks of 100 bytes after 200 ms, then 300 ms; we take 1 s of our own between them, which is not waiting.
    const { source } = client([200, 300]);
    const p = pace(1_000, 1);
    const first = p.next(source, (chunk) => chunk.length);
    await jest.advanceTimersByTimeAsync(150);
    expect({ received: p.received, waitedMs: p.waitedMs }).toEqual({ received: 0, waitedMs: 150 });
    await jest.advanceTimersByTimeAsync(50);
    await first;
    await jest.advanceTimersByTimeAsync(1_000);
    expect({ received: p.received, waitedMs: p.waitedMs }).toEqual({ received: 100, waitedMs: 200 });
    const second = p.next(source, (chunk) => chunk.length);
    await jest.advanceTimersByTimeAsync(300);
    await second;
    expect({ received: p.received, waitedMs: p.waitedMs }).toEqual({ received: 200, waitedMs: 500 });
  });
});
