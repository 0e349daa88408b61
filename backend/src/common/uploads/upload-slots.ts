import { serviceBusy } from '../errors.js';

/**
 * A fixed number of slots for upload work, taken in the order asked: how many uploads of the routes that keep a file
 * in memory (`UploadRule.oneSlotEach`) one process receives at once (UPLOADS_AT_ONCE). The others wait for a slot,
 * their clients paused by TCP backpressure (their bodies are not read meanwhile), and give up after `waitMs` with
 * 503 SERVICE_BUSY and Retry-After.
 */
export class UploadSlots {
  private busy = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly size: number,
    private readonly waitMs: number,
  ) {}

  /** Runs `work` holding a slot, released however it ends. */
  async run<R>(work: () => Promise<R>): Promise<R> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Resolves holding a slot (call `release` once done), or rejects with 503 after `waitMs`. */
  acquire(): Promise<void> {
    if (this.busy < this.size) {
      this.busy++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const take = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(take), 1);
        reject(serviceBusy('Too many uploads at once. Please try again shortly.', 5));
      }, this.waitMs);
      this.waiting.push(take);
    });
  }

  release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next in line (busy stays the same).
    if (next) next();
    else this.busy--;
  }
}
