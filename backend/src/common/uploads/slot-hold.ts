import type { ClientProgress } from './client-pace.js';
import type { UploadTap } from './upload-rule.js';
import type { UploadSlots } from './upload-slots.js';

/** How often a holder's client is looked at while others wait. */
const CHECK_EVERY_MS = 500;
/**
 * A holder hands its slot on when, over the last check, it spent at least half the time waiting for its client and
 * the client sent less than this (1 MiB/s: a 10 MB essay in ten seconds). Waiting on our own storage writes does not
 * count: the client is not slow then, the server is, and a second upload would not help.
 */
const KEEP_SLOT_BYTES_PER_SECOND = 1024 * 1024;

/**
 * One request's turn at an UploadSlots slot (a route whose files are kept in memory until worked on: an essay).
 * The slot is held while the body is received, as long as the client sends at speed. When the client is slow (or
 * stalls) while others wait, what the request keeps is moved to disk (its taps' `spill`) and the slot handed on,
 * so one slow connection does not hold every other essay of the process back: the slot bounds the memory of fast
 * bodies read at once, which a slow one hardly uses. The request goes on receiving without a slot and takes one
 * back, ahead of new arrivals, for the work on its files (`regain`). A request that never meets a slow client
 * behaves exactly as one slot held throughout.
 */
export class SlotHold {
  private held = true;
  private handingOn: Promise<void> | undefined;
  private readonly taps: UploadTap[] = [];
  private watching: NodeJS.Timeout | undefined;

  private constructor(
    private readonly slots: UploadSlots,
    private readonly clock: () => number,
  ) {}

  /** Waits for a slot (503 SERVICE_BUSY after the slots' wait). */
  static async take(slots: UploadSlots, clock: () => number = () => performance.now()): Promise<SlotHold> {
    await slots.acquire();
    return new SlotHold(slots, clock);
  }

  /** Whether the request holds its slot now. */
  get holding(): boolean {
    return this.held && !this.handingOn;
  }

  /** Looks at the client's progress while the body is received, until `regain` or `release`. */
  watch(client: ClientProgress): void {
    let last = { at: this.clock(), waitedMs: client.waitedMs, received: client.received };
    this.watching = setInterval(() => {
      const now = { at: this.clock(), waitedMs: client.waitedMs, received: client.received };
      const elapsedMs = now.at - last.at;
      const slow = now.waitedMs - last.waitedMs >= elapsedMs / 2 && now.received - last.received < (KEEP_SLOT_BYTES_PER_SECOND * elapsedMs) / 1000;
      last = now;
      if (slow && this.holding && this.slots.contended) this.handingOn = this.handOn();
    }, CHECK_EVERY_MS);
    this.watching.unref();
  }

  /** A tap of this request's: spilled when the slot is handed on, or at once if it already has been. */
  async adopt(tap: UploadTap): Promise<void> {
    this.taps.push(tap);
    if (!this.holding) await tap.spill?.();
  }

  /** Holds the slot again (if it was handed on), ahead of those waiting; the client is no longer watched. */
  async regain(): Promise<void> {
    this.stopWatching();
    if (this.handingOn) await this.handingOn;
    if (this.held) return;
    await this.slots.acquire({ ahead: true });
    this.held = true;
  }

  /** Gives the slot back if held, and lets go of what the taps still hold. Once, when the request is over. */
  release(): void {
    this.stopWatching();
    if (this.held) {
      this.held = false;
      this.slots.release();
    }
    for (const tap of this.taps) void tap.discard?.();
  }

  private async handOn(): Promise<void> {
    try {
      await Promise.all(this.taps.map((tap) => tap.spill?.()));
    } catch {
      // The slot stays held (the bytes are still in memory); the failed tap fails the upload on its next write.
      return;
    } finally {
      this.handingOn = undefined;
    }
    // Released meanwhile (the request ended while its taps spilled): the slot is already given back.
    if (!this.held) return;
    this.held = false;
    this.slots.release();
    this.stopWatching();
  }

  private stopWatching(): void {
    clearInterval(this.watching);
    this.watching = undefined;
  }
}
