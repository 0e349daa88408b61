import { RequestTimeoutException } from '@nestjs/common';
import { CLOSE_CONNECTION, coded } from '../errors.js';

export interface PaceLimits {
  /** The longest single wait for the client's next bytes, and the grace before the average rate counts. */
  idleMs: number;
  /** The average rate the body must keep up, over the time spent waiting for it. */
  minBytesPerSecond: number;
  /** All the waits together, however fast the body came before: what the rate earns is not banked for hours. */
  maxWaitMs: number;
}

/** How an upload's client has sent so far: what SlotHold reads to tell a slow client from a busy server. */
export interface ClientProgress {
  /** Bytes of file received. */
  readonly received: number;
  /** Time spent waiting for the client, the wait in progress included. */
  readonly waitedMs: number;
}

/**
 * Keeps a slow or stalled client (slowloris) from holding what its upload holds — a spool file and a connection,
 * an essay slot — for as long as it likes. Only time spent waiting for the client counts, not our own storage writes or
 * slot waits: no single wait longer than `idleMs`, and all of them together no longer than `idleMs` plus one
 * second per `minBytesPerSecond` received, nor than `maxWaitMs`. Past any of these, `stop` is called (it must
 * end the client's stream, so that the pending read settles) and the read fails with 408 UPLOAD_TIMEOUT.
 */
export class ClientPace implements ClientProgress {
  private waitedBeforeMs = 0;
  private waitingSince: number | undefined;
  private receivedBytes = 0;
  private failure: RequestTimeoutException | undefined;

  constructor(
    private readonly limits: PaceLimits,
    private readonly stop: (reason: Error) => void,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  get received(): number {
    return this.receivedBytes;
  }

  get waitedMs(): number {
    return this.waitedBeforeMs + (this.waitingSince === undefined ? 0 : this.clock() - this.waitingSince);
  }

  /** The 408 this upload ended with, once the client has been too slow. */
  get timedOut(): RequestTimeoutException | undefined {
    return this.failure;
  }

  /** The client's next part or chunk (`bytes` of it counted as received), if it comes within the pace. */
  async next<T>(source: AsyncIterator<T>, bytes: (value: T) => number = () => 0): Promise<IteratorResult<T>> {
    if (this.failure) throw this.failure;
    const earned = Math.min(this.limits.maxWaitMs, this.limits.idleMs + (this.receivedBytes * 1000) / this.limits.minBytesPerSecond);
    const credit = earned - this.waitedBeforeMs;
    const allowedMs = Math.max(0, Math.min(this.limits.idleMs, credit));
    const pending = source.next();
    const started = this.clock();
    this.waitingSince = started;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(this.timeOut(pending)), allowedMs);
    });
    try {
      const result = await Promise.race([pending, late]);
      if (!result.done) this.receivedBytes += bytes(result.value);
      return result;
    } finally {
      clearTimeout(timer);
      this.waitingSince = undefined;
      this.waitedBeforeMs += this.clock() - started;
    }
  }

  private timeOut(pending: Promise<unknown>): RequestTimeoutException {
    // The read we gave up on settles (as a rejection) once `stop` ends the stream: nobody waits for it.
    pending.catch(() => undefined);
    this.failure = new RequestTimeoutException({
      ...coded('UPLOAD_TIMEOUT', 'The upload was too slow and has been stopped. Please try again on a steadier connection.'),
      [CLOSE_CONNECTION]: true,
    });
    this.stop(this.failure);
    return this.failure;
  }
}
