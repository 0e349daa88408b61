/** Longest a shutdown may take before the process exits anyway: under the 30 s most orchestrators allow. */
export const SHUTDOWN_DEADLINE_MS = 25_000;

/**
 * A last resort beside Nest's shutdown hooks: once SIGTERM or SIGINT arrives, the process exits after
 * SHUTDOWN_DEADLINE_MS whatever is still closing (a dependency that never answers), instead of hanging until
 * it is killed. The timer does not keep an otherwise finished process alive.
 */
export function armShutdownDeadline(log: (message: string) => void, deadlineMs = SHUTDOWN_DEADLINE_MS): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      setTimeout(() => {
        log(`shutdown still running after ${deadlineMs / 1000} s: exiting anyway`);
        process.exit(1);
      }, deadlineMs).unref();
    });
  }
}
