import { describe, expect, it } from '@jest/globals';
import { UploadSlots } from './upload-slots.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** Runs `work` holding a slot, released however it ends (as SlotHold's take and release do). */
async function run<R>(slots: UploadSlots, work: () => Promise<R>, options?: { ahead?: boolean }): Promise<R> {
  await slots.acquire(options);
  try {
    return await work();
  } finally {
    slots.release();
  }
}

/** A piece of work that runs until `finish()` is called; `started` says whether it has begun. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const work = { started: false, finish: () => finish(), run: async () => {
    work.started = true;
    await done;
    return 'ok';
  } };
  return work;
}

describe('UploadSlots', () => {
  it('runs at most `size` at once; the others start in the order they came as slots free', async () => {
    const slots = new UploadSlots(2, 10_000);
    const works = [held(), held(), held(), held()];
    const results = works.map((w) => run(slots, w.run));
    await tick();
    expect(works.map((w) => w.started)).toEqual([true, true, false, false]);
    works[1]!.finish();
    await tick();
    expect(works.map((w) => w.started)).toEqual([true, true, true, false]);
    works[0]!.finish();
    await tick();
    expect(works.map((w) => w.started)).toEqual([true, true, true, true]);
    works[2]!.finish();
    works[3]!.finish();
    expect(await Promise.all(results)).toEqual(['ok', 'ok', 'ok', 'ok']);
  });

  it('frees the slot when the work throws', async () => {
    const slots = new UploadSlots(1, 10_000);
    await expect(run(slots, async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await run(slots, async () => 'next')).toBe('next');
  });

  it('answers 503 SERVICE_BUSY with Retry-After to one that waited too long, and the queue moves on without it', async () => {
    const slots = new UploadSlots(1, 20);
    const first = held();
    const running = run(slots, first.run);
    await expect(run(slots, async () => 'never')).rejects.toMatchObject({ status: 503, response: { code: 'SERVICE_BUSY', retryAfterSeconds: 5 } });
    const later = run(slots, async () => 'later');
    first.finish();
    expect(await running).toBe('ok');
    expect(await later).toBe('later');
  });

  it('says whether anyone waits, and puts one asking `ahead` before those already waiting', async () => {
    const slots = new UploadSlots(1, 10_000);
    const first = held();
    const running = run(slots, first.run);
    expect(slots.contended).toBe(false);
    const order: string[] = [];
    const queued = run(slots, async () => order.push('queued'));
    const ahead = run(slots, async () => order.push('ahead'), { ahead: true });
    expect(slots.contended).toBe(true);
    first.finish();
    await Promise.all([running, queued, ahead]);
    expect(order).toEqual(['ahead', 'queued']);
    expect(slots.contended).toBe(false);
  });
});
