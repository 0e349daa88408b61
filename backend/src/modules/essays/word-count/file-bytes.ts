import { SpoolFile } from '../../../infra/storage/spool-file.js';

/**
 * A file's bytes copied as they stream past (an upload on its way to storage), so it need not be read back: one
 * resizable ArrayBuffer that reserves the file's limit but grows (in place, no copies) only as bytes arrive, so the
 * memory held is the file's size. `take()` hands over the buffer at exactly the file's length, ready to be
 * transferred to a worker (document-word-counter.ts) without a copy.
 *
 * `spill()` moves the bytes to a spool file and appends the rest there (the upload handed its slot on because its
 * client is slow: what it keeps must not stay in memory meanwhile); `take()` then reads them back once.
 */
export class FileBytes {
  private buffer: ArrayBuffer;
  private view: Uint8Array;
  private length = 0;
  /** Once spilled: the spool file. */
  private file: SpoolFile | undefined;
  /** Once spilling: every disk step chained in order (the spill, then each write), so a write waits for the spill. */
  private pending: Promise<void> | undefined;

  constructor(readonly maxBytes: number) {
    this.buffer = new ArrayBuffer(0, { maxByteLength: maxBytes });
    // Length-tracking: follows the buffer as it is resized.
    this.view = new Uint8Array(this.buffer);
  }

  get size(): number {
    return this.length;
  }

  /** Whether the bytes are kept in a spool file rather than in memory. */
  get spilled(): boolean {
    return this.pending !== undefined;
  }

  write(chunk: Uint8Array): void | Promise<void> {
    const needed = this.length + chunk.length;
    if (needed > this.maxBytes) throw new RangeError(`a file kept in memory is at most ${this.maxBytes} bytes`);
    this.length = needed;
    if (this.pending) return (this.pending = this.pending.then(() => this.file!.append(chunk)));
    // Grown by doubling (fewer resizes); pages never written are never committed, and take() trims the rest.
    if (needed > this.buffer.byteLength) this.buffer.resize(Math.min(this.maxBytes, Math.max(needed, this.buffer.byteLength * 2, 64 * 1024)));
    this.view.set(chunk, needed - chunk.length);
  }

  /** Moves the bytes so far to a spool file (their memory given back) and keeps the rest there. */
  spill(): Promise<void> {
    if (this.pending) return this.pending;
    const kept = this.view.subarray(0, this.length);
    this.pending = (async () => {
      this.file = await SpoolFile.open();
      await this.file.append(kept);
      this.buffer = new ArrayBuffer(0);
      this.view = new Uint8Array(0);
    })();
    return this.pending;
  }

  /** The bytes written, as an ArrayBuffer of exactly their length; this FileBytes is empty afterwards. */
  async take(): Promise<ArrayBuffer> {
    if (!this.pending) {
      const taken = this.buffer;
      taken.resize(this.length);
      this.clear();
      return taken;
    }
    try {
      await this.pending;
      const taken = new ArrayBuffer(this.length);
      await this.file!.readAll(new Uint8Array(taken));
      return taken;
    } finally {
      await this.discard();
    }
  }

  /** Lets go of the bytes, and closes the spool file if there is one (its space is freed). */
  async discard(): Promise<void> {
    await this.pending?.catch(() => undefined);
    const file = this.file;
    this.clear();
    await file?.close().catch(() => undefined);
  }

  private clear(): void {
    this.buffer = new ArrayBuffer(0);
    this.view = new Uint8Array(0);
    this.length = 0;
    this.file = undefined;
    this.pending = undefined;
  }
}
