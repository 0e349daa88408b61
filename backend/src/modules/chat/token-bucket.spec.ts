import { describe, expect, it } from '@jest/globals';
import { TokenBucket } from './token-bucket.js';

describe('TokenBucket', () => {
  it('allows a burst, refuses the next, then refills at the rate', () => {
    let now = 0;
    const bucket = new TokenBucket(10, 20, () => now);
    const burst = Array.from({ length: 21 }, () => bucket.take());
    expect(burst.filter(Boolean)).toHaveLength(20);
    expect(burst[20]).toBe(false);
    now += 100; // 0.1 s at 10/s: one more token
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
    now += 10_000; // never more than the burst
    expect(Array.from({ length: 25 }, () => bucket.take()).filter(Boolean)).toHaveLength(20);
  });
});
