import { describe, expect, it } from '@jest/globals';
import { BookingGate } from './booking-gate.js';

describe('BookingGate', () => {
  it('runs at most `size` at once, the rest in order, and passes results and errors through', async () => {
    const gate = new BookingGate(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const work = (i: number) =>
      gate.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        order.push(i);
        if (i === 3) throw new Error('three');
        return i;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(work));
    expect(most).toBe(2);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([0, 1, 2, 'three', 4, 5]);
    expect(order.slice(0, 2).sort()).toEqual([0, 1]);
    // Free again afterwards: two at once run immediately.
    let immediate = 0;
    await Promise.all([gate.run(async () => void immediate++), gate.run(async () => void immediate++)]);
    expect(immediate).toBe(2);
  });
});
