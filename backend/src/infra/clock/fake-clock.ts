import { Clock } from './clock.service.js';

/**
 * A `Clock` the tests move instead of waiting (docs/architecture.md, "Time in tests").
 *
 * - `new FakeClock()` reads the real time and runs on with it: the end-to-end test app binds one, so everything
 *   behaves as in production until a test calls `advance` (then it runs on from the later instant).
 * - `new FakeClock(at)` stands still at `at` until it is set or advanced: unit tests that compare exact instants.
 */
export class FakeClock extends Clock {
  /** Milliseconds added to the real time (running clock), or the instant it shows (standing clock). */
  private offsetMs = 0;
  private standingAt: number | undefined;

  constructor(at?: Date) {
    super();
    if (at) this.standingAt = at.getTime();
  }

  override now(): Date {
    return new Date(this.standingAt ?? Date.now() + this.offsetMs);
  }

  /** From now on the clock reads `at` (a running clock runs on from there; a standing one stays there). */
  set(at: Date): this {
    if (this.standingAt !== undefined) this.standingAt = at.getTime();
    else this.offsetMs = at.getTime() - Date.now();
    return this;
  }

  /** Moves the clock `ms` forward, as if that much time had passed (timers due meanwhile are not run: see `test/support/time.ts`). */
  advance(ms: number): this {
    if (ms < 0) throw new Error(`FakeClock.advance(${ms}): time only moves forward; use set() to go back`);
    if (this.standingAt !== undefined) this.standingAt += ms;
    else this.offsetMs += ms;
    return this;
  }

  /** Back to the real time, running (what a test file's `afterEach` does so the next test starts from "now"). */
  reset(): this {
    this.offsetMs = 0;
    this.standingAt = undefined;
    return this;
  }
}
