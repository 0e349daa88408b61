import { ServiceUnavailableException } from '@nestjs/common';
import { coded } from '../../common/errors.js';

/**
 * A fixed number of reusable part buffers shared by every upload of the process: the memory uploads may hold
 * is `count × size`, however many arrive at once. An upload waits for a free buffer (its client is paused by
 * TCP backpressure meanwhile) and gives up with 503 after `waitMs`, so slow clients cannot queue work forever.
 */
export class PartBuffers {
  private readonly free: Buffer[] = [];
  private readonly waiting: ((buffer: Buffer) => void)[] = [];
  private created = 0;

  constructor(
    readonly size: number,
    readonly count: number,
    private readonly waitMs: number,
  ) {}

  async acquire(): Promise<Buffer> {
    const ready = this.free.pop();
    if (ready) return ready;
    if (this.created < this.count) {
      this.created++;
      // Uninitialised on purpose: only the bytes an upload writes (`subarray(0, filled)`) are ever sent.
      return Buffer.allocUnsafeSlow(this.size);
    }
    return new Promise<Buffer>((resolve, reject) => {
      const take = (buffer: Buffer) => {
        clearTimeout(timer);
        resolve(buffer);
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(take), 1);
        reject(new ServiceUnavailableException(coded('SERVICE_BUSY', 'Too many uploads at once. Please try again shortly.')));
      }, this.waitMs);
      this.waiting.push(take);
    });
  }

  release(buffer: Buffer): void {
    const next = this.waiting.shift();
    if (next) next(buffer);
    else this.free.push(buffer);
  }
}
