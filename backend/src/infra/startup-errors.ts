const HOW_TO_START =
  'Start it with "docker compose up -d postgres redis" or install the system packages (apt install postgresql redis-server).';

/** A failure to reach a named dependency at start-up. */
export class StartupError extends Error {
  constructor(readonly service: string, readonly url: string, readonly cause: unknown) {
    super(`${service} failed: ${(cause as Error)?.message ?? String(cause)}`);
  }
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', 'EAI_AGAIN']);

/** Turns the usual start-up failures into one line that says what to do. */
export function describeStartupError(error: unknown): string {
  if (error instanceof StartupError) {
    const code = (error.cause as { code?: string })?.code;
    const { host } = new URL(error.url);
    if (code && UNREACHABLE.has(code)) return `${error.service} is not reachable at ${host}. ${HOW_TO_START}`;
    return `${error.service} at ${host} refused the connection: ${(error.cause as Error)?.message ?? error.message}`;
  }
  const code = (error as { code?: string })?.code;
  const message = (error as Error)?.message ?? String(error);
  if (code === 'EADDRINUSE') return `The port is already in use (${message}); stop the other process or set PORT.`;
  return `Redpen failed to start: ${message}`;
}
