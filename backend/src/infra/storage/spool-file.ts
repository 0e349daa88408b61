import { randomUUID } from 'node:crypto';
import { open, unlink, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { serviceBusy } from '../../common/errors.js';

/**
 * A body of unknown length written to a temporary file as it arrives, so that what it costs in memory does not
 * grow with its size, with how slowly its client sends it, or with how many arrive at once (S3 needs a length for
 * every PUT and part, so a body is held somewhere until a part is complete). The file is unlinked as soon as it
 * is open: only this handle reaches it, and a process that dies leaves nothing on disk. A full or failing disk is
 * the server's trouble, not the client's: opening, appending and reading back fail with 503 SERVICE_BUSY.
 */
export class SpoolFile {
  private written = 0;

  private constructor(private readonly handle: FileHandle) {}

  /** In the OS's temporary directory (TMPDIR), readable and writable by this process only. */
  static async open(directory = tmpdir()): Promise<SpoolFile> {
    const path = join(directory, `redpen-upload-${randomUUID()}`);
    const handle = await open(path, 'wx+', 0o600).catch((error: unknown) => Promise.reject(diskTrouble(error)));
    await unlink(path).catch(async (error: unknown) => {
      await handle.close();
      throw diskTrouble(error);
    });
    return new SpoolFile(handle);
  }

  /** Bytes appended so far. */
  get size(): number {
    return this.written;
  }

  /** Appends a chunk (the caller may reuse it once this resolves). */
  async append(chunk: Uint8Array): Promise<void> {
    for (let offset = 0; offset < chunk.length; ) {
      const { bytesWritten } = await this.handle.write(chunk, offset, chunk.length - offset, this.written).catch((error: unknown) => Promise.reject(diskTrouble(error)));
      offset += bytesWritten;
      this.written += bytesWritten;
    }
  }

  /** Everything appended, read back into `target` (at least `size` bytes long). */
  async readAll(target: Uint8Array): Promise<void> {
    for (let offset = 0; offset < this.written; ) {
      const { bytesRead } = await this.handle.read(target, offset, this.written - offset, offset).catch((error: unknown) => Promise.reject(diskTrouble(error)));
      if (bytesRead === 0) throw new Error(`the spool file ended at ${offset} of ${this.written} bytes`);
      offset += bytesRead;
    }
  }

  /** The bytes from `start` up to (not including) `end`, streamed from the file. */
  read(start: number, end: number): Readable {
    return this.handle.createReadStream({ start, end: end - 1, autoClose: false });
  }

  /** Gives the file back (it has no name left: closing it frees its space). */
  async close(): Promise<void> {
    await this.handle.close();
  }
}

/** A full or failing disk under the spool: 503, try again later. Any other error is a fault and passes through. */
function diskTrouble(error: unknown): unknown {
  const code = (error as { code?: string })?.code;
  if (code !== 'ENOSPC' && code !== 'EDQUOT' && code !== 'EIO' && code !== 'EROFS') return error;
  return serviceBusy('Uploads are unavailable for a moment. Please try again shortly.', 30);
}
