import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { ClientProgress } from './client-pace.js';
import { SlotHold } from './slot-hold.js';
import type { UploadTap } from './upload-rule.js';
import { UploadSlots } from './upload-slots.js';

const MiB = 1024 * 1024;

/** A tap that records its spills and discards; `failSpill` makes its spill fail (a full disk). */
function tap(failSpill = false) {
  const calls: string[] = [];
  const value: UploadTap = {
    write: () => undefined,
    spill: async () => {
      calls.push('spill');
      if (failSpill) throw new Error('disk full');
    },
    discard: async () => void calls.push('discard'),
  };
  return { value, calls };
}

/** A client whose progress the test moves: `sends(bytes, waitedMs)` over each 500 ms check. */
function client() {
  const progress = { received: 0, waitedMs: 0 };
  return {
    progress: progress as ClientProgress,
    async sends(bytes: number, waitedMs: number) {
      progress.received += bytes;
      progress.waitedMs += waitedMs;
      await jest.advanceTimersByTimeAsync(500);
    },
  };
}

describe('SlotHold', () => {
  let slots: UploadSlots;
  const take = () => SlotHold.take(slots, () => Date.now());
  /** Someone else asks for the slot; `got()` says whether they have it yet. */
  function waiter() {
    let got = false;
    const taken = slots.acquire().then(() => (got = true));
    return { got: () => got, taken };
  }

  /** A hold whose stalled client made it hand the slot on to someone who waited (and now has it). */
  async function handedOn() {
    const hold = await take();
    const slow = client();
    hold.watch(slow.progress);
    const first = waiter();
    await slow.sends(0, 500);
    await first.taken;
    return hold;
  }

  beforeEach(() => {
    jest.useFakeTimers({ now: 0, doNotFake: ['nextTick', 'setImmediate'] });
    slots = new UploadSlots(1, 60_000);
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('hands the slot on when its client stalls while someone waits, spilling its taps first', async () => {
    const hold = await take();
    const essay = tap();
    await hold.adopt(essay.value);
    const stalled = client();
    hold.watch(stalled.progress);
    // Nobody waits: a stalled client keeps its slot.
    await stalled.sends(0, 500);
    expect(hold.holding).toBe(true);
    const next = waiter();
    await stalled.sends(0, 500);
    await next.taken;
    expect(next.got()).toBe(true);
    expect(hold.holding).toBe(false);
    expect(essay.calls).toEqual(['spill']);
    hold.release();
    slots.release();
    expect(slots.contended).toBe(false);
  });

  it('keeps the slot while its client sends at 1 MiB/s or more, or while the server (not the client) is the one slow', async () => {
    const hold = await take();
    const fast = client();
    hold.watch(fast.progress);
    const next = waiter();
    for (let i = 0; i < 4; i++) await fast.sends(MiB / 2, 450);
    // Few bytes, but the time went on our own writes (the client was waited for 100 ms of 500).
    for (let i = 0; i < 4; i++) await fast.sends(1024, 100);
    expect(hold.holding).toBe(true);
    expect(next.got()).toBe(false);
    hold.release();
    await next.taken;
  });

  it('spills a tap adopted after the slot was handed on at once, and discards every tap on release', async () => {
    const hold = await handedOn();
    const later = tap();
    await hold.adopt(later.value);
    expect(later.calls).toEqual(['spill']);
    hold.release();
    await jest.advanceTimersByTimeAsync(0);
    expect(later.calls).toEqual(['spill', 'discard']);
    slots.release();
  });

  it('takes the slot back for the work ahead of those who came later, and gives it back once', async () => {
    const hold = await handedOn();
    const second = waiter();
    const regained = hold.regain();
    await jest.advanceTimersByTimeAsync(0);
    slots.release(); // the first waiter is done
    await regained;
    expect(hold.holding).toBe(true);
    expect(second.got()).toBe(false);
    hold.release();
    hold.release();
    await second.taken;
    expect(second.got()).toBe(true);
    slots.release();
    // Had the hold given its slot back twice, a third would now find two free.
    await slots.acquire();
    const third = waiter();
    await jest.advanceTimersByTimeAsync(0);
    expect(third.got()).toBe(false);
    slots.release();
    await third.taken;
  });

  it('keeps the slot when a tap cannot spill (the bytes are still in memory)', async () => {
    const hold = await take();
    const full = tap(true);
    await hold.adopt(full.value);
    const stalled = client();
    hold.watch(stalled.progress);
    const next = waiter();
    await stalled.sends(0, 500);
    expect(full.calls[0]).toBe('spill');
    expect(hold.holding).toBe(true);
    expect(next.got()).toBe(false);
    hold.release();
    await next.taken;
    slots.release();
  });

  it('never watches after regain: a request at work is not asked to hand on', async () => {
    const hold = await take();
    const stalled = client();
    hold.watch(stalled.progress);
    await hold.regain();
    const next = waiter();
    await stalled.sends(0, 500);
    await stalled.sends(0, 500);
    expect(hold.holding).toBe(true);
    expect(next.got()).toBe(false);
    hold.release();
    await next.taken;
    slots.release();
  });
});
