/**
 * A file's bytes copied as they stream past (an upload on its way to storage), so it need not be read back: one
 * resizable ArrayBuffer that reserves the file's limit but grows (in place, no copies) only as bytes arrive, so the
 * memory held is the file's size. `take()` hands over the buffer at exactly the file's length, ready to be
 * transferred to a worker (document-word-counter.ts) without a copy.
 */
export class FileBytes {
  private buffer: ArrayBuffer;
  private view: Uint8Array;
  private length = 0;

  constructor(readonly maxBytes: number) {
    this.buffer = new ArrayBuffer(0, { maxByteLength: maxBytes });
    // Length-tracking: follows the buffer as it is resized.
    this.view = new Uint8Array(this.buffer);
  }

  get size(): number {
    return this.length;
  }

  write(chunk: Uint8Array): void {
    const needed = this.length + chunk.length;
    if (needed > this.maxBytes) throw new RangeError(`a file kept in memory is at most ${this.maxBytes} bytes`);
    // Grown by doubling (fewer resizes); pages never written are never committed, and take() trims the rest.
    if (needed > this.buffer.byteLength) this.buffer.resize(Math.min(this.maxBytes, Math.max(needed, this.buffer.byteLength * 2, 64 * 1024)));
    this.view.set(chunk, this.length);
    this.length = needed;
  }

  /** The bytes written, as an ArrayBuffer of exactly their length; this FileBytes is empty afterwards. */
  take(): ArrayBuffer {
    const taken = this.buffer;
    taken.resize(this.length);
    this.buffer = new ArrayBuffer(0);
    this.view = new Uint8Array(0);
    this.length = 0;
    return taken;
  }
}
