import { UploadSlots } from '../../common/uploads/upload-slots.js';

/**
 * A fixed number of reusable part buffers shared by every upload of the process: the memory uploads may hold
 * is `count × size`, however many arrive at once. An upload waits for a free buffer (UploadSlots: its client is
 * paused by TCP backpressure meanwhile) and gives up with 503 after `waitMs`, so slow clients cannot queue work forever.
 */
export class PartBuffers {
  private readonly free: Buffer[] = [];
  private readonly slots: UploadSlots;

  constructor(
    readonly size: number,
    readonly count: number,
    waitMs: number,
  ) {
    this.slots = new UploadSlots(count, waitMs);
  }

  async acquire(): Promise<Buffer> {
    await this.slots.acquire();
    // Uninitialised on purpose: only the bytes an upload writes (`subarray(0, filled)`) are ever sent.
    return this.free.pop() ?? Buffer.allocUnsafeSlow(this.size);
  }

  /** The buffer goes back to the pool, and its slot to the next upload waiting (which takes this buffer). */
  release(buffer: Buffer): void {
    this.free.push(buffer);
    this.slots.release();
  }
}
