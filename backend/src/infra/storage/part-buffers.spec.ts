import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ServiceUnavailableException } from '@nestjs/common';
import { PartBuffers } from './part-buffers.js';

// Layer 1: the memory uploads may hold is capped by the pool, whatever the number of uploads at once.
describe('PartBuffers', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('creates at most `count` buffers and reuses them', async () => {
    const pool = new PartBuffers(16, 2, 1000);
    const a = await pool.acquire();
    const b = await pool.acquire();
    expect(a).not.toBe(b);
    pool.release(a);
    expect(await pool.acquire()).toBe(a);
  });

  it('makes the next upload wait for a released buffer rather than allocating one', async () => {
    const pool = new PartBuffers(16, 1, 1000);
    const a = await pool.acquire();
    let got: Buffer | undefined;
    const waiting = pool.acquire().then((buffer) => (got = buffer));
    await Promise.resolve();
    expect(got).toBeUndefined();
    pool.release(a);
    await waiting;
    expect(got).toBe(a);
  });

  it('answers 503 SERVICE_BUSY to an upload that waited too long, and forgets it', async () => {
    const pool = new PartBuffers(16, 1, 1000);
    const a = await pool.acquire();
    const late = pool.acquire();
    jest.advanceTimersByTime(1001);
    await expect(late).rejects.toBeInstanceOf(ServiceUnavailableException);
    await expect(late).rejects.toMatchObject({ response: { code: 'SERVICE_BUSY' } });
    pool.release(a);
    expect(await pool.acquire()).toBe(a); // the timed-out waiter did not take it
  });
});
