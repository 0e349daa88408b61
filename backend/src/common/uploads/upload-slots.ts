import { serviceBusy } from '../errors.js';

/**
 * A fixed number of slots for upload work, taken in the order asked: how many uploads of the routes that keep a file
 * in memory (`UploadRule.oneSlotEach`) one process receives at once (UPLOADS_AT_ONCE). The others wait for a slot,
 * their clients paused by TCP backpressure (their bodies are not read meanwhile), and give up after `waitMs` with
 * 503 SERVICE_BUSY and Retry-After. SlotHold is how a request holds one.
 */
export class UploadSlots {
  private busy = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly size: number,
    private readonly waitMs: number,
  ) {}

  /** Whether anyone is waiting for a slot. */
  get contended(): boolean {
    return this.waiting.length > 0;
  }

  /**
   * Resolves holding a slot (call `release` once done), or rejects with 503 after `waitMs`. `ahead`: before those
   * already waiting (a request taking its slot back for a moment's work on what it has received).
   */
  acquire({ ahead = false } = {}): Promise<void> {
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
      if (ahead) this.waiting.unshift(take);
      else this.waiting.push(take);
    });
  }

  release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next in line (busy stays the same).
    if (next) next();
    else this.busy--;
  }
}
